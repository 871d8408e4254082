// Search figures for `npm run bench` (issue: public profile, search, likes): D1 rows_read per search for
// 1-, 2- and 5-letter queries, and /search?q= latency on wrangler dev (target: p50 under 50 ms).
// Wire into scripts/bench/main.ts with:
//   table("D1 rows_read: name search", await searchRowsRead(big, 10_000));
//   table(`wrangler dev, 10,000 listings: /search?q=`, await searchLoad(app.url, seconds));
import { getPlatformProxy } from "wrangler";
import { searchListings } from "../../app/server/search.server";
import { load, sequential } from "./load";

type Row = Record<string, string | number>;

/** Query shapes the issue asks about; "sarah" is a seeded name (exact matches), "arahs" is not. */
export const SEARCH_QUERIES: [label: string, q: string][] = [
  ["1 letter", "a"],
  ["1 letter, rare", "q"],
  ["2 letters", "an"],
  ["5 letters, exact name exists", "sarah"],
  ["5 letters, no exact name", "arahs"],
  ["10,000 characters (capped at 50)", "a".repeat(10_000)],
];

export async function searchRowsRead(persistDir: string, listings: number): Promise<Row[]> {
  const proxy = await getPlatformProxy<Env>({
    configPath: "wrangler.toml",
    persist: { path: `${persistDir}/v3` },
    remoteBindings: false,
  });
  try {
    const rows: Row[] = [];
    for (const [label, q] of SEARCH_QUERIES) {
      await searchListings(proxy.env, q, { includeHidden: false });
      const t0 = performance.now();
      const r = await searchListings(proxy.env, q, { includeHidden: false });
      rows.push({
        listings,
        query: label,
        matches: r.total,
        shown: r.results.length,
        rows_read: r.rowsRead,
        "ms (proxy)": (performance.now() - t0).toFixed(1),
      });
    }
    return rows;
  } finally {
    await proxy.dispose();
  }
}

export async function searchLoad(baseUrl: string, seconds: number): Promise<Row[]> {
  const headers = { Cookie: "age_verified=1" };
  const rows: Row[] = [];
  for (const [label, q] of SEARCH_QUERIES.slice(0, 5)) {
    const path = `/search?q=${encodeURIComponent(q)}`;
    await load(baseUrl, path, { seconds: 1, concurrency: 2, headers });
    // One at a time (no queueing) for the latency the target is about, then 8 at once for throughput.
    const alone = await sequential(baseUrl, path, 50, headers);
    const busy = await load(baseUrl, path, { seconds, concurrency: 8, headers });
    rows.push({
      query: label,
      path,
      "p50 ms": alone.p50.toFixed(1),
      "p95 ms": alone.p95.toFixed(1),
      "req/s (8 concurrent)": busy.rps.toFixed(1),
      "p50 ms (8 concurrent)": busy.p50.toFixed(1),
      errors: busy.errors,
    });
  }
  return rows;
}
