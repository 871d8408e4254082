// Counting's targets (docs/decisions/0024-counting-off-the-request-path.md): a soak of profile views from
// many visitors ends with exactly one view counted per visitor, and the D1 writes behind them stay few.
// The views go through the running app (wrangler dev, its count queue and consumer); the counts are read
// from its store beside it (a platform proxy over the same persist folder: scripts/platform-proxy.mjs).
import { withPlatformProxy } from "../platform-proxy.mjs";
import { countDay } from "../../app/platform/http/client-address";
import { BROWSER_UA, percentile } from "./load";

type Row = Record<string, string | number>;

export type CountSoak = {
  row: Row;
  requests: number;
  errors: number;
  visitors: number;
  counted: number;
  /** D1 batches (one transaction each) that wrote the soak's marks and sums. */
  batches: number;
};

/** Visitor `i`'s address: one of `visitors` distinct ones, none of them the bench's own (loopback). */
const visitorAddress = (i: number) =>
  `10.${200 + Math.floor(i / 62_500)}.${Math.floor(i / 250) % 250}.${(i % 250) + 1}`;

type Counts = { views: number; flushes: number };

async function readCounts(db: D1Database, listing: string, day: string): Promise<Counts> {
  const views = await db
    .prepare("SELECT COALESCE(SUM(views), 0) AS n FROM listing_daily WHERE listing_id = ?1 AND day = ?2")
    .bind(listing, day)
    .first<{ n: number }>();
  const flushes = await db.prepare("SELECT COUNT(DISTINCT flush) AS n FROM count_marks").first<{ n: number }>();
  return { views: views?.n ?? 0, flushes: flushes?.n ?? 0 };
}

/**
 * `seconds` of `clients` requesting /view/{listing} as a phone's Chromium, each request from the next of
 * `visitors` addresses in turn (so every visitor views the page many times); then waits for the count queue
 * to write (its consumer flushes a batch a second) and reads how many views the day gained.
 */
export async function countSoak(
  app: { url: string; persistDir: string },
  listing: string,
  o: { seconds: number; clients: number; visitors: number },
): Promise<CountSoak> {
  return withPlatformProxy("bench: the count soak", app.persistDir, async (env: Env) => {
    const day = countDay(Date.now());
    const before = await readCounts(env.DB, listing, day);
    const times: number[] = [];
    let errors = 0;
    let next = 0;
    const started = performance.now();
    const deadline = started + o.seconds * 1000;
    const client = async () => {
      while (performance.now() < deadline) {
        const address = visitorAddress(next++ % o.visitors);
        const t0 = performance.now();
        try {
          const res = await fetch(`${app.url}/view/${listing}`, {
            headers: { Cookie: "age_verified=1", "User-Agent": BROWSER_UA, "CF-Connecting-IP": address },
            redirect: "manual",
          });
          await res.arrayBuffer();
          if (res.status === 200) times.push(performance.now() - t0);
          else errors++;
        } catch {
          errors++;
        }
      }
    };
    await Promise.all(Array.from({ length: o.clients }, client));
    const elapsed = (performance.now() - started) / 1000;
    // Every visitor made several requests only if the soak lasted long enough to go round them all.
    const visitors = Math.min(next, o.visitors);
    // The last window is sent a second after the last view, and the consumer waits up to a second for a batch:
    // poll until the count stops moving (or 60 s pass), never a fixed sleep.
    let after = await readCounts(env.DB, listing, day);
    let steady = 0;
    for (let waited = 0; waited < 60 && steady < 5; waited++) {
      await new Promise((r) => setTimeout(r, 1000));
      const now = await readCounts(env.DB, listing, day);
      steady = now.views === after.views && now.flushes === after.flushes ? steady + 1 : 0;
      after = now;
    }
    times.sort((a, b) => a - b);
    const counted = after.views - before.views;
    const batches = after.flushes - before.flushes;
    return {
      requests: times.length,
      errors,
      visitors,
      counted,
      batches,
      row: {
        case: `/view/{id}, ${visitors} distinct visitors`,
        seconds: o.seconds,
        clients: o.clients,
        requests: times.length,
        errors,
        "req/s": (times.length / elapsed).toFixed(1),
        "p50 ms": percentile(times, 50).toFixed(1),
        "p90 ms": percentile(times, 90).toFixed(1),
        "views counted": counted,
        "D1 batches": batches,
      },
    };
  });
}
