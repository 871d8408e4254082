// figures: /view/{id} latency served from the KV snapshot and from D1 (snapshot missing).
import { percentile } from "./load";

type Row = Record<string, string | number>;

async function liveIds(baseUrl: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  while (ids.length < count) {
    const url: string = `${baseUrl}/api/LPmodels?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const res: Response = await fetch(url);
    // Read as text first: an answer that is not JSON (a 500's plain text) says what went wrong.
    const text = await res.text();
    if (!res.ok) throw new Error(`bench: ${url} answered ${res.status}: ${text.slice(0, 200)}`);
    const page = JSON.parse(text) as { modelId: string }[];
    ids.push(...page.map((p) => p.modelId));
    cursor = res.headers.get("X-Next-Cursor");
    if (!cursor || page.length === 0) break;
  }
  return ids.slice(0, count);
}

async function timeEach(baseUrl: string, ids: string[]): Promise<number[]> {
  const times: number[] = [];
  for (const id of ids) {
    const t0 = performance.now();
    const res = await fetch(`${baseUrl}/view/${id}`, {
      headers: { Cookie: "age_verified=1", "User-Agent": "Mozilla/5.0 bench" },
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`/view/${id} answered ${res.status}`);
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b);
}

/**
 * Listings deep in the grid have no snapshot yet (nothing has shown them since the seed), so the first
 * visit is served from D1 and writes the snapshot; the second visit to the same ids reads KV.
 * The snapshot write happens after the response (waitUntil), so we pause before the second pass.
 */
export async function profileLoad(baseUrl: string, sample = 200): Promise<Row[]> {
  const ids = (await liveIds(baseUrl, 3000)).slice(-sample);
  const fallback = await timeEach(baseUrl, ids);
  await new Promise((r) => setTimeout(r, 1500));
  const hit = await timeEach(baseUrl, ids);
  const row = (source: string, t: number[]) => ({
    source,
    requests: t.length,
    "p50 ms": percentile(t, 50).toFixed(1),
    "p95 ms": percentile(t, 95).toFixed(1),
  });
  return [row("D1 (no snapshot in KV)", fallback), row("KV snapshot", hit)];
}
