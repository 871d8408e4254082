// Responsive photos (decision 0013): every listing photo has a 360, 480, 720, 960 and 1600 px WebP, made on the first
// request and then read from R2, shown exactly when the photo is, and deleted with it.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { newId } from "~/platform/data/ids";
import { sniffImage } from "~/features/photos/rules";
import { PHOTO_WIDTHS, variantKey } from "~/features/photos/variants";
import { processPhoto } from "~/features/photos/pipeline.server";
import { makeVariant } from "~/features/photos/variants.server";
import { PUBLIC_PHOTO_MAX_AGE } from "~/features/photos/photos.server";
import { PASSWORD } from "./auth-fixtures";
import { client, signedIn } from "./client";
import type { Client } from "./client";
import { BIG_JPEG, r2Keys, SMALL_JPEG } from "./editor-fixtures";
import { insertListing } from "./fixtures";
import { eventually, rows } from "./public-fixtures";

/** A real stored photo (through the upload pipeline) on a listing: BIG_JPEG is 3000x2000, stored at 2400x1600. */
async function storedPhoto(listingId: string, jpeg: Uint8Array, position = 1): Promise<{ key: string; id: string }> {
  const result = await processPhoto(env.IMAGES, new Blob([jpeg as Uint8Array<ArrayBuffer>]));
  if (!result.ok) throw new Error(result.message);
  const key = `listing/${newId(24)}.webp`;
  const id = newId();
  await env.PHOTOS.put(key, result.photo.bytes, { httpMetadata: { contentType: "image/webp" } });
  await env.DB.prepare(
    "INSERT INTO listing_images (id, listing_id, r2_key, position, width, height, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
  )
    .bind(id, listingId, key, position, result.photo.width, result.photo.height, Date.now())
    .run();
  return { key, id };
}

async function listingWithPhoto(opts: { live?: boolean; jpeg?: Uint8Array; logIn?: boolean } = {}) {
  const owner = await signedIn({ logIn: opts.logIn });
  const listingId = await insertListing({ userId: owner.userId, live: opts.live ?? true, verified: true });
  const photo = await storedPhoto(listingId, opts.jpeg ?? BIG_JPEG);
  return { owner, listingId, ...photo };
}

const sized = (key: string, width: number | string, as: Client = client()) =>
  as.get(`/photos/${key.replace(/\.webp$/, `.w${width}.webp`)}`);

const exists = async (key: string) => (await env.PHOTOS.head(key)) !== null;

async function widthOf(res: Response): Promise<{ type: string; width: number; bytes: number }> {
  const bytes = new Uint8Array(await res.arrayBuffer());
  const sniffed = sniffImage(bytes);
  return { type: sniffed?.type ?? "unknown", width: sniffed?.width ?? 0, bytes: bytes.length };
}

// Each test runs real image work (the upload pipeline, then up to three resizes): slow on a busy machine.
describe("photo sizes", { timeout: 30_000 }, () => {
  it("serves every size as a WebP of that width, made on the first request and stored in R2", async () => {
    const { key } = await listingWithPhoto();
    for (const width of PHOTO_WIDTHS) {
      expect(await exists(variantKey(key, width))).toBe(false);
      const res = await sized(key, width);
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Type")).toBe("image/webp");
      expect(res.headers.get("Cache-Control")).toBe(`public, max-age=${PUBLIC_PHOTO_MAX_AGE}`);
      expect(res.headers.get("ETag")).toBeTruthy();
      const got = await widthOf(res);
      expect(got).toMatchObject({ type: "image/webp", width });
      // Stored after the first request, with the bytes that were answered.
      const object = await env.PHOTOS.get(variantKey(key, width));
      expect(object).not.toBeNull();
      expect(object!.httpMetadata?.contentType).toBe("image/webp");
      expect((await object!.arrayBuffer()).byteLength).toBe(got.bytes);
    }
  });

  it("reads a size from R2 once made (never made again per request) and answers revalidations with 304", async () => {
    const { key } = await listingWithPhoto();
    expect((await sized(key, 480)).status).toBe(200);
    // Swap the stored size for a marker: the next answer must be the marker, so it came from R2.
    const marker = new Uint8Array([82, 73, 70, 70, 9, 9, 9, 9]);
    await env.PHOTOS.put(variantKey(key, 480), marker, { httpMetadata: { contentType: "image/webp" } });
    const again = await sized(key, 480);
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(marker);
    const etag = again.headers.get("ETag")!;
    const revalidated = await sized(key, 480, client()).then(() =>
      client().get(`/photos/${variantKey(key, 480)}`, { headers: { "If-None-Match": etag } }),
    );
    expect(revalidated.status).toBe(304);
  });

  it("never enlarges: a 600 px photo answers 360 and 480 for the small sizes and its own 600 for the larger ones", async () => {
    const { key } = await listingWithPhoto({ jpeg: SMALL_JPEG });
    const widths = [];
    for (const width of PHOTO_WIDTHS) {
      const res = await sized(key, width);
      expect(res.status).toBe(200);
      widths.push((await widthOf(res)).width);
    }
    expect(widths).toEqual([360, 480, 600, 600, 600]);
  });

  it("answers unknown sizes with a 4xx and stores nothing", async () => {
    const { key } = await listingWithPhoto();
    const before = await r2Keys("listing/");
    for (const width of ["500", "0480", "4800", "99999", "1", "0", "-480", "abc", "480.5", "", "480,960"]) {
      const res = await sized(key, width);
      expect(res.status, width).toBeGreaterThanOrEqual(400);
      expect(res.status, width).toBeLessThan(500);
      expect(res.headers.get("Cache-Control"), width).toBe("no-store");
    }
    const unknown = await sized(key, 500);
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ error: "Photo width must be one of 360, 480, 720, 960, 1600" });
    // A size of a photo that does not exist, and a size of a size.
    expect((await sized(`listing/${"a".repeat(24)}.webp`, 480)).status).toBe(404);
    expect((await client().get(`/photos/${variantKey(key, 480).replace(".webp", ".w480.webp")}`)).status).toBe(404);
    expect(await r2Keys("listing/")).toEqual(before);
  });

  it("hidden: the sizes reach only the owner and administrators, never cached", async () => {
    const { owner, listingId, key } = await listingWithPhoto();
    expect((await sized(key, 960)).status).toBe(200);
    expect((await owner.client.put(`/api/profiles/${listingId}/live`, { json: { live: false } })).status).toBe(200);
    const stranger = await signedIn();
    const admin = await signedIn({ admin: true });
    for (const width of PHOTO_WIDTHS) {
      // Made already (960) or not yet (480, 1600): either way nobody else gets it.
      expect((await sized(key, width)).status).toBe(404);
      expect((await sized(key, width, stranger.client)).status).toBe(404);
      for (const who of [owner, admin]) {
        const res = await sized(key, width, who.client);
        expect(res.status).toBe(200);
        expect(res.headers.get("Cache-Control")).toBe("private, no-store");
      }
    }
  });

  it("deleting a listing removes every size from R2 through the delete queue, and none is served", async () => {
    const { owner, listingId, key } = await listingWithPhoto();
    for (const width of PHOTO_WIDTHS) expect((await sized(key, width)).status).toBe(200);
    const all = [key, ...PHOTO_WIDTHS.map((w) => variantKey(key, w))];
    expect((await Promise.all(all.map(exists))).every(Boolean)).toBe(true);

    expect((await owner.client.delete(`/api/profiles/${listingId}/listing`)).status).toBe(200);
    for (const width of PHOTO_WIDTHS) expect((await sized(key, width, owner.client)).status).toBe(404);
    await eventually(async () => (await Promise.all(all.map(exists))).every((e) => !e), 5000);
  });

  it("deleting one photo removes its sizes and leaves the other photo's", async () => {
    const { owner, listingId, key, id } = await listingWithPhoto();
    const other = await storedPhoto(listingId, SMALL_JPEG, 2);
    for (const k of [key, other.key]) expect((await sized(k, 480)).status).toBe(200);

    expect((await owner.client.delete(`/api/profile/images/${id}`)).status).toBe(200);
    expect((await sized(key, 480)).status).toBe(404);
    await eventually(async () => !(await exists(variantKey(key, 480))) && !(await exists(key)), 5000);
    expect(await exists(variantKey(other.key, 480))).toBe(true);
  });

  it("deleting an account removes its photos' sizes", async () => {
    const { owner, key } = await listingWithPhoto({ logIn: true });
    expect((await sized(key, 1600)).status).toBe(200);
    const res = await owner.client.delete(`/api/profiles/${owner.userId}/account`, { json: { password: PASSWORD } });
    expect(res.status).toBe(200);
    await eventually(async () => !(await exists(variantKey(key, 1600))), 5000);
  });

  it("a size made while its photo was being deleted does not stay in R2", async () => {
    const { key } = await listingWithPhoto();
    // The photo's row went between the visibility check and the put of the new size.
    const made = await makeVariant(env, key, 960, async () => false);
    expect(made).toBeNull();
    await eventually(async () => !(await exists(variantKey(key, 960))), 5000);
  });

  it("a stored photo the binding cannot read is answered as itself, and nothing is stored", async () => {
    const listing = await insertListing({ live: true, verified: true });
    const key = `listing/${newId(24)}.webp`;
    await env.PHOTOS.put(key, new Uint8Array([82, 73, 70, 70, 1]), { httpMetadata: { contentType: "image/webp" } });
    await rows(
      "INSERT INTO listing_images (id, listing_id, r2_key, position, width, height, created_at) VALUES (?, ?, ?, 1, 600, 800, 1)",
      newId(),
      listing,
      key,
    );
    const res = await sized(key, 480);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-cache");
    expect(await exists(variantKey(key, 480))).toBe(false);
  });
});
