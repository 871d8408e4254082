import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Profile } from "~/core/profile";
import {
  buildProfileFromD1,
  deleteProfileSnapshot,
  loadPublicProfile,
  snapshotKey,
  writeProfileSnapshot,
} from "~/features/profile/profile.server";
import { loadSuggestions } from "~/features/catalogue/profile-suggestions.server";
import { photoUrl } from "~/core/photo-keys";
import { client } from "./client";
import { insertListing, insertUser } from "./fixtures";
import { insertImages, insertRate, insertSpecialRate, rows } from "./public-fixtures";

// Broadcasts and KV writes run in waitUntil after the answer: let them finish before the next test resets storage.

function fakeCtx() {
  const pending: Promise<unknown>[] = [];
  return { ctx: { waitUntil: (p: Promise<unknown>) => void pending.push(p) }, settle: () => Promise.all(pending) };
}

async function kvProfile(id: string): Promise<Profile | null> {
  return env.PROFILES.get<Profile>(snapshotKey(id), "json");
}

describe("buildProfileFromD1", () => {
  it("builds the spec §3 shape: dollars, aligned image lists, rates, flags", async () => {
    const id = await insertListing({
      firstName: "Aroha",
      featured: true,
      hot: true,
      rate60: 35050,
      photoVerified: true,
    });
    const imageIds = await insertImages(id, [2, 1, 3]);
    await insertRate(id, "outcall", "1hr", 40000);
    await insertRate(id, "incall", "2hr", 60000);
    await insertRate(id, "incall", "30min", 20000);
    await insertSpecialRate(id, "Dinner date", "180", 90000, 1);
    await insertSpecialRate(id, "Couples", "60", 50000, 0);
    const p = (await buildProfileFromD1(env, id))!;
    expect(p.modelId).toBe(id);
    expect(p.firstName).toBe("Aroha");
    expect(p.rate60).toBe(350.5);
    expect(p.accountType).toBe("featured");
    expect([p.hot, p.verified, p.live, p.photoVerified, p.active]).toEqual([true, true, true, true, false]);
    // Ordered by position; the three lists line up with each other and with images[].
    expect(p.positions).toBe("1,2,3");
    expect(p.imageIds).toBe([imageIds[1], imageIds[0], imageIds[2]].join(","));
    expect(p.ImageUrls.split(",")).toEqual(p.images.map((i) => i.url));
    expect(p.imageIds.split(",")).toEqual(p.images.map((i) => i.imageId));
    expect(p.images[0]).toMatchObject({ position: 1, width: 600, height: 800 });
    expect(p.images[0].url).toMatch(/^\/photos\/listing\/[0-9a-z]{24}\.webp$/);
    expect(p.rates.map((r) => [r.call_type, r.duration, r.price])).toEqual([
      ["incall", "30min", 200],
      ["incall", "2hr", 600],
      ["outcall", "1hr", 400],
    ]);
    expect(p.specialRates.map((s) => [s.serviceName, s.duration, s.rate])).toEqual([
      ["Couples", "60", 500],
      ["Dinner date", "180", 900],
    ]);
    const [{ updated_at }] = await rows<{ updated_at: number }>("SELECT updated_at FROM listings WHERE id = ?", id);
    expect(p.updatedAt).toBe(updated_at);
  });

  it("never carries the owner's id, e-mail or private columns", async () => {
    const userId = await insertUser({ email: "secret-owner@test.nz" });
    const id = await insertListing({ userId });
    const text = JSON.stringify(await buildProfileFromD1(env, id));
    expect(text).not.toContain(userId);
    expect(text).not.toContain("secret-owner");
    expect(text).not.toMatch(/userId|user_id|lastName|cover_key|listedAt/);
  });

  it("answers null for a missing or malformed id", async () => {
    expect(await buildProfileFromD1(env, "0000000000000000")).toBeNull();
    expect(await buildProfileFromD1(env, "'; DROP TABLE listings; --")).toBeNull();
  });
});

describe("loadPublicProfile", () => {
  it("builds from D1 when KV has nothing, and writes the snapshot afterwards", async () => {
    const id = await insertListing({ firstName: "Mere" });
    const { ctx, settle } = fakeCtx();
    const p = await loadPublicProfile(env, ctx, id, null);
    expect(p?.firstName).toBe("Mere");
    await settle();
    expect((await kvProfile(id))?.firstName).toBe("Mere");
  });

  it("uses a fresh KV snapshot", async () => {
    const id = await insertListing({ firstName: "Mere" });
    const built = (await buildProfileFromD1(env, id))!;
    await env.PROFILES.put(snapshotKey(id), JSON.stringify({ ...built, tagLine: "from the snapshot" }));
    const p = await loadPublicProfile(env, fakeCtx().ctx, id, null);
    expect(p?.tagLine).toBe("from the snapshot");
  });

  it("ignores a snapshot older than D1's updated_at and replaces it", async () => {
    const id = await insertListing({ firstName: "Mere" });
    const built = (await buildProfileFromD1(env, id))!;
    await env.PROFILES.put(snapshotKey(id), JSON.stringify({ ...built, tagLine: "stale" }));
    await env.DB.prepare("UPDATE listings SET tag_line = 'fresh', updated_at = updated_at + 1000 WHERE id = ?")
      .bind(id)
      .run();
    const { ctx, settle } = fakeCtx();
    const p = await loadPublicProfile(env, ctx, id, null);
    expect(p?.tagLine).toBe("fresh");
    await settle();
    expect((await kvProfile(id))?.tagLine).toBe("fresh");
  });

  it("never serves a hidden listing to a visitor, even from a fresh-looking snapshot", async () => {
    const ownerId = await insertUser();
    const id = await insertListing({ userId: ownerId });
    await writeProfileSnapshot(env, id);
    expect(await kvProfile(id)).not.toBeNull();
    // Hidden without touching updated_at: the snapshot still "matches", and must still not be used.
    await env.DB.prepare("UPDATE listings SET live = 0 WHERE id = ?").bind(id).run();
    expect(await loadPublicProfile(env, fakeCtx().ctx, id, null)).toBeNull();
    expect(await loadPublicProfile(env, fakeCtx().ctx, id, { id: await insertUser(), isAdmin: false })).toBeNull();
    // Its owner and an administrator still see it, built from D1 (live: false).
    expect((await loadPublicProfile(env, fakeCtx().ctx, id, { id: ownerId, isAdmin: false }))?.live).toBe(false);
    expect((await loadPublicProfile(env, fakeCtx().ctx, id, { id: "someadmin0000000", isAdmin: true }))?.live).toBe(
      false,
    );
  });

  it("answers null for unknown and malformed ids", async () => {
    expect(await loadPublicProfile(env, fakeCtx().ctx, "0000000000000000", null)).toBeNull();
    expect(await loadPublicProfile(env, fakeCtx().ctx, "../etc/passwd", { id: "x", isAdmin: true })).toBeNull();
    expect(await loadPublicProfile(env, fakeCtx().ctx, "x".repeat(10_000), null)).toBeNull();
  });

  it("ignores a corrupt snapshot", async () => {
    const id = await insertListing({ firstName: "Mere" });
    await env.PROFILES.put(snapshotKey(id), "{not json");
    expect((await loadPublicProfile(env, fakeCtx().ctx, id, null))?.firstName).toBe("Mere");
  });
});

describe("snapshot writers", () => {
  it("write a live listing, remove a hidden or deleted one", async () => {
    const id = await insertListing();
    expect((await writeProfileSnapshot(env, id))?.modelId).toBe(id);
    expect(await kvProfile(id)).not.toBeNull();
    await env.DB.prepare("UPDATE listings SET live = 0 WHERE id = ?").bind(id).run();
    expect(await writeProfileSnapshot(env, id)).toBeNull();
    expect(await kvProfile(id)).toBeNull();
    await env.DB.prepare("UPDATE listings SET awaiting_consent = 0, agency_held = 0, live = 1 WHERE id = ?")
      .bind(id)
      .run();
    await writeProfileSnapshot(env, id);
    await deleteProfileSnapshot(env, id);
    expect(await kvProfile(id)).toBeNull();
  });
});

describe("loadSuggestions", () => {
  it("gives 3 live listings with photos, same location first, never the current one", async () => {
    const current = await insertListing({ location: "Wellington" });
    const sameA = await insertListing({ location: "Wellington" });
    const sameB = await insertListing({ location: "Wellington" });
    await insertListing({ location: "Wellington", live: false });
    await insertListing({ location: "Wellington", coverKey: null });
    const others = [await insertListing({ location: "Auckland" }), await insertListing({ location: "Hamilton" })];
    for (let i = 0; i < 10; i++) {
      const picked = await loadSuggestions(env, { modelId: current, location: "Wellington" });
      expect(picked).toHaveLength(3);
      const ids = picked.map((p) => p.modelId);
      expect(ids).not.toContain(current);
      expect(new Set(ids.slice(0, 2))).toEqual(new Set([sameA, sameB]));
      expect(others).toContain(ids[2]);
      expect(picked.every((p) => p.live && p.cover)).toBe(true);
    }
  });

  it("answers fewer when there are not enough", async () => {
    const current = await insertListing();
    expect(await loadSuggestions(env, { modelId: current, location: "Auckland" })).toEqual([]);
  });
});

describe("the profile page without JavaScript", () => {
  it("links every photo, also those past the gallery's thumbnails", async () => {
    const id = await insertListing({ firstName: "Galla", featured: true });
    await insertImages(id, [1, 2, 3, 4, 5, 6]);
    const html = await (await client().get(`/view/${id}`)).text();
    const links = html.split('data-testid="gallery-links"')[1]?.split("</noscript>")[0] ?? "";
    const keys = await rows<{ r2_key: string }>(
      "SELECT r2_key FROM listing_images WHERE listing_id = ? ORDER BY position",
      id,
    );
    expect(keys).toHaveLength(6);
    for (const { r2_key } of keys) expect(links).toContain(`href="${photoUrl(r2_key)}"`);
    expect(links).toContain("Photo 6 of 6");
  });
});
