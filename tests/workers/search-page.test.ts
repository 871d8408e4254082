// /search?q=: every result, page after page (no cap at 48), through the no-JS 'More results' link that
// endless scroll also follows; hostile text and cursors get a normal page.
import { describe, expect, it } from "vitest";
import { client } from "./client";
import { insertListing } from "./fixtures";

async function page(path: string) {
  const res = await client().get(path);
  return { status: res.status, html: await res.text() };
}

const cardIds = (html: string) => [...html.matchAll(/href="\/profile\/([A-Za-z0-9_-]+)"/g)].map((m) => m[1]);
const moreHref = (html: string) =>
  /<a[^>]*href="([^"]*)"[^>]*data-testid="more-link"|<a[^>]*data-testid="more-link"[^>]*href="([^"]*)"/
    .exec(html)
    ?.slice(1)
    .find(Boolean)
    ?.replace(/&amp;/g, "&");

describe("/search pages", () => {
  it("shows every result once, 48 at a time, in rank order", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) ids.push(await insertListing({ firstName: "Joanna", listedAt: i }));
    for (let i = 0; i < 20; i++) ids.push(await insertListing({ firstName: "Annabel", listedAt: i }));
    await insertListing({ firstName: "Bob" });

    const first = await page("/search?q=anna");
    expect(first.status).toBe(200);
    const one = cardIds(first.html);
    expect(one).toHaveLength(48);
    // Prefix matches (900) before contained ones (800), each in grid order (newest first).
    expect(one.slice(0, 20)).toEqual(ids.slice(50).reverse());
    const href = moreHref(first.html);
    expect(href).toMatch(/^\/search\?q=anna&after=/);

    const second = await page(href!);
    expect(second.status).toBe(200);
    const two = cardIds(second.html);
    expect(two).toHaveLength(22);
    expect(moreHref(second.html)).toBeUndefined();
    expect(second.html).toContain("Back to the first results");
    expect([...one, ...two].sort()).toEqual([...ids].sort());
    expect([...one, ...two]).toEqual([...ids.slice(50).reverse(), ...ids.slice(0, 50).reverse()]);
  });

  it("answers a normal page for hostile text and cursors", async () => {
    await insertListing({ firstName: "Anna" });
    for (const path of [
      `/search?q=${encodeURIComponent('"an" NEAR(a b) * OR name:an ^"')}`,
      `/search?q=${encodeURIComponent("\u0000\u0007an\u001b")}`,
      `/search?q=${"a".repeat(10_000)}`,
      `/search?q=${encodeURIComponent("%_*")}`,
      "/search?q=anna&after=not-a-cursor",
      `/search?q=anna&after=${"9".repeat(5000)}`,
      "/search?q=anna&after=900.1.5.abc'--",
      "/search?q=anna&after=1000.1.99999999999.zzzz",
      "/search?after=900.1.5.abc",
    ]) {
      const r = await page(path);
      expect(r.status, path.slice(0, 40)).toBe(200);
      expect(r.html, path.slice(0, 40)).toContain("Search Results for");
    }
    // A bad cursor starts from the top rather than failing.
    expect(cardIds((await page("/search?q=anna&after=nonsense")).html)).toHaveLength(1);
  });
});
