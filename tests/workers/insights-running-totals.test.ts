// The insights page's per-photo and per-region sums come from running totals that triggers keep in step with
// the daily rows (docs/decisions/0039-running-totals.md): whatever writes a daily row, in whatever order, a
// range's sums equal the daily rows' sums, and the retention sweep keeps what a range still subtracts.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { countDay } from "~/platform/http/client-address";
import { flushMarks } from "~/features/insights/count-flush.server";
import type { CountMark } from "~/features/insights/count-events";
import { loadInsights } from "~/features/insights/insights.server";
import { loadInsightsPage } from "~/features/insights/insights-page.server";
import { foldOldInsights } from "~/features/insights/retention.server";
import { insertListing } from "./fixtures";
import { insertImages, rows } from "./public-fixtures";

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 26, 12);
const day = (ago: number) => countDay(NOW - ago * DAY);

async function ownerOf(listingId: string) {
  const [row] = await rows<{ user_id: string }>(`SELECT user_id FROM listings WHERE id = '${listingId}'`);
  return row.user_id;
}

async function addPhotoDay(listingId: string, ago: number, photo: string, shown: number, opened: number) {
  // As the count flush writes them: an upsert that adds to the day's row.
  await env.DB.prepare(
    `INSERT INTO listing_photo_daily (listing_id, day, photo, shown, opened) VALUES (?1, ?2, ?3, ?4, ?5)
     ON CONFLICT(listing_id, day, photo) DO UPDATE SET shown = shown + excluded.shown, opened = opened + excluded.opened`,
  )
    .bind(listingId, day(ago), photo, shown, opened)
    .run();
}

async function addCoverDay(listingId: string, ago: number, photo: string, shown: number, cardOpens: number) {
  await env.DB.prepare(
    `INSERT INTO listing_photo_daily (listing_id, day, photo, shown, card_opens) VALUES (?1, ?2, ?3, ?4, ?5)
     ON CONFLICT(listing_id, day, photo) DO UPDATE SET shown = shown + excluded.shown,
       card_opens = card_opens + excluded.card_opens`,
  )
    .bind(listingId, day(ago), photo, shown, cardOpens)
    .run();
}

async function addRegionDay(listingId: string, ago: number, region: string, views: number) {
  await env.DB.prepare(
    `INSERT INTO listing_region_daily (listing_id, day, region, views) VALUES (?1, ?2, ?3, ?4)
     ON CONFLICT(listing_id, day, region) DO UPDATE SET views = views + excluded.views`,
  )
    .bind(listingId, day(ago), region, views)
    .run();
}

describe("running totals behind the insights page", () => {
  it("give each range the daily rows' sums, late and repeated writes included", async () => {
    const id = await insertListing();
    const user = await ownerOf(id);
    // Out of order: today first, then a late write for an older day, then more for today.
    await addPhotoDay(id, 0, "a.webp", 10, 2);
    await addPhotoDay(id, 40, "a.webp", 100, 20);
    await addPhotoDay(id, 5, "a.webp", 7, 1);
    await addPhotoDay(id, 0, "a.webp", 3, 0);
    await addPhotoDay(id, 100, "b.webp", 50, 5);
    await addPhotoDay(id, 2, "b.webp", 4, 4);
    await addRegionDay(id, 0, "Auckland", 6);
    await addRegionDay(id, 60, "Auckland", 9);
    await addRegionDay(id, 1, "Waikato", 2);
    await addRegionDay(id, 1, "Waikato", 1);

    const week = await loadInsights(env, user, id, 7, NOW);
    expect(week.photos).toEqual([
      { photo: "a.webp", shown: 20, opened: 3 },
      { photo: "b.webp", shown: 4, opened: 4 },
    ]);
    expect(week.regions).toEqual([
      { region: "Auckland", views: 6 },
      { region: "Waikato", views: 3 },
    ]);
    const quarter = await loadInsights(env, user, id, 90, NOW);
    expect(quarter.photos).toEqual([
      { photo: "a.webp", shown: 120, opened: 23 },
      { photo: "b.webp", shown: 4, opened: 4 },
    ]);
    expect(quarter.regions).toEqual([
      { region: "Auckland", views: 15 },
      { region: "Waikato", views: 3 },
    ]);
  });

  it("follow the count flush, a day's first marks and later ones alike", async () => {
    // The flush credits a listing's own photos only: c.webp is its cover.
    const id = await insertListing({ coverKey: "c.webp" });
    const user = await ownerOf(id);
    const mark = (key: string, kind: CountMark["kind"], extra: Partial<CountMark> = {}): CountMark => ({
      key: `${id}:${key}`,
      day: countDay(Date.now()),
      listing: id,
      kind,
      photo: null,
      ...extra,
    });
    await flushMarks(env.DB, [mark("k1", "impression", { photo: "c.webp" }), mark("k2", "view", { region: "Otago" })]);
    await flushMarks(env.DB, [
      mark("k3", "impression", { photo: "c.webp" }),
      mark("k4", "photo", { photo: "c.webp" }),
      mark("k5", "view", { region: "Otago" }),
      // A repeat of a counted mark adds nothing.
      mark("k1", "impression", { photo: "c.webp" }),
    ]);
    const view = await loadInsights(env, user, id, 7, Date.now());
    expect(view.photos).toEqual([{ photo: "c.webp", shown: 2, opened: 1 }]);
    expect(view.regions).toEqual([{ region: "Otago", views: 2 }]);
  });

  it("keep, through the retention sweep, the last total before the cutoff that a range subtracts", async () => {
    const id = await insertListing();
    const user = await ownerOf(id);
    await addPhotoDay(id, 420, "d.webp", 30, 3);
    await addPhotoDay(id, 410, "d.webp", 20, 2);
    await addPhotoDay(id, 3, "d.webp", 5, 1);
    await addRegionDay(id, 410, "Nelson", 8);
    await addRegionDay(id, 3, "Nelson", 4);

    await foldOldInsights(env, NOW);
    expect(await rows(`SELECT day, shown FROM listing_photo_running WHERE listing_id = '${id}' ORDER BY day`)).toEqual([
      { day: day(410), shown: 50 },
      { day: day(3), shown: 55 },
    ]);
    const view = await loadInsights(env, user, id, 30, NOW);
    expect(view.photos).toEqual([{ photo: "d.webp", shown: 5, opened: 1 }]);
    expect(view.regions).toEqual([{ region: "Nelson", views: 4 }]);
  });

  it("give each chosen cover its range's impressions and card opens, late writes included", async () => {
    const id = await insertListing();
    const user = await ownerOf(id);
    const images = await insertImages(id, [0, 1, 2]);
    const keys = await rows<{ id: string; r2_key: string }>(
      `SELECT id, r2_key FROM listing_images WHERE listing_id = '${id}' ORDER BY position`,
    );
    const key = (i: number) => keys.find((k) => k.id === images[i])!.r2_key;
    for (const [position, i] of [2, 0].entries()) {
      await env.DB.prepare("INSERT INTO listing_covers (listing_id, image_id, position) VALUES (?1, ?2, ?3)")
        .bind(id, images[i], position)
        .run();
    }
    await addCoverDay(id, 1, key(2), 10, 3);
    await addCoverDay(id, 50, key(2), 40, 9);
    await addCoverDay(id, 3, key(0), 8, 1);
    await addCoverDay(id, 1, key(2), 5, 1);
    await addCoverDay(id, 20, key(1), 99, 99);

    const week = await loadInsightsPage(env, user, id, 7, NOW);
    expect(week.covers?.results.map(({ photo, impressions, opens }) => ({ photo, impressions, opens }))).toEqual([
      { photo: key(2), impressions: 15, opens: 4 },
      { photo: key(0), impressions: 8, opens: 1 },
    ]);
    const quarter = await loadInsightsPage(env, user, id, 90, NOW);
    expect(quarter.covers?.results.map(({ impressions, opens }) => [impressions, opens])).toEqual([
      [55, 13],
      [8, 1],
    ]);
  });
});
