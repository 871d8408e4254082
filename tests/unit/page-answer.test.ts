// The page-answer layer (docs/decisions/0037-one-page-answer-layer.md): what a private page's answer, meta
// and `headers` export hold, as pure rules.
import { describe, expect, it } from "vitest";
import { pageTitle, privateMeta } from "~/features/site/seo";
import { NOINDEX, NO_STORE, noStore, pipeHeaders, PRIVATE_NO_STORE } from "~/platform/http/page-answer";
import { privateData, privateRedirect } from "~/platform/http/page-answer.server";

const pipe = (loader: HeadersInit, action: HeadersInit = {}) =>
  new Headers(
    pipeHeaders({
      loaderHeaders: new Headers(loader),
      actionHeaders: new Headers(action),
      parentHeaders: new Headers(),
      errorHeaders: undefined,
    }),
  );

describe("private answers", () => {
  it("say no-store, and private as well where the URL's public copy is cached", () => {
    expect(NO_STORE).toEqual({ "Cache-Control": "no-store" });
    expect(PRIVATE_NO_STORE).toEqual({ "Cache-Control": "private, no-store" });
  });

  it("noStore keeps the caller's headers and overrides any Cache-Control it had", () => {
    const headers = noStore({ "Cache-Control": "public, max-age=60", "Referrer-Policy": "strict-origin" });
    expect(headers.get("Cache-Control")).toBe("no-store");
    expect(headers.get("Referrer-Policy")).toBe("strict-origin");
    expect(noStore().get("Cache-Control")).toBe("no-store");
  });

  it("privateData and privateRedirect keep the status and add no-store to what is given", () => {
    const answer = privateData({ ok: false }, 409);
    expect(answer.init?.status).toBe(409);
    expect(new Headers(answer.init?.headers).get("Cache-Control")).toBe("no-store");
    const withCookie = privateData(null, { status: 201, headers: { "Set-Cookie": "a=1" } });
    expect(withCookie.init?.status).toBe(201);
    expect(new Headers(withCookie.init?.headers).get("Set-Cookie")).toBe("a=1");
    expect(privateData(1).init?.status).toBeUndefined();

    const away = privateRedirect("/login", 303);
    expect(away.status).toBe(303);
    expect(away.headers.get("Location")).toBe("/login");
    expect(away.headers.get("Cache-Control")).toBe("no-store");
    expect(privateRedirect("/admin").status).toBe(302);
  });
});

describe("pipeHeaders", () => {
  it("carries the loader's headers to the document", () => {
    const out = pipe({ "Cache-Control": "no-store", "Referrer-Policy": "strict-origin" });
    expect(out.get("Cache-Control")).toBe("no-store");
    expect(out.get("Referrer-Policy")).toBe("strict-origin");
  });

  it("lets the action's headers win after a post without JavaScript", () => {
    const out = pipe({ "Cache-Control": "public, max-age=60", Vary: "Cookie" }, { "Cache-Control": "no-store" });
    expect(out.get("Cache-Control")).toBe("no-store");
    expect(out.get("Vary")).toBe("Cookie");
  });

  it("leaves Set-Cookie to Remix, which keeps every cookie itself", () => {
    const out = pipe({ "Set-Cookie": "a=1" }, { "Set-Cookie": "b=2" });
    expect(out.get("Set-Cookie")).toBeNull();
  });

  it("adds nothing to a public page that said nothing", () => {
    expect([...pipe({}).keys()]).toEqual([]);
  });
});

describe("privateMeta", () => {
  it("titles by the one title rule and keeps the page out of search engines", () => {
    expect(privateMeta("Dashboard")).toEqual([{ title: "Dashboard | Kiwi Companions" }, NOINDEX]);
    expect(privateMeta("Report  Ruby")).toEqual([{ title: pageTitle("Report Ruby") }, NOINDEX]);
    expect(NOINDEX).toEqual({ name: "robots", content: "noindex" });
  });
});
