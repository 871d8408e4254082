import { describe, expect, it } from "vitest";
import { generateDemoData } from "../../drizzle/seed/generate";
import { isCheckOld } from "~/core/photo-checks";

// The demo data shows each photo's own check (docs/decisions/0055-each-photo-verified.md) in every state.
describe("the demo seed's photo checks", () => {
  const now = Date.UTC(2026, 10, 28);
  const data = generateDemoData({ listings: 72, now, seed: "demo" });
  const photosOf = (id: unknown) => data.photos.filter((p) => p.row.listing_id === id).map((p) => p.row);

  it("dates the photos of every photo-verified listing, its cover always, never before the photo existed", () => {
    for (const listing of data.listings) {
      const photos = photosOf(listing.id);
      const cover = photos.find((p) => p.position === 1)!;
      expect(cover.verified_at != null, String(listing.first_name)).toBe(listing.photo_verified === 1);
      for (const p of photos) {
        if (p.verified_at != null) expect(p.verified_at as number).toBeGreaterThanOrEqual(p.created_at as number);
        if (listing.photo_verified !== 1) expect(p.verified_at).toBeNull();
      }
    }
  });

  it("has listings with a newer photo not yet verified, and listings last checked over a year ago", () => {
    const checked = data.listings.filter((l) => l.photo_verified === 1).map((l) => photosOf(l.id));
    expect(checked.some((photos) => photos.some((p) => p.verified_at == null))).toBe(true);
    expect(
      checked.some((photos) => photos.every((p) => p.verified_at != null && isCheckOld(p.verified_at as number, now))),
    ).toBe(true);
  });
});
