// Photos saved before perceptual hashes existed are hashed by the cron and matched like an upload
// (docs/decisions/0066-photo-hash-backfill-and-takedown-upkeep.md): the later photo of a matching pair goes into
// the side-by-side queue and stays shown meanwhile; a photo that cannot be hashed is marked and not retried.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { backfillPhotoHashes, HASH_STATE } from "~/features/photos/hash-backfill.server";
import { signedIn, upload } from "./client";
import type { SignedIn } from "./client";
import { countRows, positions, rows, saveForm, SMALL_JPEG, uniquePhoto, validValues } from "./editor-fixtures";
import { backgroundWorkDone } from "./background";

async function uploadId(as: SignedIn, bytes: Uint8Array = uniquePhoto()): Promise<string> {
  const res = await upload(as, bytes);
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { uploadId: string }).uploadId;
}

async function listingWith(as: SignedIn, ids: string[]): Promise<string> {
  const res = await as.client.post("/api/profiles", {
    multipart: saveForm(validValues(), { uploadIds: positions(ids) }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { modelId: string }).modelId;
}

/** As a photo saved before migration 0068 is: no hash, waiting for one. */
async function forgetHashes(listingId: string) {
  await env.DB.prepare("DELETE FROM photo_hashes WHERE listing_id = ?").bind(listingId).run();
  await env.DB.prepare("UPDATE listing_images SET hash_state = 0 WHERE listing_id = ?").bind(listingId).run();
}

/** A copy of the photo as the site shows it (watermark and all), 10 % of its height cut off, as JPEG. */
async function croppedCopyOf(key: string): Promise<Uint8Array> {
  const object = await env.PHOTOS.get(key);
  const out = await env.IMAGES.input(object!.body)
    .transform({ width: 600, height: 720, fit: "cover" })
    .output({ format: "image/jpeg", quality: 80 });
  return new Uint8Array(await out.response().arrayBuffer());
}

/** The original on one account, saved before hashing; a copy of it shown on another account's listing since. */
async function oldOriginalAndLaterCopy() {
  const owner = await signedIn({ agency: true });
  const original = await listingWith(owner, [
    await uploadId(owner, SMALL_JPEG),
    await uploadId(owner),
    await uploadId(owner),
  ]);
  await forgetHashes(original);
  const [first] = await rows<{ id: string; r2_key: string }>(
    "SELECT id, r2_key FROM listing_images WHERE listing_id = ? AND position = 1",
    original,
  );
  const thief = await signedIn({ agency: true });
  const copy = await croppedCopyOf(first.r2_key);
  const later = await listingWith(thief, [await uploadId(thief), await uploadId(thief, copy), await uploadId(thief)]);
  await backgroundWorkDone();
  // Nothing to match it against at its upload: it is shown.
  expect(await countRows("held_photos")).toBe(0);
  const [copied] = await rows<{ id: string }>(
    "SELECT id FROM listing_images WHERE listing_id = ? AND position = 2",
    later,
  );
  return { owner, original, originalImage: first.id, thief, later, copiedImage: copied.id };
}

describe("the photo hash backfill", () => {
  it("hashes photos saved before hashing, and queues the later photo of a match while it stays shown", async () => {
    const { original, originalImage, later, copiedImage } = await oldOriginalAndLaterCopy();
    expect(await countRows("listing_images", "hash_state = 0")).toBe(3);

    const outcome = await backfillPhotoHashes(env, Date.now());
    expect(outcome).toEqual({ hashed: 3, matched: 1, failed: 0 });
    expect(await countRows("photo_hashes", "listing_id = ?", original)).toBe(3);
    expect(await countRows("listing_images", "hash_state <> ?", HASH_STATE.hashed)).toBe(0);
    const reviews = await rows<Record<string, unknown>>(
      "SELECT kind, listing_id, image_id, other_listing_id, other_image_id, held_photo_id, status FROM identity_reviews",
    );
    // The copy came later, so it is the one under review, beside the original; it is still shown.
    expect(reviews).toEqual([
      {
        kind: "photo",
        listing_id: later,
        image_id: copiedImage,
        other_listing_id: original,
        other_image_id: originalImage,
        held_photo_id: null,
        status: "pending",
      },
    ]);
    expect(await countRows("listing_images", "id = ?", copiedImage)).toBe(1);

    // A second run finds nothing left and writes nothing twice.
    expect(await backfillPhotoHashes(env, Date.now())).toEqual({ hashed: 0, matched: 0, failed: 0 });
    expect(await countRows("identity_reviews")).toBe(1);
  });

  it("shows the shown photo in the queue, and removes it from its listing on 'Remove'", async () => {
    const { later, copiedImage } = await oldOriginalAndLaterCopy();
    await backfillPhotoHashes(env, Date.now());
    const [review] = await rows<{ id: string }>("SELECT id FROM identity_reviews");
    const [copied] = await rows<{ r2_key: string }>("SELECT r2_key FROM listing_images WHERE id = ?", copiedImage);
    const boss = await signedIn({ admin: true, agency: true });
    const page = await (await boss.client.get("/admin/matches")).text();
    expect(page).toContain("Newer, still shown");
    expect(page).toContain(copied.r2_key);
    const res = await boss.client.post("/admin/matches", { form: { intent: "remove", reviewId: review.id } });
    expect(res.status).toBe(303);
    await backgroundWorkDone();
    expect(await countRows("listing_images", "id = ?", copiedImage)).toBe(0);
    const left = await rows<{ position: number }>(
      "SELECT position FROM listing_images WHERE listing_id = ? ORDER BY position",
      later,
    );
    expect(left.map((r) => r.position)).toEqual([1, 2]);
    expect(await countRows("identity_reviews", "status = 'removed'")).toBe(1);
    expect(await countRows("admin_audit", "action = 'match_remove' AND listing_id = ?", later)).toBe(1);
  });

  it("leaves the photo up on 'Release'", async () => {
    const { copiedImage } = await oldOriginalAndLaterCopy();
    await backfillPhotoHashes(env, Date.now());
    const [review] = await rows<{ id: string }>("SELECT id FROM identity_reviews");
    const boss = await signedIn({ admin: true, agency: true });
    const res = await boss.client.post("/admin/matches", { form: { intent: "release", reviewId: review.id } });
    expect(res.status).toBe(303);
    expect(await countRows("listing_images", "id = ?", copiedImage)).toBe(1);
    expect(await countRows("identity_reviews", "status = 'released'")).toBe(1);
  });

  it("takes the photo down and refuses its hash on 'Impersonation'", async () => {
    const { later, copiedImage } = await oldOriginalAndLaterCopy();
    await backfillPhotoHashes(env, Date.now());
    const [review] = await rows<{ id: string }>("SELECT id FROM identity_reviews");
    const boss = await signedIn({ admin: true, agency: true });
    const res = await boss.client.post("/admin/matches", { form: { intent: "impersonation", reviewId: review.id } });
    expect(res.status).toBe(303);
    expect(await countRows("listing_images", "id = ?", copiedImage)).toBe(0);
    expect(await countRows("taken_down_hashes", "listing_id = ?", later)).toBe(1);
  });

  it("marks a photo it cannot hash and does not try it again", async () => {
    const owner = await signedIn({ agency: true });
    const listing = await listingWith(owner, [await uploadId(owner), await uploadId(owner), await uploadId(owner)]);
    await forgetHashes(listing);
    const [gone] = await rows<{ id: string; r2_key: string }>(
      "SELECT id, r2_key FROM listing_images WHERE listing_id = ? AND position = 1",
      listing,
    );
    await env.PHOTOS.delete(gone.r2_key);
    expect(await backfillPhotoHashes(env, Date.now())).toEqual({ hashed: 2, matched: 0, failed: 1 });
    expect(await countRows("listing_images", "id = ? AND hash_state = ?", gone.id, HASH_STATE.failed)).toBe(1);
    expect(await backfillPhotoHashes(env, Date.now())).toEqual({ hashed: 0, matched: 0, failed: 0 });
  });

  it("marks a photo hashed at its save as hashed (nothing for the backfill)", async () => {
    const owner = await signedIn({ agency: true });
    await listingWith(owner, [await uploadId(owner), await uploadId(owner), await uploadId(owner)]);
    expect(await countRows("listing_images", "hash_state = ?", HASH_STATE.hashed)).toBe(3);
    expect(await backfillPhotoHashes(env, Date.now())).toEqual({ hashed: 0, matched: 0, failed: 0 });
  });
});
