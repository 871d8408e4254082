// Each photo's own check inside workerd (docs/decisions/0055-each-photo-verified.md): one photo sent on its own,
// new photos of the person only when the rule asks, one waiting check per photo, the administrator's side-by-side
// queue and decision, and what follows it: the photo's date in D1, in the KV snapshot and in the public JSON, the
// card's tick, and the grids' 'Verified photos' filter with its count.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { PHOTO_CHECK_MSG } from "~/features/verification/photo-checks";
import { loadFacets } from "~/features/catalogue/facets.server";
import { photoCheckLabel } from "~/core/photo-checks";
import { auditRows, listingWithPhotos, photoForm, privateKeys, requests } from "./admin-fixtures";
import { cast, client, requestPhotos } from "./client";
import type { SignedIn } from "./client";
import { rows } from "./editor-fixtures";
import { eventually } from "./public-fixtures";

const DAY = 86_400_000;
const RECENT = Date.now() - 30 * DAY;

type Photo = { id: string; position: number; verified_at: number | null };
const photosOf = (listingId: string) =>
  rows<Photo>("SELECT id, position, verified_at FROM listing_images WHERE listing_id = ? ORDER BY position", listingId);
const waiting = () => rows<{ image_id: string; request_id: string }>("SELECT * FROM photo_checks_pending");
const tick = async (id: string) =>
  (await env.DB.prepare("SELECT photo_verified FROM listings WHERE id = ?").bind(id).first<number>("photo_verified"))!;

/** A live listing of `owner` with `n` photos, the first `verified` of them checked at `at`, its cover set. */
async function listingChecked(owner: SignedIn, n: number, verified: number, at = RECENT, f = {}) {
  const id = await listingWithPhotos(owner, n, { live: true, verified: true, ...f });
  await env.DB.batch([
    env.DB.prepare("UPDATE listing_images SET verified_at = ? WHERE listing_id = ? AND position <= ?").bind(
      at,
      id,
      verified,
    ),
    env.DB.prepare(
      `UPDATE listings SET photo_verified = ?2, image_count = ?3,
        cover_key = (SELECT r2_key FROM listing_images WHERE listing_id = ?1 AND position = 1) WHERE id = ?1`,
    ).bind(id, verified > 0 ? 1 : 0, n),
  ]);
  return { id, photos: await photosOf(id) };
}

function askFor(imageId: string, selfies = false): FormData {
  const form = selfies ? photoForm() : new FormData();
  form.set("imageId", imageId);
  return form;
}

describe("asking for one photo's check", () => {
  it("sends a new photo on its own, without new photos of the person, and only once at a time", async () => {
    const { provider } = await cast();
    const { id, photos } = await listingChecked(provider, 4, 3);
    const fresh = photos[3];
    const res = await requestPhotos(provider, id, askFor(fresh.id));
    expect(res.status, await res.clone().text()).toBe(201);
    const [row] = await rows<{ kind: string; image_ids: string; r2_keys: string; status: string }>(
      "SELECT kind, image_ids, r2_keys, status FROM verification_requests WHERE listing_id = ?",
      id,
    );
    expect(row).toEqual({ kind: "photo", image_ids: JSON.stringify([fresh.id]), r2_keys: "[]", status: "pending" });
    expect(await waiting()).toEqual([{ image_id: fresh.id, request_id: expect.any(String) }]);
    expect(await privateKeys()).toEqual([]);

    // The same photo again, a verified one, and one of another listing: refused, nothing more written.
    let again = await requestPhotos(provider, id, askFor(fresh.id));
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: PHOTO_CHECK_MSG.pending, field: "imageId" });
    again = await requestPhotos(provider, id, askFor(photos[0].id));
    expect(await again.json()).toMatchObject({ error: PHOTO_CHECK_MSG.notCheckable });
    const other = await listingChecked(provider, 4, 3);
    again = await requestPhotos(provider, id, askFor(other.photos[3].id));
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: PHOTO_CHECK_MSG.notOnListing });
    expect(await requests()).toHaveLength(1);
  });

  it("asks for three photos of the person when fewer than two verified photos remain, or the last check is old", async () => {
    const { provider } = await cast();
    const thin = await listingChecked(provider, 3, 1);
    let res = await requestPhotos(provider, thin.id, askFor(thin.photos[2].id));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: PHOTO_CHECK_MSG.selfiesNeeded, field: "photo1" });
    const old = await listingChecked(provider, 4, 3, Date.now() - 400 * DAY);
    res = await requestPhotos(provider, old.id, askFor(old.photos[3].id));
    expect(await res.json()).toMatchObject({ error: PHOTO_CHECK_MSG.selfiesNeeded });
    expect(await requests()).toEqual([]);

    res = await requestPhotos(provider, thin.id, askFor(thin.photos[2].id, true));
    expect(res.status).toBe(201);
    expect(await privateKeys()).toHaveLength(3);
    // A photo checked over a year ago may be sent again.
    res = await requestPhotos(provider, old.id, askFor(old.photos[0].id, true));
    expect(res.status).toBe(201);
  });

  it("the page lists each photo's check and sends one with 'Ask for a check', back to the listing's photos", async () => {
    const { provider } = await cast();
    const { id, photos } = await listingChecked(provider, 4, 3, Date.UTC(2026, 9, 15));
    const page = (await (await provider.client.get(`/photo-verification?listingId=${id}`)).text()).replace(
      /<!-- -->/g,
      "",
    );
    expect(page).toContain("Photos verified: 3 of 4, last checked October 2026");
    expect(page.match(/Verified October 2026/g)).toHaveLength(3);
    expect(page.match(/>Ask for a check</g)).toHaveLength(1);
    const form = askFor(photos[3].id);
    form.set("listingId", id);
    const res = await provider.client.post("/photo-verification", { multipart: form });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/photo-verification?listingId=${id}`);
    const after = await (await provider.client.get(`/photo-verification?listingId=${id}`)).text();
    expect(after).toContain("Waiting for a check");
    expect(after).not.toContain(">Ask for a check<");
  });
});

describe("the administrator's decision on a photo", () => {
  async function sentPhoto() {
    const { admin, provider } = await cast();
    const { id, photos } = await listingChecked(provider, 4, 3, RECENT, { firstName: "Ngaio" });
    // The ID review the queue compares with.
    await env.DB.prepare(
      "INSERT INTO verification_requests (id, kind, listing_id, user_id, status, created_at, decided_at, document_type) VALUES (?, 'id', ?, ?, 'approved', ?, ?, 'passport')",
    )
      .bind("idreview" + id.slice(0, 8), id, provider.userId, RECENT - DAY, RECENT - DAY)
      .run();
    // The new photo leads, so the card's tick depends on the decision.
    await env.DB.batch([
      env.DB.prepare("UPDATE listing_images SET position = position + 1 WHERE listing_id = ?").bind(id),
      env.DB.prepare("UPDATE listing_images SET position = 1 WHERE id = ?").bind(photos[3].id),
      env.DB.prepare("UPDATE listings SET photo_verified = 0, cover_key = ? WHERE id = ?").bind("x", id),
    ]);
    expect((await requestPhotos(provider, id, askFor(photos[3].id))).status).toBe(201);
    const request = (await requests()).find((r) => r.kind === "photo")!;
    return { admin, provider, id, photos, request };
  }

  it("shows the photo beside the listing's verified photos and its ID review", async () => {
    const { admin, photos } = await sentPhoto();
    const html = (await (await admin.client.get("/admin/verifications")).text()).replace(/<!-- -->/g, "");
    const toCheck = html.split('data-testid="photos-to-check"')[1].split("</section>")[0];
    expect(toCheck).toContain("Not verified");
    const verified = html.split('data-testid="verified-photos"')[1].split("</section>")[0];
    expect(verified.match(new RegExp(photoCheckLabel(RECENT), "g"))).toHaveLength(3);
    expect(html).toContain("(Passport)");
    expect(toCheck).not.toContain(photos[0].id);
  });

  it("approval dates that photo alone, clears its wait, and the profile, KV snapshot, JSON and card follow", async () => {
    const { admin, id, photos, request } = await sentPhoto();
    expect(await tick(id)).toBe(0);
    const before = Date.now();
    const res = await admin.client.post("/admin/verifications", { form: { intent: "approve", requestId: request.id } });
    expect(res.status).toBe(303);
    const after = await photosOf(id);
    const fresh = after.find((p) => p.id === photos[3].id)!;
    expect(fresh.verified_at).toBeGreaterThanOrEqual(before);
    expect(after.filter((p) => p.id !== fresh.id).map((p) => p.verified_at)).toEqual([RECENT, RECENT, RECENT]);
    expect(await waiting()).toEqual([]);
    expect(await tick(id)).toBe(1);
    expect((await auditRows()).map((r) => r.action)).toEqual(["approve_photo"]);

    // The public JSON (spec fields kept; each image gains verifiedAt).
    const json = (await (await client().get(`/api/model/${id}`)).json()) as {
      photoVerified: boolean;
      imageIds: string;
      images: { imageId: string; verifiedAt: number | null }[];
    };
    expect(json.photoVerified).toBe(true);
    expect(json.imageIds.split(",")[0]).toBe(fresh.id);
    expect(json.images.map((i) => i.verifiedAt)).toEqual([fresh.verified_at, RECENT, RECENT, RECENT]);
    // The KV snapshot written after the change carries the same.
    const snapshot = await eventually(async () => {
      const raw = await env.PROFILES.get(`profile:${id}`);
      const value = raw ? (JSON.parse(raw) as { images: { verifiedAt: number | null }[] }) : null;
      return value?.images[0]?.verifiedAt === fresh.verified_at ? value : null;
    });
    expect(snapshot.images.map((i) => i.verifiedAt)).toEqual([fresh.verified_at, RECENT, RECENT, RECENT]);
    // The profile page sums it up and dates each photo.
    const page = (await (await client().get(`/view/${id}`)).text()).replace(/<!-- -->/g, "");
    expect(page).toContain(`Photos verified: 4 of 4, last checked ${photoCheckLabel(fresh.verified_at).slice(9)}`);
  });

  it("a refusal needs a reason, leaves the photo unverified and free to be sent again", async () => {
    const { admin, provider, id, photos, request } = await sentPhoto();
    let res = await admin.client.post("/admin/verifications", { form: { intent: "reject", requestId: request.id } });
    expect(res.status).toBe(400);
    expect(await waiting()).toHaveLength(1);
    res = await admin.client.post("/admin/verifications", {
      form: { intent: "reject", requestId: request.id, reason: "This photo does not show the same person." },
    });
    expect(res.status).toBe(303);
    expect((await photosOf(id)).find((p) => p.id === photos[3].id)!.verified_at).toBeNull();
    expect(await waiting()).toEqual([]);
    expect(await tick(id)).toBe(0);
    expect((await requestPhotos(provider, id, askFor(photos[3].id))).status).toBe(201);
  });

  it("deleting the photo while it waits removes its wait with it", async () => {
    const { provider, id, photos } = await sentPhoto();
    expect((await provider.client.delete(`/api/profile/images/${photos[3].id}`)).status).toBe(200);
    expect(await waiting()).toEqual([]);
    expect(await tick(id)).toBe(1);
  });
});

describe("the grids' 'Verified photos' filter", () => {
  it("shows only listings whose cover is verified, with the count, kept as covers change", async () => {
    const { provider } = await cast();
    const a = await listingChecked(provider, 3, 3, RECENT, { firstName: "Verity", location: "Auckland" });
    await listingChecked(provider, 3, 0, RECENT, { firstName: "Plain", location: "Auckland" });
    await listingChecked(provider, 3, 3, RECENT, { firstName: "Welly", location: "Wellington" });
    expect((await loadFacets(env, null)).options.verifiedPhotos).toBe(2);
    expect((await loadFacets(env, "Auckland")).options.verifiedPhotos).toBe(1);

    const visitor = client();
    let html = (await (await visitor.get("/")).text()).replace(/<!-- -->/g, "");
    expect(html).toContain("Verified photos (2)");
    html = await (await visitor.get("/?photos=verified")).text();
    const grid = html.split('data-testid="listing-grid"')[1] ?? "";
    expect(grid).toContain("Verity");
    expect(grid).toContain("Welly");
    expect(grid).not.toContain("Plain");

    // Its cover no longer verified, the listing leaves the count (the facet triggers).
    await env.DB.prepare("UPDATE listings SET photo_verified = 0 WHERE id = ?").bind(a.id).run();
    expect((await loadFacets(env, "Auckland")).options.verifiedPhotos).toBe(0);
    expect((await loadFacets(env, null)).options.verifiedPhotos).toBe(1);
  });

  it("counts under the other filters and the region the grid the chip leads to", async () => {
    const { provider } = await cast();
    const young = { age: 20, location: "Auckland" };
    await listingChecked(provider, 3, 3, RECENT, { ...young, firstName: "Young" });
    await listingChecked(provider, 3, 0, RECENT, { ...young, firstName: "Unchecked" });
    await listingChecked(provider, 3, 3, RECENT, { age: 40, location: "Auckland", firstName: "Older" });
    await listingChecked(provider, 3, 3, RECENT, { age: 20, location: "Wellington", firstName: "Welly" });

    const visitor = client();
    const chip = async (path: string) => {
      const html = (await (await visitor.get(path)).text()).replace(/<!-- -->/g, "");
      return /Verified photos \((\d+)\)/.exec(html)?.[1];
    };
    const cards = async (path: string) => {
      const html = await (await visitor.get(path)).text();
      return (html.split('data-testid="listing-grid"')[1] ?? "").match(/data-testid="listing-card"/g)?.length ?? 0;
    };
    // No filter: every verified cover in the country, or in the region.
    expect(await chip("/")).toBe("3");
    expect(await chip("/locations/Auckland")).toBe("2");
    // Under an age range, only those of that age: the same number the chip's grid then shows.
    expect(await chip("/?age=18-24")).toBe("2");
    expect(await cards("/?age=18-24&photos=verified")).toBe(2);
    expect(await chip("/locations/Auckland?age=18-24")).toBe("1");
    expect(await cards("/locations/Auckland?age=18-24&photos=verified")).toBe(1);
    // With the chip itself on, its count is the grid's.
    expect(await chip("/locations/Auckland?age=35%2B&photos=verified")).toBe("1");
    // Nothing left under the other filters: the chip is not offered.
    expect(await chip("/locations/Wellington?age=35%2B")).toBeUndefined();
  });
});
