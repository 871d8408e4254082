// The insights page's target: at 10,000 listings with 400 days of daily rows, the page reads at most 500
// rows and takes at most 30 ms (p50) of Worker time. Its reads are the loader's own (loadInsightsPage) over a
// D1 that adds up each statement's rows_read; its time is the whole page requested one at a time through
// wrangler dev by the demo Independent (Ruby, Standard, Auckland: the largest peer group), so the figure also
// holds what the proxy and the connection add, shown beside it as a request that does no work.
// BENCH_VERBOSE=1 prints each statement's rows_read beside its SQL.
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { withPlatformProxy } from "../platform-proxy.mjs";
import { startApp } from "../../tests/e2e/server";
import { mustRun } from "../../tests/e2e/wrangler-dev";
import { loadInsightsPage } from "../../app/features/insights/insights-page.server";
import { countingD1 } from "../../tests/fixtures/counting-d1";
import { BROWSER_UA, percentile } from "./load";

type Row = Record<string, string | number>;

const DAYS_OF_ROWS = 400;
/** The longest range the page offers: the most rows it can read. */
const RANGE = 90;
const OWNER = { email: "independent@demo.test", password: "demo-indie-2025" };
const TIMED_REQUESTS = 30;

/** 400 days of plausible daily rows for every listing; photo and region rows for the owner's listings. */
const FILL_DAILY = (from: number, to: number) => `INSERT INTO listing_daily
    (listing_id, day, impressions, views, photo_opens, contacts, likes, favourites)
  WITH RECURSIVE d(n) AS (SELECT ${from} UNION ALL SELECT n + 1 FROM d WHERE n < ${to})
  SELECT l.id, date('now', '-' || d.n || ' days'), 40 + abs(random() % 60), abs(random() % 20), abs(random() % 9),
    abs(random() % 4), abs(random() % 3), abs(random() % 2)
  FROM listings l CROSS JOIN d WHERE true
  ON CONFLICT(listing_id, day) DO NOTHING`;
const FILL_PHOTOS = `INSERT INTO listing_photo_daily (listing_id, day, photo, shown, opened)
  WITH RECURSIVE d(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM d WHERE n < ${DAYS_OF_ROWS - 1})
  SELECT i.listing_id, date('now', '-' || d.n || ' days'), i.r2_key, abs(random() % 30), abs(random() % 5)
  FROM listing_images i JOIN listings l ON l.id = i.listing_id JOIN users u ON u.id = l.user_id CROSS JOIN d
  WHERE u.email = ?1
  ON CONFLICT(listing_id, day, photo) DO NOTHING`;
const FILL_REGIONS = `INSERT INTO listing_region_daily (listing_id, day, region, views)
  WITH RECURSIVE d(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM d WHERE n < ${DAYS_OF_ROWS - 1}),
    r(region) AS (VALUES ('Auckland'), ('Waikato'), ('Northland'), ('Wellington'), ('abroad'))
  SELECT l.id, date('now', '-' || d.n || ' days'), r.region, abs(random() % 8)
  FROM listings l JOIN users u ON u.id = l.user_id CROSS JOIN d CROSS JOIN r
  WHERE u.email = ?1
  ON CONFLICT(listing_id, day, region) DO NOTHING`;

/** A copy of the 10,000-listing store with 400 days of rows, made once and kept (like the stores themselves). */
export function insightsStoreDir(cache: string): string {
  return join(cache, `store-10000-${DAYS_OF_ROWS}d`);
}

export async function ensureInsightsStore(big: string, cache: string): Promise<string> {
  const dir = insightsStoreDir(cache);
  const marker = join(dir, "seeded");
  if (existsSync(marker)) {
    // Made before a later migration: bring its schema up to date (applies only the new ones).
    mustRun("node", ["scripts/wrangler-d1.mjs", "migrations", "apply", "DB", "--local", "--persist-to", dir]);
    return dir;
  }
  console.log(`Adding ${DAYS_OF_ROWS} days of insights rows to a copy of the 10,000-listing store in ${dir} ...`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cpSync(big, dir, { recursive: true });
  rmSync(join(dir, "seeded"), { force: true });
  // Safe to run again on a new proxy (withPlatformProxy): every statement skips the rows already there.
  await withPlatformProxy("bench: adding the insights rows", dir, async (env: Env) => {
    // A million rows a statement: one statement for all 4,000,000 would hold the store for minutes.
    for (let from = 0; from < DAYS_OF_ROWS; from += 100)
      await env.DB.prepare(FILL_DAILY(from, Math.min(DAYS_OF_ROWS, from + 100) - 1)).run();
    await env.DB.prepare(FILL_PHOTOS).bind(OWNER.email).run();
    await env.DB.prepare(FILL_REGIONS).bind(OWNER.email).run();
  });
  writeFileSync(marker, new Date().toISOString());
  return dir;
}

/** Rows the insights page's reads take for the owner's first listing over 90 days, beside their statements. */
async function rowsRead(dir: string): Promise<{ rows: number; statements: number }> {
  return withPlatformProxy("bench: the insights page's rows_read", dir, async (platform: Env) => {
    const user = await platform.DB.prepare("SELECT id FROM users WHERE email = ?1")
      .bind(OWNER.email)
      .first<{ id: string }>();
    if (!user) throw new Error(`bench: no ${OWNER.email} in the store`);
    const log = process.env.BENCH_VERBOSE
      ? (rows: number, query: string) => console.log(rows, query.slice(0, 300))
      : undefined;
    const count = { rows: 0, statements: 0, log };
    const env = { DB: countingD1(platform.DB, count) };
    const page = await loadInsightsPage(env, user.id, null, RANGE, Date.now());
    if (!page.listingId) throw new Error("bench: the demo Independent has no listing");
    return count;
  });
}

/**
 * The page (90 days) requested one at a time by its signed-in owner, and between its requests one that does
 * nothing (robots.txt): what wrangler dev's proxy and the connection add to any request. Milliseconds, sorted.
 */
async function pageTimes(dir: string): Promise<{ page: number[]; nothing: number[] }> {
  const app = await startApp({ persistDir: dir });
  try {
    const login = await fetch(`${app.url}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "User-Agent": BROWSER_UA },
      body: JSON.stringify(OWNER),
    });
    const cookie = /(session=[^;]+)/.exec(login.headers.get("set-cookie") ?? "")?.[1];
    if (!cookie) throw new Error(`bench: the demo Independent could not sign in (${login.status})`);
    const headers = { Cookie: `age_verified=1; ${cookie}`, "User-Agent": BROWSER_UA };
    const timed = async (path: string) => {
      const t0 = performance.now();
      const res = await fetch(`${app.url}${path}`, { headers, redirect: "manual" });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`bench: ${path} answered ${res.status}`);
      return performance.now() - t0;
    };
    const page: number[] = [];
    const nothing: number[] = [];
    // The first requests compile and warm the isolate; they are not what a provider meets.
    for (let i = 0; i < TIMED_REQUESTS + 3; i++) {
      const t = await timed(`/dashboard/insights?days=${RANGE}`);
      const n = await timed("/robots.txt");
      if (i < 3) continue;
      page.push(t);
      nothing.push(n);
    }
    return { page: page.sort((a, b) => a - b), nothing: nothing.sort((a, b) => a - b) };
  } finally {
    await app.stop();
  }
}

export type InsightsFigures = { rows: Row[]; rowsRead: number; p50: number };

export async function insightsBench(big: string, cache: string): Promise<InsightsFigures> {
  const dir = await ensureInsightsStore(big, cache);
  const read = await rowsRead(dir);
  const times = await pageTimes(dir);
  const p50 = percentile(times.page, 50);
  return {
    rowsRead: read.rows,
    p50,
    rows: [
      {
        page: `/dashboard/insights?days=${RANGE}`,
        listings: 10_000,
        "days of rows": DAYS_OF_ROWS,
        statements: read.statements,
        rows_read: read.rows,
        requests: times.page.length,
        "p50 ms (wrangler dev, one at a time)": p50.toFixed(1),
        "p90 ms": percentile(times.page, 90).toFixed(1),
        "robots.txt p50 ms (the same path, no work)": percentile(times.nothing, 50).toFixed(1),
      },
    ],
  };
}
