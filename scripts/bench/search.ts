// Search figures for `npm run bench`: D1 rows_read
// per search for 1- to 5-letter queries and its p50 through the platform proxy, and /search?q= latency on
// wrangler dev (targets: rows_read at most 1,000 for 3+ letters over 10,000 listings, p50 at most 20 ms).
import { withPlatformProxy } from "../platform-proxy.mjs";
import { decodeSearchCursor } from "../../app/features/search/search";
import { searchListings } from "../../app/features/search/search.server";
import { load, sequential } from "./load";

type Row = Record<string, string | number>;

/**
 * Query shapes the issues ask about; "sarah" is a seeded name (exact matches), "arahs" is not (only fragment
 * matches), "ann" matches many names by prefix and containment, "xyz" nothing.
 */
export const SEARCH_QUERIES: [label: string, q: string][] = [
  ["1 letter", "a"],
  ["1 letter, rare", "q"],
  ["2 letters", "an"],
  ["3 letters, many names", "ann"],
  ["3 letters, no match", "xyz"],
  ["5 letters, exact name exists", "sarah"],
  ["5 letters, no exact name", "arahs"],
  ["10,000 characters (capped at 50)", "a".repeat(10_000)],
];

const RUNS = 21;

export async function searchRowsRead(persistDir: string, listings: number): Promise<Row[]> {
  return withPlatformProxy("bench: search's rows_read", persistDir, async (env: Env) => {
    const rows: Row[] = [];
    for (const [label, q] of SEARCH_QUERIES) {
      const first = await searchListings(env, q, { includeHidden: false });
      // Page 2 too: the cursor must not make later pages dearer.
      const second = first.next
        ? await searchListings(env, q, { includeHidden: false, after: decodeSearchCursor(first.next) })
        : null;
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        await searchListings(env, q, { includeHidden: false });
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      rows.push({
        listings,
        query: label,
        matches: first.total,
        shown: first.results.length,
        rows_read: first.rowsRead,
        "rows_read page 2": second ? second.rowsRead : "-",
        "p50 ms (proxy, one at a time)": times[Math.floor(RUNS / 2)].toFixed(1),
      });
    }
    return rows;
  });
}

export async function searchLoad(baseUrl: string, seconds: number): Promise<Row[]> {
  const headers = { Cookie: "age_verified=1" };
  const rows: Row[] = [];
  for (const [label, q] of SEARCH_QUERIES.slice(0, 7)) {
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
