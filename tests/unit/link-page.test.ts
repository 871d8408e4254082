// The header policy of a page a one-time link opens (docs/decisions/0036-one-time-link-service.md): carried
// like every private page's (pipeHeaders), with the policy over it.
import { describe, expect, it } from "vitest";
import { LINK_PAGE_HEADERS, linkPageHeadersFunction } from "~/platform/http/link-page";

const headersFor = (loader: HeadersInit, action: HeadersInit = {}) =>
  new Headers(
    linkPageHeadersFunction({
      loaderHeaders: new Headers(loader),
      actionHeaders: new Headers(action),
      parentHeaders: new Headers(),
      errorHeaders: undefined,
    }),
  );

describe("linkPageHeadersFunction", () => {
  it("sets the policy over whatever the loader or the action said", () => {
    const out = headersFor({ "Cache-Control": "public, max-age=60" }, { "Referrer-Policy": "unsafe-url" });
    for (const [name, value] of Object.entries(LINK_PAGE_HEADERS)) expect(out.get(name)).toBe(value);
  });

  it("carries the loader's other headers, with the action's winning after a post", () => {
    const out = headersFor({ Vary: "Cookie", "Content-Language": "en" }, { "Content-Language": "mi" });
    expect(out.get("Vary")).toBe("Cookie");
    expect(out.get("Content-Language")).toBe("mi");
  });

  it("leaves Set-Cookie to Remix, which keeps every cookie itself", () => {
    expect(headersFor({ "Set-Cookie": "a=1" }, { "Set-Cookie": "b=2" }).get("Set-Cookie")).toBeNull();
  });
});
