import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { sniffImage, webpChunks } from "~/features/photos/rules";
import { processPhoto, WATERMARK_OPACITY } from "~/features/photos/pipeline.server";
import { PENDING_TTL_MS, sweepOrphanObjects } from "~/features/photos/pending-uploads.server";
import worker from "../../workers/app";
import { client, signedIn, upload, uploadIds } from "./client";
import {
  BIG_JPEG,
  countRows,
  positions,
  r2Keys,
  rows,
  saveForm,
  SMALL_JPEG,
  validValues,
  WIDE_PNG,
} from "./editor-fixtures";
import { carriesMetadata, withGpsExif } from "./jpeg-exif";
import { backgroundWorkDone } from "./background";

async function pendingObject(uploadId: string) {
  const [row] = await rows<{ r2_key: string; width: number; height: number }>(
    "SELECT r2_key, width, height FROM pending_uploads WHERE id = ?",
    uploadId,
  );
  const object = await env.PHOTOS.get(row.r2_key);
  return { row, bytes: new Uint8Array(await object!.arrayBuffer()), contentType: object!.httpMetadata?.contentType };
}

describe("POST /api/uploads: every stored photo is processed on the server", () => {
  it("turns a 3000x2000 JPEG with GPS EXIF into a 2400 px WebP with no metadata", async () => {
    const owner = await signedIn({ agency: true });
    const withGps = withGpsExif(BIG_JPEG);
    expect(carriesMetadata(withGps)).toBe(true);
    const res = await upload(owner, withGps, "IMG_0001.JPG", "image/jpeg");
    expect(res.status).toBe(201);
    const body = (await res.json()) as { uploadId: string; width: number; height: number };
    expect(body).toEqual({ uploadId: expect.any(String), width: 2400, height: 1600 });

    const { row, bytes, contentType } = await pendingObject(body.uploadId);
    expect(row.r2_key).toMatch(/^pending\/[0-9a-z]{24}\.webp$/);
    expect(contentType).toBe("image/webp");
    expect(sniffImage(bytes)).toMatchObject({ type: "image/webp", width: 2400, height: 1600 });
    expect(Math.max(row.width, row.height)).toBe(2400);
    // No EXIF/XMP chunk, no GPS block, no camera name anywhere in the file.
    expect(webpChunks(bytes).filter((c) => c === "EXIF" || c === "XMP ")).toEqual([]);
    expect(carriesMetadata(bytes)).toBe(false);
  });

  it("keeps a small photo at its own size (never enlarged)", async () => {
    const owner = await signedIn({ agency: true });
    const res = await upload(owner, SMALL_JPEG);
    expect(await res.json()).toMatchObject({ width: 600, height: 800 });
  });

  it("never serves a pending photo", async () => {
    const owner = await signedIn({ agency: true });
    const [id] = await uploadIds(owner, 1);
    const [row] = await rows<{ r2_key: string }>("SELECT r2_key FROM pending_uploads WHERE id = ?", id);
    expect((await client().get(`/photos/${row.r2_key}`)).status).toBe(404);
  });

  it("decides the type by the bytes: a text file named .jpg is refused", async () => {
    const owner = await signedIn({ agency: true });
    const res = await upload(
      owner,
      new TextEncoder().encode("I am not a photo, whatever my name says."),
      "holiday.jpg",
      "image/jpeg",
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "Only JPEG, PNG or WebP images can be uploaded.", problem: "type" });
    expect(await countRows("pending_uploads")).toBe(0);
    expect(await r2Keys("pending/")).toEqual([]);
  });

  it("accepts a real photo whatever its name and claimed type", async () => {
    const owner = await signedIn({ agency: true });
    expect((await upload(owner, SMALL_JPEG, "notes.txt", "text/plain")).status).toBe(201);
  });

  it("refuses a photo more than 8000 px on a side (a 9000x10 PNG of a few hundred bytes)", async () => {
    const owner = await signedIn({ agency: true });
    expect(WIDE_PNG.length).toBeLessThan(2000);
    const res = await upload(owner, WIDE_PNG, "wide.png", "image/png");
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ problem: "dimensions" });
    expect(await countRows("pending_uploads")).toBe(0);
  });

  it("refuses a file over 10 MB with 413", async () => {
    const owner = await signedIn({ agency: true });
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(SMALL_JPEG.subarray(0, 64));
    const res = await upload(owner, big);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ problem: "size" });
  });

  it("answers a corrupt JPEG with the processing message", async () => {
    const owner = await signedIn({ agency: true });
    const broken = SMALL_JPEG.slice(0, 600);
    const res = await upload(owner, broken);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: "Failed to process one or more images. Please try again with different images.",
      problem: "process",
    });
  });

  it("needs a signed-in user, a file and POST", async () => {
    expect((await client().post("/api/uploads", { multipart: new FormData() })).status).toBe(401);
    const owner = await signedIn({ agency: true });
    expect((await owner.client.post("/api/uploads", { multipart: new FormData() })).status).toBe(400);
    expect((await owner.client.get("/api/uploads")).status).toBe(405);
    const notMultipart = await owner.client.post("/api/uploads", { json: "{}" });
    expect(notMultipart.status).toBe(415);
  });
});

describe("photos in a save", () => {
  it("refuses a batch of 21 files and stores nothing", async () => {
    const owner = await signedIn({ agency: true });
    const files = Array.from(
      { length: 21 },
      (_, i) => new File([SMALL_JPEG as Uint8Array<ArrayBuffer>], `p${i}.jpg`, { type: "image/jpeg" }),
    );
    const res = await owner.client.post("/api/profiles", { multipart: saveForm(validValues(), {}, files) });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "You can only upload up to 20 images at once.", page: 1 });
    expect(await countRows("listings")).toBe(0);
    expect(await r2Keys("")).toEqual([]);
  });

  it("accepts additionalImages file parts through the same processing", async () => {
    const owner = await signedIn({ agency: true });
    const files = [BIG_JPEG, SMALL_JPEG, SMALL_JPEG].map(
      (b, i) => new File([b as Uint8Array<ArrayBuffer>], `p${i}.jpg`, { type: "image/jpeg" }),
    );
    const res = await owner.client.post("/api/profiles", {
      multipart: saveForm(validValues(), { newImagePositions: [3, 1, 2] }, files),
    });
    expect(res.status).toBe(201);
    const profile = (await res.json()) as { images: { url: string; position: number; width: number }[] };
    expect(profile.images.map((i) => [i.position, i.width])).toEqual([
      [1, 600],
      [2, 600],
      [3, 2400],
    ]);
    for (const image of profile.images) {
      // A new listing is hidden until verified: its photos go to its owner only.
      const served = await owner.client.get(image.url);
      expect(served.status).toBe(200);
      expect(served.headers.get("Content-Type")).toBe("image/webp");
    }
  });

  it("moves uploads to random public keys and removes the pending copies", async () => {
    const owner = await signedIn({ agency: true });
    const ids = await uploadIds(owner, 3);
    const pendingBefore = await r2Keys("pending/");
    expect(pendingBefore).toHaveLength(3);
    const res = await owner.client.post("/api/profiles", {
      multipart: saveForm(validValues(), { uploadIds: positions(ids) }),
    });
    expect(res.status).toBe(201);
    await backgroundWorkDone();
    expect(await countRows("pending_uploads")).toBe(0);
    expect(await r2Keys("pending/")).toEqual([]);
    const keys = await r2Keys("listing/");
    expect(keys).toHaveLength(3);
    for (const key of keys) expect(key).toMatch(/^listing\/[0-9a-z]{24}\.webp$/);
  });

  it("cannot use another user's upload", async () => {
    const owner = await signedIn({ agency: true });
    const stranger = await signedIn({ agency: true });
    const theirs = await uploadIds(stranger, 3);
    const res = await owner.client.post("/api/profiles", {
      multipart: saveForm(validValues(), { uploadIds: positions(theirs) }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: "Some photos expired or were already saved. Please add them again.",
      page: 1,
    });
    expect(await countRows("pending_uploads", "user_id = ?", stranger.userId)).toBe(3);
  });
});

describe("the processing pipeline (with a recording Images binding)", () => {
  function recordingBinding(size: { width: number; height: number }) {
    const calls: { op: string; arg?: unknown }[] = [];
    const transformer = (source: string): ImageTransformer => {
      const t: ImageTransformer = {
        transform(transform) {
          calls.push({ op: `${source}.transform`, arg: transform });
          return t;
        },
        draw(image, options) {
          calls.push({ op: `${source}.draw`, arg: options });
          return t;
        },
        async output(options) {
          calls.push({ op: `${source}.output`, arg: options });
          // A real WebP of the expected size, so the pipeline's own checks pass.
          const bytes = webpOf(size.width > 2400 || size.height > 2400 ? scaled(size) : size);
          return {
            response: () => new Response(bytes as Uint8Array<ArrayBuffer>),
            contentType: () => "image/webp",
            image: () => new Response(bytes as Uint8Array<ArrayBuffer>).body!,
          };
        },
      };
      return t;
    };
    let inputs = 0;
    const binding = {
      async info() {
        calls.push({ op: "info" });
        return { format: "image/jpeg", fileSize: 1000, ...size };
      },
      input() {
        inputs++;
        return transformer(inputs === 1 ? "photo" : "watermark");
      },
      hosted: undefined as never,
    } satisfies ImagesBinding;
    return { binding, calls };
  }
  const scaled = ({ width, height }: { width: number; height: number }) => {
    const s = 2400 / Math.max(width, height);
    return { width: Math.round(width * s), height: Math.round(height * s) };
  };
  /** A minimal lossless WebP header (VP8L) announcing the given size. */
  function webpOf({ width, height }: { width: number; height: number }): Uint8Array {
    const b = new Uint8Array(30);
    b.set(new TextEncoder().encode("RIFF"), 0);
    new DataView(b.buffer).setUint32(4, 22, true);
    b.set(new TextEncoder().encode("WEBPVP8L"), 8);
    new DataView(b.buffer).setUint32(16, 10, true);
    b[20] = 0x2f;
    const bits = (width - 1) | ((height - 1) << 14);
    new DataView(b.buffer).setUint32(21, bits >>> 0, true);
    return b;
  }

  it("resizes only above 2400, on the longer side; draws the watermark with opacity; WebP at quality 90", async () => {
    const { binding, calls } = recordingBinding({ width: 3000, height: 2000 });
    const result = await processPhoto(binding, new Blob([BIG_JPEG as Uint8Array<ArrayBuffer>]));
    expect(result).toMatchObject({ ok: true, photo: { width: 2400, height: 1600 } });
    expect(calls).toEqual([
      { op: "info" },
      { op: "photo.transform", arg: { width: 2400, fit: "scale-down" } },
      { op: "watermark.transform", arg: { width: 1200 } },
      { op: "photo.draw", arg: { opacity: WATERMARK_OPACITY } },
      { op: "photo.output", arg: { format: "image/webp", quality: 90 } },
    ]);
  });

  it("does not resize a photo that fits", async () => {
    const { binding, calls } = recordingBinding({ width: 600, height: 800 });
    const result = await processPhoto(binding, new Blob([SMALL_JPEG as Uint8Array<ArrayBuffer>]));
    expect(result).toMatchObject({ ok: true, photo: { width: 600, height: 800 } });
    expect(calls.map((c) => c.op)).toEqual(["info", "watermark.transform", "photo.draw", "photo.output"]);
    expect(calls[1].arg).toEqual({ width: 300 });
  });

  it("trusts the binding's size over the header (refuses 9000 px it reports)", async () => {
    const { binding } = recordingBinding({ width: 9000, height: 100 });
    expect(await processPhoto(binding, new Blob([SMALL_JPEG as Uint8Array<ArrayBuffer>]))).toMatchObject({
      ok: false,
      problem: "dimensions",
    });
  });
});

describe("stale uploads are swept", () => {
  async function pendingRow(userId: string, createdAt: number) {
    const key = `pending/${crypto.randomUUID().replace(/-/g, "").slice(0, 24)}.webp`;
    await env.PHOTOS.put(key, SMALL_JPEG);
    await env.DB.prepare(
      "INSERT INTO pending_uploads (id, user_id, r2_key, width, height, created_at) VALUES (?, ?, ?, 600, 800, ?)",
    )
      .bind(crypto.randomUUID().replace(/-/g, "").slice(0, 16), userId, key, createdAt)
      .run();
    return key;
  }

  it("by the cron: rows and objects older than an hour go, fresh ones stay", async () => {
    const owner = await signedIn({ agency: true });
    const now = Date.now();
    const stale = await pendingRow(owner.userId, now - PENDING_TTL_MS - 60_000);
    const fresh = await pendingRow(owner.userId, now - 60_000);
    // The Worker's own scheduled handler, as the Cron Trigger calls it.
    const controller = createScheduledController({ scheduledTime: now, cron: "*/30 * * * *" });
    const ctx = createExecutionContext();
    await worker.scheduled(controller, env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await countRows("pending_uploads")).toBe(1);
    expect(await env.PHOTOS.head(stale)).toBeNull();
    expect(await env.PHOTOS.head(fresh)).not.toBeNull();
  });

  it("on the owner's next upload", async () => {
    const owner = await signedIn({ agency: true });
    const stale = await pendingRow(owner.userId, Date.now() - 2 * PENDING_TTL_MS);
    expect((await upload(owner)).status).toBe(201);
    await backgroundWorkDone();
    expect(await env.PHOTOS.head(stale)).toBeNull();
    expect(await countRows("pending_uploads", "user_id = ?", owner.userId)).toBe(1);
  });

  it("objects under pending/ without a row go after the hour too", async () => {
    await env.PHOTOS.put("pending/orphanorphanorphanorphan1.webp", SMALL_JPEG);
    await env.PHOTOS.put("listing/keepkeepkeepkeepkeepkeep.webp", SMALL_JPEG);
    expect(await sweepOrphanObjects(env, Date.now())).toBe(0);
    expect(await sweepOrphanObjects(env, Date.now() + PENDING_TTL_MS + 1000)).toBe(1);
    expect(await r2Keys("pending/")).toEqual([]);
    expect(await r2Keys("listing/")).toHaveLength(1);
  });
});
