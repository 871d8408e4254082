// Private pages answer through the page-answer layer (docs/decisions/0037-one-page-answer-layer.md): the
// document says Cache-Control: no-store and robots noindex, under its title by the one title rule; a public
// page says neither, so the page cache can keep it (docs/decisions/0012-page-cache.md).
import { describe, expect, it } from "vitest";
import { client, signedIn } from "./client";
import { insertListing } from "./fixtures";

const NOINDEX = /<meta name="robots" content="noindex"\/?>/;

async function page(res: Response) {
  const html = await res.text();
  const title = html.match(/<title>([^<]*)<\/title>/)?.[1]?.replace(/&amp;/g, "&") ?? null;
  return { status: res.status, cache: res.headers.get("Cache-Control"), noindex: NOINDEX.test(html), title };
}

describe("private pages", () => {
  it("an owner's pages are no-store and noindex, under their own titles", async () => {
    const owner = await signedIn({ logIn: true });
    for (const [path, title] of [
      ["/dashboard", "Dashboard | Kiwi Companions"],
      ["/profile/new", "New Listing | Kiwi Companions"],
      ["/account/your-data", "Your data | Kiwi Companions"],
      ["/account/two-factor", "Two-factor sign-in | Kiwi Companions"],
      ["/verification", "Get Verified | Kiwi Companions"],
    ]) {
      expect(await page(await owner.client.get(path)), path).toEqual({
        status: 200,
        cache: "no-store",
        noindex: true,
        title,
      });
    }
  });

  it("the administrators' pages are no-store and noindex, the ones that had no headers export too", async () => {
    const admin = await signedIn({ admin: true });
    for (const [path, title] of [
      ["/admin", "Administration | Kiwi Companions"],
      ["/admin/reports", "Reports | Kiwi Companions"],
      ["/admin/audit", "Audit log | Kiwi Companions"],
      ["/admin/subscriptions", "Subscriptions | Kiwi Companions"],
      ["/admin/listing-actions", "Listing actions | Kiwi Companions"],
    ]) {
      expect(await page(await admin.client.get(path)), path).toEqual({
        status: 200,
        cache: "no-store",
        noindex: true,
        title,
      });
    }
  });

  it("a visitor's report form is no-store and noindex, and so is the action's answer to a post without JavaScript", async () => {
    const owner = await signedIn();
    const id = await insertListing({ userId: owner.userId, firstName: "Ruby", live: true, verified: true });
    expect(await page(await client().get(`/report/${id}`))).toEqual({
      status: 200,
      cache: "no-store",
      noindex: true,
      title: "Report Ruby | Kiwi Companions",
    });
    const refused = await page(await client().post(`/report/${id}`, { form: { reason: "" } }));
    expect(refused).toMatchObject({ status: 400, cache: "no-store", noindex: true });
  });

  it("a one-time link's page keeps its Referrer-Policy beside no-store", async () => {
    const res = await client().get(`/listing-check/${"A".repeat(43)}`);
    expect(res.headers.get("Referrer-Policy")).toBe("strict-origin");
    expect(await page(res)).toEqual({
      status: 400,
      cache: "no-store",
      noindex: true,
      title: "Still available? | Kiwi Companions",
    });
  });
});

describe("public pages", () => {
  it("a visitor's FAQ and a live profile are neither no-store nor noindex", async () => {
    const owner = await signedIn();
    const id = await insertListing({ userId: owner.userId, firstName: "Aria", live: true, verified: true });
    for (const path of ["/faq", `/view/${id}`]) {
      const seen = await page(await client().get(path));
      expect(seen.status, path).toBe(200);
      expect(seen.cache ?? "", path).not.toMatch(/no-store/);
      expect(seen.noindex, path).toBe(false);
    }
  });
});
