/// <reference types="node" />
// Demo data for a first run: `npm run db:seed` (scripts/seed.mjs bundles this file and calls main()).
// Writes into the same local state `wrangler dev --persist-to DIR` uses, through a store of its own (store.ts).
// The D1 migrations must already be applied to DIR.
import { availableParallelism } from "node:os";
import path from "node:path";
import { hashPassword } from "../../app/features/accounts/password.server";
import { newToken } from "../../app/platform/data/ids";
import { MAX_SOURCE_SIDE, OUTPUT_MAX_SIDE } from "../../app/features/photos/rules";
import { REGIONS } from "../../app/core/regions";
import { hasSealingKey, sealSecret } from "../../app/platform/crypto/sealing-key.server";
import { demoInsights } from "./insights";
import { safetyNetStatements } from "./safety-net";
import { DEMO_ACCOUNTS, DEMO_ADMIN_TOTP_SECRET } from "./demo-accounts";
import { generateDemoData, MIN_LISTINGS, PHOTO_HEIGHT, PHOTO_WIDTH } from "./generate";
import type { DemoData, Row } from "./generate";
import { duringStep, failureText, NOTHING_WRITTEN, SeedError, undoSeed } from "./failure";
import { insertStatements, runInBatches } from "./insert";
import { eachLimit, FULL, pictureHash, putPhoto, renderArt, sizedRendering } from "./photos";
import type { Rendering } from "./photos";
import { openSeedStore, statement } from "./store";
import type { SeedStore } from "./store";

export { DEMO_ACCOUNTS, DEMO_ADMIN_TOTP_SECRET } from "./demo-accounts";
export { SeedError } from "./failure";

export const DEFAULT_LISTINGS = 72;
export const DEFAULT_PERSIST_TO = ".wrangler/state";
export const DEFAULT_SEED = "kiwi-companions";
/** Above this many listings, pictures come from a shared pool and generated passwords share hashes. */
export const LARGE_RUN = 500;
const POOL_SIZE = 40;
const POOL_RENDERING: Rendering = { width: 600, height: 800, quality: 70 };
const HASH_POOL = 64;

export type SeedOptions = {
  listings: number;
  persistTo: string;
  ifEmpty: boolean;
  quiet: boolean;
  seed: string;
  /** Project root: where wrangler.toml is. */
  root: string;
  /** Where rendered pictures are cached, or null for no cache. */
  cacheDir: string | null;
  /** Print the demo logins after seeding. */
  logins: boolean;
  /** The pictures' stored size (an upload's, after the pipeline's scaling); null for the demo's own 600x800. */
  photoSize: { width: number; height: number } | null;
};

const MIN_PHOTO_SIDE = 16;

export type SeedResult =
  | { skipped: true; users: number }
  | {
      skipped: false;
      listings: number;
      live: number;
      users: number;
      photos: number;
      photoBytes: number;
      regions: { region: string; listings: number; live: number }[];
      ms: number;
    };

const USAGE = `Usage: node scripts/seed.mjs [--listings N] [--persist-to DIR] [--if-empty] [--quiet] [--seed TEXT] [--photo-size WxH]

  --listings N      listings to create, at least ${MIN_LISTINGS} (default ${DEFAULT_LISTINGS})
  --persist-to DIR  local state folder, as for \`wrangler dev --persist-to\` (default ${DEFAULT_PERSIST_TO}; data in DIR/v3)
  --if-empty        do nothing (exit 0) when the users table already has rows
  --quiet           print errors only
  --seed TEXT       seed for the generated values (default ${DEFAULT_SEED}); ids are always random
  --no-cache        render every picture again instead of reusing node_modules/.cache/seed/photos
  --no-logins       do not print the demo logins (npm start prints them itself)
  --photo-size WxH  pictures as an upload of this size is stored (e.g. 2400x3200, stored as the upload
                    pipeline does: longest side at most ${OUTPUT_MAX_SIDE}, so 1800x2400), with a camera-like
                    grain; each side ${MIN_PHOTO_SIDE} to ${MAX_SOURCE_SIDE}; default ${PHOTO_WIDTH}x${PHOTO_HEIGHT} without grain

Apply the migrations first: node scripts/wrangler-d1.mjs migrations apply DB --local --persist-to DIR`;

export class UsageError extends Error {}

export function parseArgs(argv: readonly string[], root: string): SeedOptions | "help" {
  const options: SeedOptions = {
    listings: DEFAULT_LISTINGS,
    persistTo: DEFAULT_PERSIST_TO,
    ifEmpty: false,
    quiet: false,
    seed: DEFAULT_SEED,
    root,
    cacheDir: path.join(root, "node_modules", ".cache", "seed", "photos"),
    logins: true,
    photoSize: null,
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] =
      argv[i].startsWith("--") && argv[i].includes("=") ? argv[i].split(/=(.*)/s, 2) : [argv[i], undefined];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined || v === "") throw new UsageError(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case "--listings": {
        const raw = value();
        const n = Number(raw);
        if (!/^\d+$/.test(raw) || n < MIN_LISTINGS)
          throw new UsageError(`--listings must be a whole number of at least ${MIN_LISTINGS}`);
        options.listings = n;
        break;
      }
      case "--persist-to":
        options.persistTo = value();
        break;
      case "--seed":
        options.seed = value();
        break;
      case "--if-empty":
        options.ifEmpty = true;
        break;
      case "--quiet":
        options.quiet = true;
        break;
      case "--no-logins":
        options.logins = false;
        break;
      case "--no-cache":
        options.cacheDir = null;
        break;
      case "--photo-size":
        options.photoSize = parsePhotoSize(value());
        break;
      case "--help":
      case "-h":
        return "help";
      default:
        throw new UsageError(`Unknown argument: ${argv[i]}`);
    }
  }
  return options;
}

/**
 * "2400x3200" (an upload's size) → the size the upload pipeline stores it at, { width: 1800, height: 2400 };
 * anything else is a usage error.
 */
export function parsePhotoSize(raw: string): { width: number; height: number } {
  const m = /^(\d{1,5})x(\d{1,5})$/i.exec(raw.trim());
  const width = m ? Number(m[1]) : NaN;
  const height = m ? Number(m[2]) : NaN;
  const fits = (n: number) => n >= MIN_PHOTO_SIDE && n <= MAX_SOURCE_SIDE;
  if (!fits(width) || !fits(height)) {
    throw new UsageError(
      `--photo-size must be WIDTHxHEIGHT in pixels, each side from ${MIN_PHOTO_SIDE} to ${MAX_SOURCE_SIDE} (e.g. 2400x3200)`,
    );
  }
  const scale = Math.min(1, OUTPUT_MAX_SIDE / Math.max(width, height));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

/** Entry point for scripts/seed.mjs. Returns the process exit code. */
export async function main(argv: readonly string[], root: string): Promise<number> {
  let options: SeedOptions | "help";
  try {
    options = parseArgs(argv, root);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (options === "help") {
    console.log(USAGE);
    return 0;
  }
  try {
    const result = await seed(options);
    if (!options.quiet) printResult(result, options);
    return 0;
  } catch (error) {
    if (!(error instanceof SeedError)) throw error;
    console.error(failureText(error));
    return 1;
  }
}

const REQUIRED_TABLES = [
  "users",
  "listings",
  "listing_images",
  "listing_rates",
  "listing_special_rates",
  "listing_stats",
];

export async function seed(options: SeedOptions): Promise<SeedResult> {
  const started = Date.now();
  const dir = path.join(options.persistTo, "v3");
  const log = (message: string) => {
    if (!options.quiet) console.log(message);
  };
  const store = await duringStep("starting the local store (workerd)", NOTHING_WRITTEN, () =>
    openSeedStore(options.root, options.persistTo),
  );
  try {
    const existing = await duringStep("reading the database", NOTHING_WRITTEN, () => usersIn(store, options));
    if (existing > 0) {
      if (options.ifEmpty) return { skipped: true, users: existing };
      throw new SeedError(
        `${options.persistTo} already has ${existing} users. Seed an empty database: delete ${options.persistTo} ` +
          `and apply the migrations again, or pass --if-empty to leave it as it is.`,
      );
    }

    const now = Date.now();
    const large = options.listings > LARGE_RUN;
    const data = generateDemoData({
      listings: options.listings,
      now,
      seed: options.seed,
      poolSize: large ? POOL_SIZE : undefined,
      photoSize: options.photoSize ?? undefined,
    });
    log(`Seeding ${data.listings.length} listings into ${dir} ...`);

    let t = Date.now();
    await hashPasswords(data, large);
    log(
      `  hashed passwords for ${data.users.length} users in ${seconds(t)}${large ? ` (generated providers share ${HASH_POOL} random ones)` : ""}`,
    );

    // The demo administrator's TOTP secret, sealed with the key `wrangler dev` will read from .dev.vars.
    const admin = data.users.find((u) => u.role === "admin");
    if (!admin) throw new SeedError("the demo data has no administrator");
    if (!hasSealingKey(store.vars))
      throw new SeedError("SEALING_KEY is missing from .dev.vars (scripts/seed.mjs writes one; run it again).");
    const adminId = String(admin.row.id);
    const sealedAdminSecret = await sealSecret(store.vars, adminId, DEMO_ADMIN_TOTP_SECRET);
    // Demo Safety Net alerts, reported by generated providers (drizzle/seed/safety-net.ts).
    if (!store.vars.SAFETY_NET_KEY)
      throw new SeedError("SAFETY_NET_KEY is missing from .dev.vars (scripts/seed.mjs writes one; run it again).");
    const reporters = data.users.filter((u) => u.role === "provider").map((u) => String(u.row.id));
    const safetyNet = reporters.length > 0 ? await safetyNetStatements(store.vars, reporters, now) : [];

    // 90 days of insights for the demo providers' listings (drizzle/seed/insights.ts).
    const insights = demoInsights(
      data.listings.slice(0, MIN_LISTINGS).map((row) => ({
        id: String(row.id),
        location: String(row.location ?? ""),
        photos: data.photos.filter((p) => p.row.listing_id === row.id).map((p) => String(p.row.r2_key)),
      })),
      now,
      options.seed,
    );

    let photoBytes = 0;
    // Every picture's perceptual hash, so demo photos are matched like uploaded ones (decision 0066).
    const hashes: Row[] = [];
    let step = "storing the pictures in R2";
    try {
      // Pictures first, so no row ever points at a missing object.
      t = Date.now();
      photoBytes = await storePhotos(data, store, options, large, hashes);
      log(`  stored ${data.photos.length} pictures (${(photoBytes / 1e6).toFixed(1)} MB) in R2 in ${seconds(t)}`);
      step = "inserting the rows into D1";
      t = Date.now();
      await runInBatches(store, [
        ...insertStatements(
          "users",
          data.users.map((u) => u.row),
        ),
        ...insertStatements("listings", data.listings),
        ...insertStatements(
          "listing_images",
          data.photos.map((p) => p.row),
        ),
        ...insertStatements("photo_hashes", hashes),
        ...insertStatements("listing_rates", data.rates),
        ...insertStatements("listing_special_rates", data.specialRates),
        ...insertStatements("tour_stops", data.tourStops),
        ...insertStatements("listing_stats", data.stats),
        ...insertStatements("listing_daily", insights.daily),
        ...insertStatements("listing_photo_daily", insights.photos),
        ...insertStatements("listing_region_daily", insights.regions),
        ...insertStatements("subscriptions", data.subscriptions),
        ...insertStatements("agencies", data.agencies),
        ...insertStatements("worker_consents", data.workerConsents),
        statement(
          "INSERT INTO totp_factors (user_id, secret, enabled_at, last_step) VALUES (?, ?, ?, 0)",
          adminId,
          sealedAdminSecret,
          now,
        ),
        ...safetyNet,
      ]);
      log(`  inserted rows in ${seconds(t)}`);
    } catch (error) {
      // Leave the store as it was rather than half seeded, so --if-empty never mistakes it for a finished seed.
      throw await undoSeed(store, data, step, options.persistTo, error);
    }

    return {
      skipped: false,
      listings: data.listings.length,
      live: data.listings.filter((l) => l.live === 1).length,
      users: data.users.length,
      photos: data.photos.length,
      photoBytes,
      regions: REGIONS.map((region) => {
        const inRegion = data.listings.filter((l) => l.location === region);
        return { region, listings: inRegion.length, live: inRegion.filter((l) => l.live === 1).length };
      }),
      ms: Date.now() - started,
    };
  } finally {
    await store.dispose();
  }
}

/** The users the store already has; a SeedError naming the command to run when the migrations are missing. */
async function usersIn(store: SeedStore, options: SeedOptions): Promise<number> {
  const tables = await store.all<{ name: string }>(
    statement(
      `SELECT name FROM sqlite_master WHERE type = 'table' AND name IN (${REQUIRED_TABLES.map(() => "?").join(", ")})`,
      ...REQUIRED_TABLES,
    ),
  );
  const missing = REQUIRED_TABLES.filter((t) => !tables.some((r) => r.name === t));
  if (missing.length) {
    throw new SeedError(
      `the ${missing.includes("listings") ? "listings" : missing[0]} table is missing in ${path.join(options.persistTo, "v3")}.\n` +
        `Apply the migrations first: node scripts/wrangler-d1.mjs migrations apply DB --local --persist-to ${options.persistTo}`,
    );
  }
  const [row] = await store.all<{ n: number }>(statement("SELECT count(*) AS n FROM users"));
  return row?.n ?? 0;
}

async function hashPasswords(data: DemoData, large: boolean): Promise<void> {
  // PBKDF2 at full cost takes ~20 ms a hash. Generated providers get random passwords nobody knows;
  // on large runs they share a pool of such hashes instead of each costing its own.
  const generated = data.users.filter((u) => u.role === "provider");
  const distinct = large ? Math.min(HASH_POOL, generated.length) : generated.length;
  const pool = await Promise.all(Array.from({ length: distinct }, () => hashPassword(newToken(18))));
  generated.forEach((u, i) => {
    u.row.password_hash = pool[i % pool.length];
  });
  await Promise.all(
    data.users
      .filter((u) => u.role !== "provider")
      .map(async (u) => {
        u.row.password_hash = await hashPassword(u.password);
      }),
  );
}

async function storePhotos(
  data: DemoData,
  store: SeedStore,
  options: SeedOptions,
  large: boolean,
  hashes: Row[],
): Promise<number> {
  const hashRow = (photo: DemoData["photos"][number], h: Awaited<ReturnType<typeof pictureHash>>) =>
    hashes.push({ image_id: photo.row.id, listing_id: photo.row.listing_id, ...h });
  let bytes = 0;
  const cpus = availableParallelism();
  if (large) {
    // Render the pool once; every image row still gets its own key and object.
    const pool: Uint8Array<ArrayBuffer>[] = [];
    const rendering = options.photoSize
      ? { ...sizedRendering(options.photoSize.width, options.photoSize.height), quality: POOL_RENDERING.quality }
      : POOL_RENDERING;
    const poolHashes: Awaited<ReturnType<typeof pictureHash>>[] = [];
    await eachLimit(data.pool, cpus, async (art, i) => {
      pool[i] = await renderArt(art, rendering, options.cacheDir);
      poolHashes[i] = await pictureHash(pool[i]);
    });
    await eachLimit(data.photos, 32, async (photo) => {
      if (!("pool" in photo.art)) throw new Error("large runs use pool pictures");
      const picture = pool[photo.art.pool];
      hashRow(photo, poolHashes[photo.art.pool]);
      bytes += picture.byteLength;
      await putPhoto(store, photo.key, picture);
    });
    return bytes;
  }
  // Rendering is CPU-bound (one core per picture); the puts overlap it.
  const rendering = options.photoSize ? sizedRendering(options.photoSize.width, options.photoSize.height) : FULL;
  await eachLimit(data.photos, cpus + 1, async (photo) => {
    if ("pool" in photo.art) throw new Error("small runs draw their own pictures");
    const picture = await renderArt(photo.art, rendering, options.cacheDir);
    hashRow(photo, await pictureHash(picture));
    bytes += picture.byteLength;
    await putPhoto(store, photo.key, picture);
  });
  return bytes;
}

function printResult(result: SeedResult, options: SeedOptions): void {
  if (result.skipped) {
    console.log(`Demo data already present in ${options.persistTo} (${result.users} users): seed skipped.`);
    return;
  }
  console.log(
    `Seeded ${result.listings} listings (${result.live} live), ${result.users} users and ${result.photos} pictures in ${(result.ms / 1000).toFixed(1)} s.`,
  );
  const width = Math.max(...result.regions.map((r) => r.region.length));
  for (const r of result.regions)
    console.log(
      `  ${r.region.padEnd(width)}  ${String(r.listings).padStart(5)} listings, ${String(r.live).padStart(5)} live`,
    );
  if (options.logins) printAccounts();
}

export function printAccounts(): void {
  console.log("Demo logins:");
  const width = Math.max(...DEMO_ACCOUNTS.map((a) => a.email.length));
  for (const a of DEMO_ACCOUNTS) console.log(`  ${a.role.padEnd(12)} ${a.email.padEnd(width)}  ${a.password}`);
  console.log(`  (the administrator also needs a code: npm run totp, or secret ${DEMO_ADMIN_TOTP_SECRET} in an app)`);
}

function seconds(since: number): string {
  return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}
