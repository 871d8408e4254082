// Smaller hardening: bodies bounded before any route reads them; nosniff on every answer, and HSTS on every
// answer in production; whatever a signed-in person sees is private, no-store; the 'someone tried to sign up' mail is capped per recipient;
// a stranger's typed name never reaches mail as something a mail client would link.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SMALL_BODY_BYTES } from "~/platform/http/request-limits";
import { STRICT_TRANSPORT_SECURITY } from "~/platform/http/security-headers.server";
import worker from "../../workers/app";
import { createAccount } from "./auth-fixtures";
import { client, freshIp, signedIn } from "./client";
import { insertListing } from "./fixtures";
import { insertImages, rows } from "./public-fixtures";
import { backgroundWorkDone } from "./background";

/** A body sent in chunks with no Content-Length, as a client streaming forever would. */
function endless(bytes: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      const chunk = new Uint8Array(16 * 1024).fill(120);
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
}

describe("request bodies are bounded before they are read", () => {
  it("a declared Content-Length over the limit is refused unread with 413 {error}", async () => {
    const id = await insertListing();
    for (const [path, type] of [
      [`/api/profiles/${id}/like`, "application/json"],
      ["/api/auth/login", "application/json"],
      ["/age-verification", "application/x-www-form-urlencoded"],
      [`/report/${id}`, "application/x-www-form-urlencoded"],
    ]) {
      const res = await client().post(
        path,
        { raw: "x".repeat(SMALL_BODY_BYTES + 1), type },
        { headers: { "Content-Length": String(SMALL_BODY_BYTES + 1) } },
      );
      expect(res.status, path).toBe(413);
      expect(await res.json()).toEqual({ error: "Request body is too large" });
    }
  });

  it("a streamed body with no length is cut off at the limit, not read to the end", async () => {
    const res = await client().post("/age-verification", {
      raw: endless(50 * 1024 * 1024),
      type: "application/x-www-form-urlencoded",
    });
    expect(res.status).toBe(413);
  });

  it("a small body still reaches its route whole", async () => {
    const { email, password } = await createAccount();
    const res = await client().post("/api/auth/login", { json: { email, password } });
    expect(res.status).toBe(200);
    const form = await client().post("/age-verification", { form: { returnTo: "/faq" } });
    expect(form.headers.get("Location")).toBe("/faq");
  });

  it("a multipart body to a route that takes no files gets the small limit", async () => {
    const res = await client().post(
      "/age-verification",
      { raw: "x".repeat(1024 * 1024), type: "multipart/form-data; boundary=x" },
      { headers: { "Content-Length": String(1024 * 1024) } },
    );
    expect(res.status).toBe(413);
  });
});

describe("response headers", () => {
  it("JSON, single-fetch data and HTML answers all say nosniff", async () => {
    const id = await insertListing();
    for (const path of [
      "/api/grid",
      `/api/model/${id}`,
      "/api/search/suggest?q=a",
      "/_root.data",
      "/faq.data",
      `/view/${id}.data`,
      "/",
      "/api/nope",
    ]) {
      const res = await client().get(path);
      expect(res.headers.get("X-Content-Type-Options"), path).toBe("nosniff");
    }
  });

  it("the admin grid and a hidden listing's page are private, no-store; a visitor's page is not forced so", async () => {
    const admin = await signedIn({ admin: true });
    const owner = await signedIn();
    const hidden = await insertListing({ userId: owner.userId, live: false, verified: false });
    for (const [path, who] of [
      ["/", admin],
      ["/locations/Auckland", admin],
      [`/view/${hidden}`, admin],
      [`/view/${hidden}`, owner],
      [`/view/${hidden}.data`, owner],
    ] as const) {
      const res = await who.client.get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("Cache-Control"), path).toBe("private, no-store");
    }
    const anonymous = await client().get("/faq");
    expect(anonymous.headers.get("Cache-Control") ?? "").not.toContain("private");
  });
});

describe("HSTS", () => {
  const SITE = "https://kiwicompanions.co.nz";
  /** The Worker as deployed (APP_ENV=production, wrangler.toml), asked over https as a browser would. */
  async function inProduction(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set("Cookie", "age_verified=1");
    headers.set("CF-Connecting-IP", freshIp());
    const ctx = createExecutionContext();
    const res = await worker.fetch!(
      new Request(`${SITE}${path}`, { ...init, headers, redirect: "manual" }) as Request<
        unknown,
        IncomingRequestCfProperties
      >,
      { ...env, APP_ENV: "production", SITE_ORIGIN: SITE },
      ctx,
    );
    await res.arrayBuffer();
    await waitOnExecutionContext(ctx);
    return res;
  }

  /** A live listing with one photo in R2: its page, its JSON and the photo's bytes can all be asked for. */
  async function listingWithPhoto() {
    const id = await insertListing();
    await insertImages(id, [1]);
    const [{ r2_key }] = await rows<{ r2_key: string }>("SELECT r2_key FROM listing_images WHERE listing_id = ?", id);
    await env.PHOTOS.put(r2_key, new Uint8Array([82, 73, 70, 70]), { httpMetadata: { contentType: "image/webp" } });
    return { id, photo: `/photos/${r2_key}` };
  }

  it("in production every answer carries it: pages, JSON, .data, redirects, errors, 404s, photos, a 413", async () => {
    const { id, photo } = await listingWithPhoto();
    const answers: [string, Promise<Response>, number][] = [
      ["page", inProduction("/faq"), 200],
      ["listing page", inProduction(`/view/${id}`), 200],
      ["JSON", inProduction("/api/grid"), 200],
      ["listing JSON", inProduction(`/api/model/${id}`), 200],
      ["single-fetch data", inProduction("/_root.data"), 200],
      ["listing data", inProduction(`/view/${id}.data`), 200],
      ["photo", inProduction(photo), 200],
      ["missing photo", inProduction("/photos/listing/nothing-here.webp"), 404],
      ["redirect", inProduction("/no/such/page"), 302],
      ["API 404", inProduction("/api/nope"), 404],
      ["bad placeholder", inProduction("/api/placeholder/a/b"), 400],
      [
        "bad JSON",
        inProduction("/api/auth/login", {
          method: "POST",
          body: "{",
          headers: { "Content-Type": "application/json", Origin: SITE },
        }),
        400,
      ],
      [
        "cross-site write",
        inProduction("/api/auth/login", {
          method: "POST",
          body: "{}",
          headers: { "Content-Type": "application/json", Origin: "https://evil.example" },
        }),
        403,
      ],
      [
        "too large",
        inProduction("/api/auth/login", {
          method: "POST",
          body: "x".repeat(SMALL_BODY_BYTES + 1),
          headers: { "Content-Type": "application/json", Origin: SITE },
        }),
        413,
      ],
    ];
    for (const [what, answer, status] of answers) {
      const res = await answer;
      expect(res.status, what).toBe(status);
      expect(res.headers.get("Strict-Transport-Security"), `${what} (${res.status})`).toBe(STRICT_TRANSPORT_SECURITY);
      expect(res.headers.get("X-Content-Type-Options"), what).toBe("nosniff");
    }
    // A page served from the page cache carries it as the first render did.
    const again = await inProduction("/faq");
    expect(again.headers.get("Strict-Transport-Security")).toBe(STRICT_TRANSPORT_SECURITY);
  });

  it("local development (plain http) sends it on no answer", async () => {
    const { id, photo } = await listingWithPhoto();
    for (const path of ["/faq", "/api/grid", `/view/${id}.data`, photo, "/no/such/page", "/api/nope"]) {
      const res = await client().get(path);
      await res.arrayBuffer();
      expect(res.headers.get("Strict-Transport-Security"), path).toBeNull();
    }
  });
});

describe("mail a stranger can cause", () => {
  it("'someone tried to sign up with your address' goes once per recipient per day", async () => {
    const { email } = await createAccount({ firstName: "Mere" });
    for (let i = 0; i < 4; i++) {
      const res = await client().post("/api/users/signup", {
        json: { firstName: "Someone", lastName: "", email, password: "long enough pw 1", agency: "false" },
      });
      expect(res.status).toBe(201);
    }
    await backgroundWorkDone();
    const mails = await env.DB.prepare("SELECT subject FROM dev_outbox WHERE to_address = ?")
      .bind(email)
      .all<{ subject: string }>();
    expect(mails.results.filter((m) => m.subject.includes("tried to sign up"))).toHaveLength(1);
  });

  it("a name typed at sign-up that a mail client could link is left out of the greeting", async () => {
    const email = `victim-${Date.now()}@test.nz`;
    const res = await client().post("/api/users/signup", {
      json: { firstName: "evil.example/login", lastName: "", email, password: "long enough pw 1", agency: "false" },
    });
    expect(res.status).toBe(201);
    await backgroundWorkDone();
    const mail = await env.DB.prepare("SELECT text_body, html_body FROM dev_outbox WHERE to_address = ?")
      .bind(email)
      .first<{ text_body: string; html_body: string }>();
    expect(mail).not.toBeNull();
    expect(mail!.text_body + mail!.html_body).not.toContain("evil.example");
    expect(mail!.text_body).toContain("Hi there,");
  });
});
