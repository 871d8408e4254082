// The insights page's target: at 10,000 listings with 400 days of daily rows, the page reads at most 500
// rows and takes at most 30 ms (p50) of Worker time. Its reads are the loader's own functions (insights.server,
// statement.server) over a D1 that adds up each statement's rows_read; its time is the page requested one at
// a time through wrangler dev by the demo Independent (Ruby, Standard, Auckland: the largest peer group).
// BENCH_VERBOSE=1 prints each statement's rows_read beside its SQL.
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { getPlatformProxy } from "wrangler";
import { startApp } from "../../tests/e2e/server";
import { mustRun } from "../../tests/e2e/wrangler-dev";
import { loadInsights } from "../../app/features/insights/insights.server";
import { hasStatementEmail, loadStatement } from "../../app/features/insights/statement.server";
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
    mustRun("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", dir]);
    return dir;
  }
  console.log(`Adding ${DAYS_OF_ROWS} days of insights rows to a copy of the 10,000-listing store in ${dir} ...`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cpSync(big, dir, { recursive: true });
  rmSync(join(dir, "seeded"), { force: true });
  const proxy = await getPlatformProxy<Env>({
    configPath: "wrangler.toml",
    persist: { path: `${dir}/v3` },
    remoteBindings: false,
  });
  try {
    // A million rows a statement: one statement for all 4,000,000 would hold the store for minutes.
    for (let from = 0; from < DAYS_OF_ROWS; from += 100)
      await proxy.env.DB.prepare(FILL_DAILY(from, Math.min(DAYS_OF_ROWS, from + 100) - 1)).run();
    await proxy.env.DB.prepare(FILL_PHOTOS).bind(OWNER.email).run();
    await proxy.env.DB.prepare(FILL_REGIONS).bind(OWNER.email).run();
  } finally {
    await proxy.dispose();
  }
  writeFileSync(marker, new Date().toISOString());
  return dir;
}

/**
 * A D1 whose every statement also runs as .all() to read its rows_read (drizzle reads selects with .raw(),
 * which reports none): the rows the wrapped code read add up in `count.rows`.
 */
function countingD1(db: D1Database, count: { rows: number; statements: number }): D1Database {
  const real = new WeakMap<object, D1PreparedStatement>();
  const queries = new WeakMap<object, string>();
  const wrap = (stmt: D1PreparedStatement, query: string): D1PreparedStatement => {
    const measured = async () => {
      const r = await stmt.all();
      count.rows += r.meta.rows_read ?? 0;
      count.statements++;
      if (process.env.BENCH_VERBOSE) console.log(r.meta.rows_read, query.slice(0, 300));
    };
    const w = {
      bind: (...values: unknown[]) => wrap(stmt.bind(...values), query),
      all: async () => {
        const r = await stmt.all();
        count.rows += r.meta.rows_read ?? 0;
        count.statements++;
        if (process.env.BENCH_VERBOSE) console.log(r.meta.rows_read, query.slice(0, 300));
        return r;
      },
      first: async (col?: string) => (await measured(), col ? stmt.first(col) : stmt.first()),
      run: async () => {
        const r = await stmt.run();
        count.rows += r.meta.rows_read ?? 0;
        count.statements++;
        return r;
      },
      raw: async (o?: { columnNames?: boolean }) => (await measured(), stmt.raw(o as { columnNames: true })),
    } as unknown as D1PreparedStatement;
    real.set(w, stmt);
    queries.set(w, query);
    return w;
  };
  return {
    prepare: (query: string) => wrap(db.prepare(query), query),
    batch: async (stmts: D1PreparedStatement[]) => {
      const results = await db.batch(stmts.map((s) => real.get(s) ?? s));
      results.forEach((r, i) => {
        count.rows += r.meta.rows_read ?? 0;
        count.statements++;
        if (process.env.BENCH_VERBOSE) console.log(r.meta.rows_read, queries.get(stmts[i])?.slice(0, 400));
      });
      return results;
    },
    exec: (query: string) => db.exec(query),
    dump: () => db.dump(),
  } as unknown as D1Database;
}

/** Rows the insights page's reads take for the owner's first listing over 90 days, beside their statements. */
async function rowsRead(dir: string): Promise<{ rows: number; statements: number }> {
  const proxy = await getPlatformProxy<Env>({
    configPath: "wrangler.toml",
    persist: { path: `${dir}/v3` },
    remoteBindings: false,
  });
  try {
    const user = await proxy.env.DB.prepare("SELECT id FROM users WHERE email = ?1")
      .bind(OWNER.email)
      .first<{ id: string }>();
    if (!user) throw new Error(`bench: no ${OWNER.email} in the store`);
    const count = { rows: 0, statements: 0 };
    const env = { DB: countingD1(proxy.env.DB, count) };
    const now = Date.now();
    const view = await loadInsights(env, user.id, null, RANGE, now);
    if (!view.listingId) throw new Error("bench: the demo Independent has no listing");
    await Promise.all([loadStatement(env, user.id, view.listingId, now), hasStatementEmail(env, user.id)]);
    return count;
  } finally {
    await proxy.dispose();
  }
}

/** The page (90 days) requested one at a time by its signed-in owner: milliseconds, sorted. */
async function pageTimes(dir: string): Promise<number[]> {
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
    const times: number[] = [];
    // The first requests compile and warm the isolate; they are not what a provider meets.
    for (let i = 0; i < TIMED_REQUESTS + 3; i++) {
      const t0 = performance.now();
      const res = await fetch(`${app.url}/dashboard/insights?days=${RANGE}`, { headers, redirect: "manual" });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`bench: /dashboard/insights answered ${res.status}`);
      if (i >= 3) times.push(performance.now() - t0);
    }
    return times.sort((a, b) => a - b);
  } finally {
    await app.stop();
  }
}

export type InsightsFigures = { rows: Row[]; rowsRead: number; p50: number };

export async function insightsBench(big: string, cache: string): Promise<InsightsFigures> {
  const dir = await ensureInsightsStore(big, cache);
  const read = await rowsRead(dir);
  const times = await pageTimes(dir);
  const p50 = percentile(times, 50);
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
        requests: times.length,
        "p50 ms (wrangler dev, one at a time)": p50.toFixed(1),
        "p90 ms": percentile(times, 90).toFixed(1),
      },
    ],
  };
}
