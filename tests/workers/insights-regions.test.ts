// Profile views by visitor region (docs/decisions/0032-region-breakdown.md): the region comes
// from request.cf when a view is counted, goes through the real count queue, and its consumer adds it to one
// row per listing per day per region. Nothing per visitor is kept, and the page masks counts under 5.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { countDay } from "~/platform/http/client-address";
import { client, freshIp, signedIn } from "./client";
import { insertListing } from "./fixtures";
import { rows } from "./public-fixtures";
import { sleep } from "./background";

const CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";
const browser = { headers: { "User-Agent": CHROME } };

type RegionRow = { region: string; views: number };

async function regionRowsOf(id: string): Promise<RegionRow[]> {
  return rows<RegionRow>(
    "SELECT region, views FROM listing_region_daily WHERE listing_id = ? AND day = ? ORDER BY region",
    id,
    countDay(Date.now()),
  );
}

async function until(id: string, expected: RegionRow[], ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await regionRowsOf(id);
    if (JSON.stringify(value) === JSON.stringify(expected)) return;
    if (Date.now() > deadline) expect(value).toEqual(expected);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("profile views by region, through the count queue", () => {
  it("adds each visitor's view once to their region's day, and keeps no region with the marks", async () => {
    const id = await insertListing();
    const auckland = freshIp();
    const view = (ip: string, cf: Record<string, unknown>) => client({ ip }).get(`/view/${id}`, { ...browser, cf });
    // The same Auckland visitor three times counts once.
    for (let i = 0; i < 3; i++) {
      expect((await view(auckland, { country: "NZ", region: "Auckland", regionCode: "AUK" })).status).toBe(200);
    }
    await view(freshIp(), { country: "NZ", region: "Auckland", regionCode: "AUK" });
    await view(freshIp(), { country: "NZ", region: "Otago", regionCode: "OTA" });
    await view(freshIp(), { country: "AU", region: "New South Wales", regionCode: "NSW" });
    await view(freshIp(), {});
    await until(id, [
      { region: "AUK", views: 2 },
      { region: "OTA", views: 1 },
      { region: "abroad", views: 1 },
      { region: "unknown", views: 1 },
    ]);
    const [daily] = await rows<{ views: number }>("SELECT views FROM listing_daily WHERE listing_id = ?", id);
    expect(daily.views).toBe(5);
    // The marks (the only per-visitor trace, keyed hashes swept after two days) hold no region.
    const columns = await rows<{ name: string }>("SELECT name FROM pragma_table_info('count_marks')");
    expect(columns.map((c) => c.name)).not.toContain("region");
    // A bot's view adds nothing to any region.
    await client({ ip: freshIp() }).get(`/view/${id}`, {
      headers: { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1)" },
      cf: { country: "NZ", regionCode: "CAN" },
    });
    await sleep(2500);
    expect((await regionRowsOf(id)).map((r) => r.region)).not.toContain("CAN");
  });
});

describe("the insights page's region breakdown", () => {
  it("shows counts under 5 as 'fewer than 5', over the range, for the owner's listing only", async () => {
    const owner = await signedIn({});
    const mine = await insertListing({ userId: owner.userId });
    const other = await insertListing();
    const add = (listing: string, daysAgo: number, region: string, views: number) =>
      env.DB.prepare("INSERT INTO listing_region_daily (listing_id, day, region, views) VALUES (?, ?, ?, ?)")
        .bind(listing, countDay(Date.now() - daysAgo * 86_400_000), region, views)
        .run();
    await add(mine, 0, "AUK", 30);
    await add(mine, 3, "AUK", 12);
    await add(mine, 1, "WGN", 4);
    await add(mine, 2, "abroad", 1);
    await add(mine, 60, "OTA", 9);
    await add(other, 0, "CAN", 500);
    const html = await (await owner.client.get(`/dashboard/insights?listing=${mine}&days=30`)).text();
    const section = html.slice(html.indexOf('data-testid="insights-regions"'));
    expect(section).toContain("Auckland</th><td");
    expect(section).toMatch(/Auckland<\/th><td[^>]*>42</);
    expect(section).toMatch(/Wellington<\/th><td[^>]*>fewer than 5</);
    expect(section).toMatch(/Outside New Zealand<\/th><td[^>]*>fewer than 5</);
    expect(section).not.toContain("Otago");
    expect(section).not.toContain("Canterbury");
    expect(html).not.toContain(">500<");
  });
});
