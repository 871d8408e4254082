// `npm run bench`: prints the figures the issues ask for. Not a test: nothing here passes or fails.
// `npm run bench -- --rows-only` stops after the D1 rows_read tables.
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { prepareStore, startApp } from "../../tests/e2e/server";
import { gridLoad, gridRowsRead, homeJavaScript } from "./grid";
import { photoBench } from "./photos";
import { profileLoad } from "./profile";
import { searchLoad, searchRowsRead } from "./search";

const CACHE = join("node_modules", ".cache", "bench");

/** A seeded store per size, kept between runs (seeding 10,000 listings takes a while). */
function store(listings: number): string {
  const dir = join(CACHE, `store-${listings}`);
  const marker = join(dir, "seeded");
  if (!existsSync(marker)) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    console.log(`Seeding ${listings} listings into ${dir} ...`);
    prepareStore(dir, listings);
    writeFileSync(marker, new Date().toISOString());
  }
  return dir;
}

function table(title: string, rows: Record<string, unknown>[]) {
  console.log(`\n## ${title}`);
  console.table(rows);
}

export async function main(args: string[]) {
  const seconds = Number(args[args.indexOf("--seconds") + 1]) || 10;
  const small = store(100);
  const big = store(10_000);

  table("D1 rows_read: grid and region counts", [
    ...(await gridRowsRead(small, 100)),
    ...(await gridRowsRead(big, 10_000)),
  ]);
  table("D1 rows_read: name search, 10,000 listings", await searchRowsRead(big, 10_000));
  // `--rows-only`: the rows_read tables alone, without wrangler dev and its load runs (a minute, not ten).
  if (args.includes("--rows-only")) return 0;

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
