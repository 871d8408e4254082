// A list that cannot be read (here: D1 really failing, its table renamed away) is logged and shown empty
// with a retry, inside the normal page (spec public §8); never the site-wide error page or a 500.
import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { client } from "./client";
import { insertListing } from "./fixtures";

afterEach(() => vi.restoreAllMocks());

async function page(path: string) {
  const res = await client().get(path);
  return { status: res.status, html: await res.text() };
}

describe("pages fail soft when their list cannot be read", () => {
  it("home and region screens render an empty list with a retry when the listings cannot be read", async () => {
    await insertListing({ firstName: "Ariana", location: "Auckland" });
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    await env.DB.prepare("ALTER TABLE listings RENAME TO listings_unreachable").run();
    for (const path of ["/", "/locations/Auckland", "/?age=18-24&page=2"]) {
      const { status, html } = await page(path);
      expect(status, path).toBe(200);
      expect(html, path).toContain("The listings could not be loaded just now.");
      expect(html, path).toContain("Try again");
      expect(html, path).not.toContain("Something went wrong");
      // The rest of the page is there: the header's search and the region selector.
      expect(html, path).toContain('role="search"');
      expect(html, path).toContain('data-testid="region-bar"');
    }
    expect(logged.mock.calls.some((c) => String(c[0]).includes("listing list failed to load"))).toBe(true);
  });

  it("failed counts leave the cards: each part of the screen fails on its own", async () => {
    await insertListing({ firstName: "Ariana", location: "Auckland" });
    vi.spyOn(console, "error").mockImplementation(() => {});
    await env.DB.prepare("ALTER TABLE listing_facets RENAME TO listing_facets_unreachable").run();
    const { status, html } = await page("/");
    expect(status).toBe(200);
    expect(html).toContain("Ariana");
    expect(html).not.toContain("could not be loaded");
  });

  it("search renders its heading and a retry when the search cannot run", async () => {
    // A matching name, so the search gets as far as reading listings (a name nobody has reads none).
    await insertListing({ firstName: "Ariana" });
    vi.spyOn(console, "error").mockImplementation(() => {});
    await env.DB.prepare("ALTER TABLE listings RENAME TO listings_unreachable").run();
    const { status, html } = await page("/search?q=Ariana");
    expect(status).toBe(200);
    expect(html).toContain("Search Results for");
    expect(html).toContain("The search results could not be loaded just now.");
    expect(html).not.toContain("Something went wrong");
  });
});
