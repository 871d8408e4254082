// What the grid pages say about their own figures and filters: the 'Verified' chip says what it filters (every
// public listing is ID-verified), and the region counts say they include listings touring a region today.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { VERIFIED_NOTE, VERIFIED_TITLE } from "~/features/catalogue/filters";
import { TOURING_COUNTS_NOTE } from "~/core/regions";
import { nzDate } from "~/platform/time/nz-time";
import { client } from "./client";
import { insertListing } from "./fixtures";

const visitor = client();

/** The page's text as a reader gets it (React escapes quotes and splits text runs). */
async function page(path: string): Promise<string> {
  const html = await (await visitor.get(path)).text();
  return html
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"');
}

describe("the grid pages' notes", () => {
  it("says what 'Verified' filters: on the chip, and beside the bar when it is chosen", async () => {
    await insertListing({ firstName: "Ana" });
    const home = await page("/");
    expect(home).toMatch(new RegExp(`href="/\\?show=verified" title="${VERIFIED_TITLE}">Verified<`));
    expect(home).not.toContain(VERIFIED_NOTE);
    const verified = await page("/?show=verified");
    expect(verified).toContain(VERIFIED_NOTE);
    expect(await page("/locations/Auckland?show=verified")).toContain(VERIFIED_NOTE);
  });

  it("says the region counts include touring listings while they add up to more than All New Zealand", async () => {
    const id = await insertListing({ firstName: "Tui", location: "Auckland" });
    await insertListing({ firstName: "Mere", location: "Wellington" });
    expect(await page("/")).not.toContain(TOURING_COUNTS_NOTE);
    const today = nzDate(Date.now());
    await env.DB.prepare(
      "INSERT INTO tour_stops (listing_id, position, region, suburb, start_date, end_date) VALUES (?, 1, 'Wellington', NULL, ?, ?)",
    )
      .bind(id, today, today)
      .run();
    const home = await page("/");
    // Auckland 1 and Wellington 2 (one touring), All New Zealand 2.
    expect(home).toMatch(/All New Zealand<span[^>]*>2<\/span>/);
    expect(home).toMatch(/Wellington<span[^>]*>2<\/span>/);
    expect(home).toContain(TOURING_COUNTS_NOTE);
    expect(await page("/locations/Wellington")).toContain(TOURING_COUNTS_NOTE);
  });
});
