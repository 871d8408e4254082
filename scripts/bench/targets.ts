// The targets measured against the framework floor in the same run (scripts/bench/floor.ts): req/s and p90
// ratios with a browser's User-Agent (the bot path a row of its own), JavaScript on / as Chromium downloads
// it, the 16-client soak with and without a provider saving, and counting's exact-count soak with its D1
// writes (counting.ts). Ratios, not absolute figures: the machine is shared, so only figures taken side by
// side compare.
import { countSoak } from "./counting";
import { homeJavaScript } from "./grid";
import { BROWSER_UA, CRAWLER_UA, load, merged } from "./load";
import type { LoadResult } from "./load";
import { newProvider, saveEdit, signInAdmin } from "./provider";
import type { Provider } from "./provider";

type Row = Record<string, string | number>;

/** `agencyPath`: an agency page in the store (agency-page.ts), measured against the floor as a region page is. */
export type TargetOptions = { seconds: number; soakSeconds: number; agencyPath?: string };

// Like a returning visitor who passed the age gate.
const AGE = "age_verified=1";
const CONCURRENCY = 8;
const SOAK_CONCURRENCY = 16;
// PUT /api/profile allows 30 saves a minute per provider; three take turns so that the site sees one a second.
const SAVERS = 3;
/** Counting's soak: this many distinct visitors, each viewing the profile many times over the soak. */
const VISITORS = 1_000;
/** Counting's target: D1 writes (batches, one transaction each) per 1,000 profile views served. */
const MAX_WRITES_PER_1000 = 10;
/** Signed-in pages (/, the dashboard, an admin queue): req/s at least this share of the floor's, p90 at most this multiple. */
export const MIN_SIGNED_IN_RPS = 0.75;
export const MAX_SIGNED_IN_P90 = 1.5;

export const ratio = (a: number, b: number) => (b > 0 ? a / b : NaN);
const fmt = (x: number, digits = 2) => (Number.isFinite(x) ? x.toFixed(digits) : "n/a");

async function firstListingId(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/LPmodels?limit=1`);
  const page = (await res.json()) as { modelId: string }[];
  if (!page[0]) throw new Error("bench: no live listing to open");
  return page[0].modelId;
}

// The machine is shared: its speed can change twofold within a minute. So every figure is taken in
// one-second slices, each app URL alternating with the floor's / and a static file, and a ratio compares
// slices taken side by side rather than runs taken minutes apart.
const SLICE_SECONDS = 1;

/** `agent`: the User-Agent sent (a phone's Chromium unless told: load.ts). */
export type Target = { base: string; path: string; cookie?: string; agent?: string };

function headersOf(t: Target): Record<string, string> {
  return { ...(t.cookie ? { Cookie: t.cookie } : {}), "User-Agent": t.agent ?? BROWSER_UA };
}

async function warm(t: Target) {
  const headers = headersOf(t);
  await load(t.base, t.path, { seconds: 1, concurrency: 4, headers });
  const probe = await fetch(t.base + t.path, { headers, redirect: "manual" });
  await probe.arrayBuffer();
  return { cache: probe.headers.get("X-Cache") ?? "-", status: probe.status };
}

/** `seconds` of 8 clients on each target, in slices taken in turn; one merged result per target. */
export async function interleaved(targets: Target[], seconds: number): Promise<Measured[]> {
  const probes: Awaited<ReturnType<typeof warm>>[] = [];
  for (const t of targets) probes.push(await warm(t));
  const parts: LoadResult[][] = targets.map(() => []);
  for (let slice = 0; slice < Math.max(1, Math.round(seconds / SLICE_SECONDS)); slice++) {
    for (const [i, t] of targets.entries()) {
      const headers = headersOf(t);
      parts[i].push(await load(t.base, t.path, { seconds: SLICE_SECONDS, concurrency: CONCURRENCY, headers }));
    }
  }
  return targets.map((t, i) => ({ ...merged(t.path, parts[i]), ...probes[i] }));
}

export type Measured = LoadResult & { cache: string; status: number };

/** One row of the targets table: the figure measured, the goal, and whether it was met. */
export function targetRow(name: string, value: number, goal: string, met: boolean): Row {
  return { target: name, figure: fmt(value), goal, met: Number.isFinite(value) ? (met ? "yes" : "NO") : "n/a" };
}

/** The two target rows of a signed-in page: req/s and p90, each as a ratio to the floor's / measured beside it. */
export function signedInRows(label: string, page: Measured, floor: Measured): Row[] {
  const rps = ratio(page.rps, floor.rps);
  const p90 = ratio(page.p90, floor.p90);
  const ok = page.status === 200;
  return [
    targetRow(`${label}: req/s ÷ floor /`, rps, `≥ ${MIN_SIGNED_IN_RPS}`, ok && rps >= MIN_SIGNED_IN_RPS),
    targetRow(`${label}: p90 ÷ floor / p90`, p90, `≤ ${MAX_SIGNED_IN_P90}`, ok && p90 <= MAX_SIGNED_IN_P90),
  ];
}

export function loadRow(server: string, label: string, r: Measured): Row {
  return {
    server,
    url: label,
    status: r.status,
    "X-Cache": r.cache,
    requests: r.requests,
    errors: r.errors,
    "req/s": fmt(r.rps, 1),
    "p50 ms": fmt(r.p50, 1),
    "p90 ms": fmt(r.p90, 1),
  };
}

export async function targets(
  app: { url: string; persistDir: string },
  floor: { url: string; asset: string },
  opts: TargetOptions,
): Promise<{ load: Row[]; targets: Row[]; javascript: Row[]; soak: Row[]; counting: Row[] }> {
  const { seconds } = opts;
  const viewId = await firstListingId(app.url);
  const provider = await newProvider(app.url);
  const signedIn = `${AGE}; ${provider.cookie}`;
  const admin = `${AGE}; ${await signInAdmin(app.url)}`;

  const floorHome: Target = { base: floor.url, path: "/" };
  const appStaticT: Target = { base: app.url, path: "/favicon.svg", cookie: AGE };
  const pages: [string, Target][] = [
    // A phone's Chromium (load.ts BROWSER_UA): a person, so a profile view is counted (counting on).
    ["/ browser UA", { base: app.url, path: "/", cookie: AGE }],
    ["/locations/Auckland browser UA", { base: app.url, path: "/locations/Auckland", cookie: AGE }],
    [`/view/{id} cache hit, browser UA, counting on`, { base: app.url, path: `/view/${viewId}`, cookie: AGE }],
    // Signed in: a provider on / and on their dashboard, the administrator on a queue (no page cache).
    ["/ signed in", { base: app.url, path: "/", cookie: signedIn }],
    ["/dashboard signed in", { base: app.url, path: "/dashboard", cookie: signedIn }],
    ["/admin/verifications signed in", { base: app.url, path: "/admin/verifications", cookie: admin }],
    // The bot path, as a row of its own: a crawler is never counted, so it skips what a person's view costs.
    [`/view/{id} crawler UA`, { base: app.url, path: `/view/${viewId}`, cookie: AGE, agent: CRAWLER_UA }],
    // The agency page (docs/decisions/0059-agency-page.md): kept by the page cache like a region page.
    ...(opts.agencyPath
      ? ([["/agencies/{slug} browser UA", { base: app.url, path: opts.agencyPath, cookie: AGE }]] as [string, Target][])
      : []),
  ];
  const [floorStatic] = await interleaved([{ base: floor.url, path: floor.asset }], seconds);
  const loadRows: Row[] = [loadRow("floor", `${floor.asset} (static)`, floorStatic)];
  const measured: { label: string; page: Measured; floor: Measured; static: Measured }[] = [];
  for (const [label, t] of pages) {
    const [page, floorSide, staticSide] = await interleaved([t, floorHome, appStaticT], seconds);
    measured.push({ label, page, floor: floorSide, static: staticSide });
    loadRows.push(
      loadRow("app", label.replace("{id}", viewId), page),
      loadRow("floor", "/ (alongside)", floorSide),
      loadRow("app", "/favicon.svg (static, alongside)", staticSide),
    );
  }

  const target = targetRow;
  const rows: Row[] = [];
  for (const m of measured.slice(0, 3)) {
    const vsFloor = ratio(m.page.rps, m.floor.rps);
    const vsStatic = ratio(m.page.rps, m.static.rps);
    rows.push(target(`${m.label}: req/s ÷ floor /`, vsFloor, "≥ 1.5", vsFloor >= 1.5));
    rows.push(target(`${m.label}: req/s ÷ static file`, vsStatic, "≥ 0.4", vsStatic >= 0.4));
  }
  for (const m of measured.slice(7)) {
    const vsFloor = ratio(m.page.rps, m.floor.rps);
    rows.push(target(`${m.label}: req/s ÷ floor /`, vsFloor, "≥ 1.5", m.page.status === 200 && vsFloor >= 1.5));
  }
  const crawler = measured[6];
  const crawlerVsFloor = ratio(crawler.page.rps, crawler.floor.rps);
  rows.push(target(`${crawler.label}: req/s ÷ floor / (bot path)`, crawlerVsFloor, "-", true));
  for (const signed of measured.slice(3, 6)) rows.push(...signedInRows(signed.label, signed.page, signed.floor));

  const javascript = await homeJavaScript(app.url);
  const floorJs = await homeJavaScript(floor.url);
  rows.push(...javascriptTargets(Number(javascript[0]["browser kB"]), Number(floorJs[0]["browser kB"])));

  const soak = [await soakRun(app.url, opts.soakSeconds, null), await soakRun(app.url, opts.soakSeconds, provider)];
  for (const s of soak) rows.push(target(`soak ${s.row.case}: errors`, s.errors, "0", s.errors === 0));

  const counted = await countSoak(app, viewId, {
    seconds: opts.soakSeconds,
    clients: SOAK_CONCURRENCY,
    visitors: VISITORS,
  });
  rows.push(
    target(
      `exact counts: views counted after ${opts.soakSeconds} s of ${SOAK_CONCURRENCY} clients as ${counted.visitors} visitors`,
      counted.counted,
      `= ${VISITORS}`,
      counted.visitors === VISITORS && counted.counted === VISITORS && counted.errors === 0,
    ),
  );
  const writes = (counted.batches / counted.requests) * 1000;
  rows.push(
    target(
      `D1 writes (batches) per 1,000 profile views (${counted.requests} views, ${counted.batches} batches)`,
      writes,
      `≤ ${MAX_WRITES_PER_1000}`,
      writes <= MAX_WRITES_PER_1000,
    ),
  );
  return {
    counting: [counted.row],
    load: loadRows,
    targets: rows,
    javascript: [
      { server: "app", ...javascript[0] },
      { server: "floor", ...floorJs[0] },
    ],
    soak: soak.map((s) => s.row),
  };
}

/** The JavaScript targets from the kB Chromium downloads on the app's / and on the floor's by network idle. */
export function javascriptTargets(kb: number, floorKb: number): Row[] {
  return [
    targetRow("JavaScript on /, kB Chromium downloads by network idle", kb, "≤ 95", kb <= 95),
    targetRow("JavaScript on / − the floor's, kB (both by network idle)", kb - floorKb, "≤ 8", kb - floorKb <= 8),
  ];
}

/**
 * `seconds` of 16 clients on / (anonymous, age cookie); with `provider`, one listing save a second through
 * PUT /api/profile meanwhile (three providers in turn, each under its own save limit).
 */
async function soakRun(
  baseUrl: string,
  seconds: number,
  provider: Provider | null,
): Promise<{ row: Row; errors: number }> {
  let savers: Provider[] = [];
  if (provider)
    savers = [provider, ...(await Promise.all(Array.from({ length: SAVERS - 1 }, () => newProvider(baseUrl))))];
  let saves = 0;
  const failedSaves: number[] = [];
  let stop = false;
  const saving = (async () => {
    if (savers.length === 0) return;
    for (let n = 0; !stop; n++) {
      const started = Date.now();
      const status = await saveEdit(baseUrl, savers[n % savers.length], n + 1).catch(() => 0);
      if (status === 200) saves++;
      else failedSaves.push(status);
      await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (Date.now() - started))));
    }
  })();
  const r = await load(baseUrl, "/", { seconds, concurrency: SOAK_CONCURRENCY, headers: { Cookie: AGE } });
  stop = true;
  await saving;
  const row: Row = {
    case: provider ? "/ with a save every second" : "/ alone",
    seconds,
    clients: SOAK_CONCURRENCY,
    requests: r.requests,
    errors: r.errors,
    "req/s": fmt(r.rps, 1),
    "p50 ms": fmt(r.p50, 1),
    "p90 ms": fmt(r.p90, 1),
    saves: provider ? saves : "-",
    "failed saves (status)": provider ? (failedSaves.length ? failedSaves.join(",") : 0) : "-",
  };
  // A failed save is an error as much as a failed page.
  return { row, errors: r.errors + failedSaves.length };
}
