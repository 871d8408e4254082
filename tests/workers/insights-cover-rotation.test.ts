// Cover rotation (docs/decisions/0033-cover-rotation.md): the owner saves up to 3 of the listing's visible
// photos, the grid shows them as the card's cover one per rotation slot, and each cover is credited with the
// impressions and profile opens of the cards that showed it.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { countDay } from "~/platform/http/client-address";
import { parseFilters } from "~/features/catalogue/filters";
import { photoUrl } from "~/core/photo-keys";
import { marksOf } from "~/features/insights/count-events";
import { flushMarks } from "~/features/insights/count-flush.server";
import { COVER_MSG, coverForSlot } from "~/features/insights/cover-rotation";
import { rotationSlot, slotStart } from "~/features/insights/rotation";
import { loadGridPage } from "~/features/catalogue/grid.server";
import { client, freshIp, signedIn } from "./client";
import type { Client } from "./client";
import { insertListing } from "./fixtures";
import { insertImages, rows } from "./public-fixtures";

const CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";

function saveCovers(who: Client, listing: string, covers: string[], extra: Record<string, string> = {}) {
  const body = new URLSearchParams({ intent: "covers", listing, ...extra });
  for (const c of covers) body.append("cover", c);
  return who.post(
    "/dashboard/insights",
    { raw: body.toString(), type: "application/x-www-form-urlencoded" },
    { headers: { Accept: "text/html" } },
  );
}

async function chosen(listing: string): Promise<string[]> {
  return (
    await rows<{ image_id: string }>(
      "SELECT image_id FROM listing_covers WHERE listing_id = ? ORDER BY position",
      listing,
    )
  ).map((r) => r.image_id);
}

async function keyOf(imageId: string): Promise<string> {
  const [row] = await rows<{ r2_key: string }>("SELECT r2_key FROM listing_images WHERE id = ?", imageId);
  return row.r2_key;
}

describe("choosing covers on /dashboard/insights", () => {
  it("saves up to 3 of the owner's visible photos and refuses anything else with a 4xx, changing nothing", async () => {
    const owner = await signedIn();
    const mine = await insertListing({ userId: owner.userId });
    const photos = await insertImages(mine, [0, 1, 2, 3, 4]);
    const other = await insertListing();
    const [foreign] = await insertImages(other, [0]);

    const ok = await saveCovers(owner.client, mine, [photos[2], photos[0]]);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain("Saved: these 2 photos take turns as your card&#x27;s cover.");
    expect(await chosen(mine)).toEqual([photos[2], photos[0]]);

    const tooMany = await saveCovers(owner.client, mine, photos.slice(0, 4));
    expect(tooMany.status).toBe(400);
    expect(await tooMany.text()).toContain(COVER_MSG.tooMany);
    const notMine = await saveCovers(owner.client, mine, [photos[1], foreign]);
    expect(notMine.status).toBe(400);
    expect(await notMine.text()).toContain(COVER_MSG.unknown);
    await env.DB.prepare("UPDATE listing_images SET public = 0 WHERE id = ?").bind(photos[4]).run();
    const hidden = await saveCovers(owner.client, mine, [photos[4]]);
    expect(hidden.status).toBe(400);
    expect(await hidden.text()).toContain("not shown to visitors on the listing");
    expect(await chosen(mine)).toEqual([photos[2], photos[0]]);

    // Another provider cannot choose for this listing, nor a visitor.
    const stranger = await signedIn();
    expect((await saveCovers(stranger.client, mine, [photos[1]])).status).toBe(404);
    expect((await saveCovers(client(), mine, [photos[1]])).status).toBe(302);
    expect(await chosen(mine)).toEqual([photos[2], photos[0]]);

    // A photo deleted from the listing drops out of the choice.
    expect((await owner.client.delete(`/api/profile/images/${photos[2]}`)).status).toBe(200);
    expect(await chosen(mine)).toEqual([photos[0]]);

    const off = await saveCovers(owner.client, mine, [photos[1]], { off: "1" });
    expect(off.status).toBe(200);
    expect(await off.text()).toContain("Rotation is off: your first photo is the cover.");
    expect(await chosen(mine)).toEqual([]);
  });
});

describe("the grid's cover", () => {
  it("takes the chosen covers in turn, one per rotation slot, on the home grid and a region's", async () => {
    const owner = await signedIn();
    const id = await insertListing({ userId: owner.userId, location: "South Island" });
    const photos = await insertImages(id, [0, 1, 2, 3]);
    const [own] = await rows<{ cover_key: string }>("SELECT cover_key FROM listings WHERE id = ?", id);
    const filters = parseFilters(new URLSearchParams());
    const coverAt = async (slot: number, region: "South Island" | null = null) => {
      const page = await loadGridPage(env, { region, filters, page: 1, now: slotStart(slot) + 1000 });
      return page.cards.find((c) => c.modelId === id)?.cover?.url;
    };
    const slot = rotationSlot(Date.now());

    // No choice: the listing's own cover, as before.
    expect(await coverAt(slot)).toBe(photoUrl(own.cover_key));

    expect((await saveCovers(owner.client, id, [photos[3], photos[1], photos[2]])).status).toBe(200);
    const keys = [await keyOf(photos[3]), await keyOf(photos[1]), await keyOf(photos[2])];
    for (let s = slot; s < slot + 4; s++) {
      const want = photoUrl(coverForSlot(keys, s)!);
      expect(await coverAt(s)).toBe(want);
      expect(await coverAt(s, "South Island")).toBe(want);
    }
    expect(new Set(await Promise.all([0, 1, 2].map((i) => coverAt(slot + i))))).toEqual(new Set(keys.map(photoUrl)));
    // The administrators' grid (every listing, in the plain order) shows the cover visitors see, not photo 1.
    for (let s = slot; s < slot + 3; s++) {
      const page = await loadGridPage(env, {
        region: null,
        filters,
        page: 1,
        now: slotStart(s) + 1000,
        includeHidden: true,
      });
      expect(page.cards.find((c) => c.modelId === id)?.cover?.url).toBe(photoUrl(coverForSlot(keys, s)!));
    }

    // A chosen photo the plan hides is skipped while hidden: the other two take turns.
    await env.DB.prepare("UPDATE listing_images SET public = 0 WHERE id = ?").bind(photos[1]).run();
    const shown = [keys[0], keys[2]];
    for (let s = slot; s < slot + 3; s++) expect(await coverAt(s)).toBe(photoUrl(coverForSlot(shown, s)!));

    // The public grid answer carries one of the chosen covers.
    const res = await client().get("/api/grid?page=1");
    const cards = ((await res.json()) as { cards: { modelId: string; cover: { url: string } | null }[] }).cards;
    expect(shown.map(photoUrl)).toContain(cards.find((c) => c.modelId === id)?.cover?.url);
  });
});

describe("credit per cover", () => {
  it("counts each cover's impressions and the profiles opened from its card, and marks the best", async () => {
    const owner = await signedIn();
    const id = await insertListing({ userId: owner.userId });
    const photos = await insertImages(id, [0, 1, 2]);
    expect((await saveCovers(owner.client, id, [photos[0], photos[1]])).status).toBe(200);
    const [a, b] = [await keyOf(photos[0]), await keyOf(photos[1])];

    // Through the real beacon and count queue: a card seen with cover A, then opened.
    const ip = freshIp();
    const sent = await client({ ip }).post(
      "/api/insights/events",
      {
        raw: JSON.stringify({
          events: [
            { kind: "impression", listing: id, photo: `/photos/${a.replace(".webp", ".w480.webp")}` },
            { kind: "open", listing: id, photo: `/photos/${a}` },
          ],
        }),
        type: "text/plain",
      },
      { headers: { "User-Agent": CHROME } },
    );
    expect(sent.status).toBe(204);
    const day = countDay(Date.now());
    const deadline = Date.now() + 10_000;
    for (;;) {
      const [row] = await rows<{ shown: number; card_opens: number }>(
        "SELECT shown, card_opens FROM listing_photo_daily WHERE listing_id = ? AND day = ? AND photo = ?",
        id,
        day,
        a,
      );
      if (row?.card_opens === 1 || Date.now() > deadline) {
        expect(row).toEqual({ shown: 1, card_opens: 1 });
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    // A card open adds nothing to the day's totals (the profile view is counted by the profile itself).
    const [totals] = await rows<{ impressions: number; views: number }>(
      "SELECT impressions, views FROM listing_daily WHERE listing_id = ? AND day = ?",
      id,
      day,
    );
    expect(totals).toEqual({ impressions: 1, views: 0 });

    // More visitors: A seen by 4 (1 opened), B seen by 2 (1 opened) — B earns more views per impression.
    const at = Date.now();
    const items = [
      ...[1, 2, 3].map((v) => ({
        at,
        visitor: `a${v}`,
        events: [{ kind: "impression" as const, listing: id, photo: a }],
      })),
      { at, visitor: "b1", events: [{ kind: "impression" as const, listing: id, photo: b }] },
      {
        at,
        visitor: "b2",
        events: [
          { kind: "impression" as const, listing: id, photo: b },
          { kind: "open" as const, listing: id, photo: b },
        ],
      },
    ];
    await flushMarks(env.DB, marksOf(items));
    const html = await (await owner.client.get(`/dashboard/insights?listing=${id}&days=7`)).text();
    const table = html.split('data-testid="cover-results"')[1]?.split("</table>")[0] ?? "";
    const results = [...table.matchAll(/<tr data-testid="cover-result">(.*?)<\/tr>/g)].map((m) =>
      [...m[1].matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((c) => c[1].replace(/<[^>]+>/g, "")),
    );
    expect(results).toEqual([
      ["4", "1", "25%"],
      ["2", "1", "50%Best"],
    ]);
  });
});
