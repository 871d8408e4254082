// Insights retention: daily rows are kept 400 days, then folded into months by the cron's sweep.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { countDay } from "~/platform/http/client-address";
import { foldOldInsights } from "~/features/insights/retention.server";
import { insertListing } from "./fixtures";
import { rows } from "./public-fixtures";

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 26, 12);

describe("insights retention", () => {
  it("folds days older than 400 into their month, keeps the rest, and adds nothing twice", async () => {
    const id = await insertListing();
    const day = (ago: number) => countDay(NOW - ago * DAY);
    for (const [ago, impressions] of [
      [430, 10],
      [431, 5],
      [401, 7],
      [399, 100],
    ] as const) {
      await env.DB.prepare("INSERT INTO listing_daily (listing_id, day, impressions, views) VALUES (?, ?, ?, 1)")
        .bind(id, day(ago), impressions)
        .run();
    }
    await env.DB.prepare("INSERT INTO listing_photo_daily (listing_id, day, photo, shown) VALUES (?, ?, 'p.webp', 3)")
      .bind(id, day(430))
      .run();

    expect(await foldOldInsights(env, NOW)).toBe(3);
    expect(await rows("SELECT day, impressions FROM listing_daily")).toEqual([{ day: day(399), impressions: 100 }]);
    const months = await rows<{ month: string; impressions: number; views: number }>(
      "SELECT month, impressions, views FROM listing_monthly_insights ORDER BY month",
    );
    const expected = new Map<string, { impressions: number; views: number }>();
    for (const [ago, n] of [
      [430, 10],
      [431, 5],
      [401, 7],
    ] as const) {
      const month = day(ago).slice(0, 7);
      const was = expected.get(month) ?? { impressions: 0, views: 0 };
      expected.set(month, { impressions: was.impressions + n, views: was.views + 1 });
    }
    expect(months).toEqual([...expected].sort().map(([month, v]) => ({ month, ...v })));
    expect(await rows("SELECT photo FROM listing_photo_daily")).toEqual([]);
    // The next sweep finds nothing more to fold.
    expect(await foldOldInsights(env, NOW)).toBe(0);
    expect(await rows("SELECT SUM(impressions) AS n FROM listing_monthly_insights")).toEqual([{ n: 22 }]);
  });
});
