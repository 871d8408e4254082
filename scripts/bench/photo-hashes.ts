// The stolen-photo lookup at 100,000 photos (docs/decisions/0057-stolen-photos-caught-at-upload.md): a local
// D1 filled with 1,000 accounts of one listing with 100 photos each, every photo with a hash like the app's
// (64 bits, exactly 32 of them set: the median split) and one a real seed picture's, then the Worker's own
// lookup (findPhotoMatch, all 225 crop guesses of an upload, made from real pictures with sharp standing in
// for the Images binding) for a new picture, the stored one again and a cropped copy of it, with D1's
// rows_read. Target: at most 500 rows.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { withPlatformProxy } from "../platform-proxy.mjs";
import { hashBands } from "../../app/features/photos/phash";
import { findPhotoMatch, matchLookup } from "../../app/features/photos/phash.server";
import { fingerprintOfPng, THUMB_SIDE } from "../../app/features/photos/phash-crops";
import { generateDemoData } from "../../drizzle/seed/generate";
import { FULL, renderArt } from "../../drizzle/seed/photos";

export const PHOTO_COUNT = 100_000;
export const MAX_LOOKUP_ROWS_READ = 500;
const ACCOUNTS = 1_000;
const ROWS_PER_INSERT = 400;

/** A small seeded generator, so every run fills the same hashes. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 16 hex digits with exactly 32 bits set, as every hash the app makes. */
function randomHash(next: () => number): string {
  const bits: number[] = Array.from({ length: 64 }, (_, i) => (i < 32 ? 1 : 0));
  for (let i = 63; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [bits[i], bits[j]] = [bits[j], bits[i]];
  }
  let hex = "";
  for (let i = 0; i < 64; i += 4)
    hex += ((bits[i] << 3) | (bits[i + 1] << 2) | (bits[i + 2] << 1) | bits[i + 3]).toString(16);
  return hex;
}

const id = (prefix: string, n: number) => `${prefix}${n.toString(36).padStart(10, "0")}`;

async function fill(env: Env, hashes: string[]) {
  const now = Date.now();
  for (let a = 0; a < ACCOUNTS; a += ROWS_PER_INSERT) {
    const users: string[] = [];
    const listings: string[] = [];
    for (let u = a; u < Math.min(ACCOUNTS, a + ROWS_PER_INSERT); u++) {
      users.push(`('${id("u", u)}','bench-${u}@hash.test','B','x','provider',0,${now},${now})`);
      listings.push(`('${id("l", u)}','${id("u", u)}','B',${now},${now},${now})`);
    }
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO users (id, email, first_name, password_hash, account_type, agency, created_at, updated_at) VALUES ${users.join(",")}`,
      ),
      env.DB.prepare(
        `INSERT INTO listings (id, user_id, first_name, listed_at, created_at, updated_at) VALUES ${listings.join(",")}`,
      ),
    ]);
  }
  const perAccount = hashes.length / ACCOUNTS;
  for (let p = 0; p < hashes.length; p += ROWS_PER_INSERT) {
    const images: string[] = [];
    const rows: string[] = [];
    for (let i = p; i < Math.min(hashes.length, p + ROWS_PER_INSERT); i++) {
      const listing = id("l", Math.floor(i / perAccount));
      images.push(`('${id("i", i)}','${listing}','listing/${id("k", i)}',${(i % perAccount) + 1},600,800,${now})`);
      const [b0, b1, b2] = hashBands(hashes[i]);
      rows.push(`('${id("i", i)}','${listing}','${hashes[i]}',${b0},${b1},${b2})`);
    }
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO listing_images (id, listing_id, r2_key, position, width, height, created_at) VALUES ${images.join(",")}`,
      ),
      env.DB.prepare(`INSERT INTO photo_hashes (image_id, listing_id, hash, b0, b1, b2) VALUES ${rows.join(",")}`),
    ]);
  }
}

/** The Worker's fingerprint of a picture, with sharp making the thumbnail as the local Images binding does. */
async function fingerprint(bytes: Uint8Array, crop?: { left: number; top: number; width: number; height: number }) {
  const sharp = (await import("sharp")).default;
  let image = sharp(bytes).rotate();
  if (crop) image = sharp(await image.extract(crop).png().toBuffer());
  const png = await image.resize(THUMB_SIDE, THUMB_SIDE, { fit: "fill" }).png().toBuffer();
  return fingerprintOfPng(new Uint8Array(png));
}

/** Three real seed pictures: one stored among the 100,000, one never stored. */
async function seedPictures(): Promise<Uint8Array[]> {
  const data = generateDemoData({ listings: 5, now: Date.UTC(2026, 10, 1), seed: "kiwi-companions" });
  const arts = data.photos.slice(0, 2).map((p) => p.art);
  return Promise.all(
    arts.map((art) => {
      if ("pool" in art) throw new Error("the demo run draws its own pictures");
      return renderArt(art, FULL, join("node_modules", ".cache", "seed", "photos"));
    }),
  );
}

const STORED_AT = 12_345;

export async function photoHashRowsRead(cacheDir: string): Promise<Record<string, string | number>[]> {
  const dir = join(cacheDir, `store-photo-hashes-${PHOTO_COUNT}`);
  const marker = join(dir, "filled");
  const next = rng(57);
  const hashes = Array.from({ length: PHOTO_COUNT }, () => randomHash(next));
  const [stored, fresh] = await seedPictures();
  const original = await fingerprint(stored);
  // One real picture among the random ones: the copies below must find it.
  hashes[STORED_AT] = original.hash;
  if (!existsSync(marker)) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const r = spawnSync(
      "node",
      ["scripts/wrangler-d1.mjs", "migrations", "apply", "DB", "--local", "--persist-to", dir],
      {
        stdio: "inherit",
      },
    );
    if (r.status !== 0) throw new Error("bench: migrations for the photo hash store failed");
    console.log(`Filling ${PHOTO_COUNT} photo hashes into ${dir} ...`);
    await withPlatformProxy("bench: filling photo hashes", dir, (env: Env) => fill(env, hashes));
    writeFileSync(marker, new Date().toISOString());
  }
  return withPlatformProxy("bench: the photo lookup's rows_read", dir, async (env: Env) => {
    const cases: [string, string[]][] = [
      ["a new photo (its 225 crop guesses)", (await fingerprint(fresh)).lookups],
      ["the stored photo uploaded again", original.lookups],
      [
        "a copy cropped 7 % left and 3 % top",
        (await fingerprint(stored, { left: 42, top: 24, width: 558, height: 776 })).lookups,
      ],
    ];
    const out: Record<string, string | number>[] = [];
    for (const [name, lookups] of cases) {
      // The Worker's own query, run once for its answer and once more for D1's meta.
      const match = await findPhotoMatch(env, "bench-uploader", { hash: lookups[0], lookups });
      const result = await matchLookup(env, "bench-uploader", lookups).all();
      out.push({
        photos: PHOTO_COUNT,
        lookup: name,
        "distinct band values": new Set(lookups.flatMap((h) => hashBands(h).map((b, k) => `${k}:${b}`))).size,
        candidates: result.results.length,
        match: match ? `${match.distance} bits` : "none",
        rows_read: result.meta.rows_read as number,
      });
    }
    return out;
  });
}
