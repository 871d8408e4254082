// figures: D1 rows read by the grid and the region counts; load on the home and region pages
// next to a static file; JavaScript shipped to the home page.
import { gzipSync } from "node:zlib";
import { withPlatformProxy } from "../platform-proxy.mjs";
import { parseFilters, PAGE_SIZE } from "../../app/features/catalogue/filters";
import { getDb } from "../../app/platform/data/db.server";
import { facetsQuery, touringCountsQuery } from "../../app/features/catalogue/facets.server";
import { gridQuery } from "../../app/features/catalogue/grid.server";
import { BROWSER_UA, load } from "./load";
import { chromium } from "playwright-core";

type Row = Record<string, string | number>;

async function rowsRead(db: D1Database, query: { toSQL(): { sql: string; params: unknown[] } }) {
  const { sql, params } = query.toSQL();
  const result = await db
    .prepare(sql)
    .bind(...params)
    .all();
  return { rows: result.results.length, rowsRead: result.meta.rows_read as number };
}

export async function gridRowsRead(persistDir: string, listings: number): Promise<Row[]> {
  return withPlatformProxy("bench: the grid's rows_read", persistDir, async (env: Env) => {
    const db = getDb(env);
    const now = Date.now();
    const none = parseFilters(new URLSearchParams());
    const cases: [string, { toSQL(): { sql: string; params: unknown[] } }][] = [
      ["grid page 1, all NZ", gridQuery(db, { region: null, filters: none, page: 1, now, limit: PAGE_SIZE + 1 })],
      [
        "grid page 1, Auckland",
        gridQuery(db, { region: "Auckland", filters: none, page: 1, now, limit: PAGE_SIZE + 1 }),
      ],
      [
        "grid page 5, Auckland",
        gridQuery(db, { region: "Auckland", filters: none, page: 5, now, limit: PAGE_SIZE + 1 }),
      ],
      [
        "grid page 1, all NZ, age 18-24 + hot",
        gridQuery(db, {
          region: null,
          filters: parseFilters(new URLSearchParams("age=18-24&show=hot")),
          page: 1,
          now,
          limit: PAGE_SIZE + 1,
        }),
      ],
      // Touring (docs/touring.md): the region's union (listings based there + those touring there today).
      [
        "grid page 5, Wellington (with touring)",
        gridQuery(db, { region: "Wellington", filters: none, page: 5, now, limit: PAGE_SIZE + 1 }),
      ],
      [
        "grid page 1, all NZ, Touring",
        gridQuery(db, {
          region: null,
          filters: parseFilters(new URLSearchParams("show=touring")),
          page: 1,
          now,
          limit: PAGE_SIZE + 1,
        }),
      ],
      ["region counts + filter options, all of NZ", facetsQuery(db, null)],
      ["region counts + filter options, Auckland", facetsQuery(db, "Auckland")],
      ["touring counts", touringCountsQuery(db, now)],
    ];
    const rows: Row[] = [];
    for (const [name, q] of cases) {
      const r = await rowsRead(env.DB, q);
      rows.push({ listings, query: name, "rows returned": r.rows, rows_read: r.rowsRead });
    }
    return rows;
  });
}

export async function gridLoad(baseUrl: string, seconds: number): Promise<Row[]> {
  const headers = { Cookie: "age_verified=1" };
  const rows: Row[] = [];
  for (const path of ["/favicon.svg", "/", "/locations/Auckland"]) {
    // Warm up (first request compiles and fills caches), then measure.
    await load(baseUrl, path, { seconds: 1, concurrency: 4, headers });
    const r = await load(baseUrl, path, { seconds, concurrency: 8, headers });
    rows.push({
      path,
      requests: r.requests,
      errors: r.errors,
      "req/s": r.rps.toFixed(1),
      "p50 ms": r.p50.toFixed(1),
      "p95 ms": r.p95.toFixed(1),
    });
  }
  const staticRps = Number(rows[0]["req/s"]);
  for (const row of rows.slice(1)) row["vs static"] = `${((Number(row["req/s"]) / staticRps) * 100).toFixed(0)}%`;
  return rows;
}

/**
 * JavaScript on the home page as a phone's Chromium downloads it: every script response until the network is
 * idle (lazy chunks that load after hydration included), counted as sent over the wire (`browser kB`: the
 * encoded body, gzip or brotli as the server chose). `html kB` is the older figure beside it: the scripts
 * the HTML names, gzipped here at level 9, which misses what loads later.
 */
export async function homeJavaScript(baseUrl: string): Promise<Row[]> {
  const html = await (
    await fetch(`${baseUrl}/`, { headers: { Cookie: "age_verified=1", "User-Agent": BROWSER_UA } })
  ).text();
  const urls = new Set<string>();
  for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/import \* as \w+ from "([^"]+)"/g)) urls.add(m[1]);
  let gz = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(new URL(url, baseUrl))).arrayBuffer());
    gz += gzipSync(body, { level: 9 }).length;
  }
  const browser = await chromiumScripts(baseUrl);
  return [
    {
      page: "/",
      "browser scripts": browser.count,
      "browser kB": (browser.bytes / 1024).toFixed(1),
      "html scripts": urls.size,
      "html kB": (gz / 1024).toFixed(1),
    },
  ];
}

/** Opens `/` in Chromium at 390x844 past the age gate and adds up the scripts' encoded bodies by network idle. */
async function chromiumScripts(baseUrl: string): Promise<{ count: number; bytes: number }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      userAgent: BROWSER_UA,
    });
    const url = new URL(baseUrl);
    await context.addCookies([{ name: "age_verified", value: "1", domain: url.hostname, path: "/" }]);
    const page = await context.newPage();
    const scripts: Promise<number>[] = [];
    page.on("requestfinished", (request) => {
      if (request.resourceType() !== "script") return;
      scripts.push(request.sizes().then((s) => s.responseBodySize));
    });
    await page.goto(`${baseUrl}/`, { waitUntil: "networkidle" });
    const sizes = await Promise.all(scripts);
    return { count: sizes.length, bytes: sizes.reduce((n, b) => n + b, 0) };
  } finally {
    await browser.close();
  }
}
