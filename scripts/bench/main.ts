// `npm run bench`: prints the figures the issues ask for. Not a test: nothing here passes or fails.
// `npm run bench -- --rows-only` stops after the D1 rows_read tables.
// `--quick` measures issue 14's Targets alone (beside the framework floor), with short runs.
// `--seconds N` sets the load time per URL (default 10, quick 3); `--soak N` the soak time (default 60, quick 10).
// `--lighthouse` adds Lighthouse (mobile) figures for /, a region and a profile, over 100 listings whose
// photos are 2400x3200 uploads (a store of its own, seeded once).
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { prepareStore, startApp } from "../../tests/e2e/server";
import { ensureFloor, floorAssetPath, startFloor } from "./floor";
import { gridLoad, gridRowsRead, homeJavaScript } from "./grid";
import { photoBench } from "./photos";
import { profileLoad } from "./profile";
import { searchLoad, searchRowsRead } from "./search";
import { targets } from "./targets";

const CACHE = join("node_modules", ".cache", "bench");
/** The photos Lighthouse sees: a phone camera's upload, as the issue's target has it. */
const LIGHTHOUSE_PHOTO_SIZE = "2400x3200";

/**
 * A seeded store per size, kept between runs (seeding 10,000 listings takes a while). `photoSize`: its
 * pictures stored as uploads of that size are ("2400x3200"), rather than the demo's 600x800.
 */
function store(listings: number, photoSize?: string): string {
  const dir = join(CACHE, photoSize ? `store-${listings}-${photoSize}` : `store-${listings}`);
  const marker = join(dir, "seeded");
  if (!existsSync(marker)) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    console.log(`Seeding ${listings} listings${photoSize ? ` with ${photoSize} photos` : ""} into ${dir} ...`);
    prepareStore(dir, listings, photoSize);
    writeFileSync(marker, new Date().toISOString());
  }
  return dir;
}

function table(title: string, rows: Record<string, unknown>[]) {
  console.log(`\n## ${title}`);
  console.table(rows);
}

function numberArg(args: string[], name: string): number | null {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) || null : null;
}

/**
 * Issue 14's Targets: the app over a copy of the 100-listing store (the bench's providers write to it) and
 * the framework floor, each on its own wrangler dev, measured in turn in one run.
 */
async function targetSection(small: string, seconds: number, soakSeconds: number, lighthouse: boolean) {
  const floorDir = ensureFloor();
  const copy = mkdtempSync(join(tmpdir(), "nz-bench-"));
  cpSync(small, copy, { recursive: true });
  const app = await startApp({ persistDir: copy });
  const floor = await startFloor(floorDir);
  try {
    const t = await targets(app, { url: floor.url, asset: floorAssetPath(floorDir) }, { seconds, soakSeconds });
    table(
      `Targets: app (100 listings) and framework floor, wrangler dev each: ${seconds} s per URL with 8 clients, in 1 s slices taken in turn with the floor / and a static file`,
      t.load,
    );
    table(
      "Targets: JavaScript on /: as a phone's Chromium downloads it by network idle (browser), and the scripts the HTML names, gzipped (html)",
      t.javascript,
    );
    table(`Targets: ${soakSeconds} s of 16 clients on /`, t.soak);
    table("Targets (issue 14): ratios to the floor measured in this run", t.targets);
    console.log(
      "The floor is served as its README says: `wrangler dev`, which bundles React's development server build" +
        " unless NODE_ENV is set; the app's wrangler.toml defines NODE_ENV=production ([define]).",
    );
  } finally {
    await floor.stop();
    await app.stop();
    rmSync(copy, { recursive: true, force: true });
  }
  if (lighthouse) await lighthouseSection();
}

/** Issue 14: Lighthouse over a store whose photos are real uploads' size (2400x3200), not the demo's. */
async function lighthouseSection() {
  const copy = mkdtempSync(join(tmpdir(), "nz-bench-"));
  cpSync(store(100, LIGHTHOUSE_PHOTO_SIZE), copy, { recursive: true });
  const app = await startApp({ persistDir: copy });
  try {
    const { lighthouseRows } = await import("./lighthouse");
    table(
      `Lighthouse (mobile), one run each, photos uploaded at ${LIGHTHOUSE_PHOTO_SIZE}`,
      await lighthouseRows(app.url),
    );
  } finally {
    await app.stop();
    rmSync(copy, { recursive: true, force: true });
  }
}

export async function main(args: string[]) {
  const quick = args.includes("--quick");
  const seconds = numberArg(args, "--seconds") ?? (quick ? 3 : 10);
  const soakSeconds = numberArg(args, "--soak") ?? (quick ? 10 : 60);
  const lighthouse = args.includes("--lighthouse");
  const small = store(100);
  if (quick) {
    await targetSection(small, seconds, soakSeconds, lighthouse);
    return 0;
  }
  const big = store(10_000);

  table("D1 rows_read: grid and region counts", [
    ...(await gridRowsRead(small, 100)),
    ...(await gridRowsRead(big, 10_000)),
  ]);
  table("D1 rows_read: name search, 10,000 listings", await searchRowsRead(big, 10_000));
  // `--rows-only`: the rows_read tables alone, without wrangler dev and its load runs (a minute, not ten).
  if (args.includes("--rows-only")) return 0;

  await targetSection(small, seconds, soakSeconds, lighthouse);

  const app = await startApp({ persistDir: big });
  try {
    table(`wrangler dev, 10,000 listings, ${seconds} s per URL, 8 concurrent`, await gridLoad(app.url, seconds));
    table("JavaScript shipped to /", await homeJavaScript(app.url));
    table("wrangler dev, 10,000 listings: /view/{id}, one request at a time", await profileLoad(app.url));
    table("wrangler dev, 10,000 listings: /search?q=", await searchLoad(app.url, seconds));
    table("Photo upload and listing saves", await photoBench(app.url));
  } finally {
    await app.stop();
  }
  return 0;
}
