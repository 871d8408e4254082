// A small closed-loop load generator: `concurrency` workers request one URL back to back for a fixed
// time (bounded, loopback only) and we report requests per second and latency percentiles.
export type LoadResult = {
  path: string;
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p90: number;
  p95: number;
  /** Every successful request's time, sorted, and the seconds measured: for merging interleaved runs. */
  times: number[];
  seconds: number;
};

/**
 * What every bench request says it is unless told otherwise: a phone's Chromium. Node's own 'node' is a
 * crawler to the app (isbot), and crawlers skip the work a person's visit costs (counting a view).
 */
export const BROWSER_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
/** A crawler's User-Agent, for the bot-path rows. */
export const CRAWLER_UA = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

export async function load(
  baseUrl: string,
  path: string,
  opts: { seconds: number; concurrency: number; headers?: Record<string, string>; maxRequests?: number },
): Promise<LoadResult> {
  const times: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + opts.seconds * 1000;
  const max = opts.maxRequests ?? 100_000;
  const worker = async () => {
    while (performance.now() < deadline && times.length + errors < max) {
      const t0 = performance.now();
      try {
        const res = await fetch(baseUrl + path, {
          headers: { "User-Agent": BROWSER_UA, ...opts.headers },
          redirect: "manual",
        });
        await res.arrayBuffer();
        if (res.status >= 400) errors++;
        else times.push(performance.now() - t0);
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    path,
    requests: times.length,
    errors,
    rps: times.length / elapsed,
    p50: percentile(times, 50),
    p90: percentile(times, 90),
    p95: percentile(times, 95),
    times,
    seconds: elapsed,
  };
}

/** Runs measured in slices (interleaved with others) as one result. */
export function merged(path: string, parts: LoadResult[]): LoadResult {
  const times = parts.flatMap((p) => p.times).sort((a, b) => a - b);
  const seconds = parts.reduce((n, p) => n + p.seconds, 0);
  return {
    path,
    requests: times.length,
    errors: parts.reduce((n, p) => n + p.errors, 0),
    rps: times.length / seconds,
    p50: percentile(times, 50),
    p90: percentile(times, 90),
    p95: percentile(times, 95),
    times,
    seconds,
  };
}

/** Latency of one URL requested one at a time (no queueing), for per-request figures. */
export async function sequential(baseUrl: string, path: string, count: number, headers?: Record<string, string>) {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    const res = await fetch(baseUrl + path, { headers: { "User-Agent": BROWSER_UA, ...headers }, redirect: "manual" });
    await res.arrayBuffer();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}
