import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { client } from "./client";
import { insertListing } from "./fixtures";
import { ShortStringEncoder } from "~/platform/http/short-string-encoder";
import "../../workers/app";

const visitor = client();

describe("the Worker's own routes", () => {
  it("runs with the short-string TextEncoder installed before React loaded", async () => {
    expect(new TextEncoder()).toBeInstanceOf(ShortStringEncoder);
    // React's renderer still writes whole, correct pages with it (a name with macrons takes the native path).
    const id = await insertListing({ firstName: "Mārama" });
    const html = await (await client().get(`/view/${id}`)).text();
    expect(html).toContain("Mārama");
    expect(html).toContain("</body></html>");
  });

  it("serves a live listing's photos from R2 with short public caching and 304s", async () => {
    await env.PHOTOS.put("listing/abcdefghijklmnopqrstuvwx.webp", new Uint8Array([1, 2, 3]), {
      httpMetadata: { contentType: "image/webp" },
    });
    const id = await insertListing();
    await env.DB.prepare(
      "INSERT INTO listing_images (id, listing_id, r2_key, position, width, height, created_at) VALUES ('img0000000000001', ?, 'listing/abcdefghijklmnopqrstuvwx.webp', 1, 600, 800, 1)",
    )
      .bind(id)
      .run();
    const res = await visitor.get("/photos/listing/abcdefghijklmnopqrstuvwx.webp");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/webp");
    // Minutes, not a year: a hidden listing's photos must stop being shown (decision 0006).
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=300");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
    const again = await visitor.get("/photos/listing/abcdefghijklmnopqrstuvwx.webp", {
      headers: { "If-None-Match": res.headers.get("ETag")! },
    });
    expect(again.status).toBe(304);
  });

  it("never serves keys outside the public photo prefix", async () => {
    await env.PHOTOS.put("private/verification/abc.webp", new Uint8Array([9]));
    for (const path of [
      "/photos/private/verification/abc.webp",
      "/photos/listing/../private/verification/abc.webp",
      "/photos/listing/missing00000000000000000.webp",
    ]) {
      const res = await visitor.get(path);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ error: "Photo not found" });
    }
  });

  it("draws placeholders and refuses silly sizes", async () => {
    const ok = await visitor.get("/api/placeholder/300/400");
    expect(ok.status).toBe(200);
    expect(ok.headers.get("Content-Type")).toBe("image/svg+xml");
    expect(await ok.text()).toContain('width="300"');
    for (const path of ["/api/placeholder/0/400", "/api/placeholder/99999/1", "/api/placeholder/a/b"]) {
      const res = await visitor.get(path);
      expect(res.status, path).toBe(400);
      expect(await res.json()).toHaveProperty("error");
    }
  });

  it("sends security headers with every page", async () => {
    // A fresh render (the page cache answers anonymous "/" with script hashes instead: page-cache.test.ts).
    const res = await visitor.get("/login");
    const csp = res.headers.get("Content-Security-Policy")!;
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    // Local development runs over http: no HSTS there.
    expect(res.headers.get("Strict-Transport-Security")).toBeNull();
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    const html = await res.text();
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attrs of scripts) expect(attrs).toContain(`nonce="${nonce}"`);
  });

  it("redirects unknown routes home and answers unknown API paths with JSON", async () => {
    const res = await visitor.get("/no/such/page");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
    const api = await visitor.get("/api/nothing-here");
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ error: "Not found" });
  });

  it("shows the age gate until the visitor confirms, and confirming works without JavaScript", async () => {
    const firstVisit = client({ ageVerified: false });
    const first = await firstVisit.get("/");
    expect(await first.text()).toContain("I am 18+ years old");
    const confirm = await firstVisit.post(
      "/age-verification",
      { form: { returnTo: "/locations/Auckland" } },
      { headers: { Origin: "http://localhost" } },
    );
    expect(confirm.status).toBe(302);
    expect(confirm.headers.get("Location")).toBe("/locations/Auckland");
    expect(confirm.headers.get("Set-Cookie")).toMatch(/^age_verified=1;/);
    const after = await visitor.get("/");
    expect(await after.text()).not.toContain("I am 18+ years old");
  });

  it("refuses a form post started on another site", async () => {
    const res = await client({ ageVerified: false }).post(
      "/age-verification",
      { form: { returnTo: "/" } },
      { headers: { Origin: "https://evil.example" } },
    );
    expect(res.status).toBe(403);
    expect(res.headers.get("Set-Cookie")).toBeNull();
  });
});
