// Issue 14's Targets, measured against the framework floor in the same run (scripts/bench/floor.ts):
// req/s and p90 ratios, JavaScript on /, and the 16-client soak with and without a provider saving.
// Ratios, not absolute figures: the machine is shared, so only figures taken side by side compare.
import { homeJavaScript } from "./grid";
import { load, type LoadResult } from "./load";
import { newProvider, saveEdit, type Provider } from "./provider";

type Row = Record<string, string | number>;

export type TargetOptions = { seconds: number; soakSeconds: number };

// Like a returning visitor who passed the age gate.
const AGE = "age_verified=1";
const CONCURRENCY = 8;
const SOAK_CONCURRENCY = 16;
// PUT /api/profile allows 30 saves a minute per provider; three take turns so that the site sees one a second.
const SAVERS = 3;

const ratio = (a: number, b: number) => (b > 0 ? a / b : NaN);
const fmt = (x: number, digits = 2) => (Number.isFinite(x) ? x.toFixed(digits) : "n/a");

async function firstListingId(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/LPmodels?limit=1`);
  const page = (await res.json()) as { modelId: string }[];
  if (!page[0]) throw new Error("bench: no live listing to open");
  return page[0].modelId;
}

/** One URL measured: a warm-up, then `seconds` of 8 clients. Notes the X-Cache answer when there is one. */
async function measure(baseUrl: string, path: string, seconds: number, cookie?: string) {
  const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
  await load(baseUrl, path, { seconds: Math.min(2, seconds), concurrency: 4, headers });
  const probe = await fetch(baseUrl + path, { headers, redirect: "manual" });
  await probe.arrayBuffer();
  const result = await load(baseUrl, path, { seconds, concurrency: CONCURRENCY, headers });
  return { ...result, cache: probe.headers.get("X-Cache") ?? "-", status: probe.status };
}

type Measured = LoadResult & { cache: string; status: number };

function loadRow(server: string, label: string, r: Measured): Row {
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
  app: { url: string },
  floor: { url: string; asset: string },
  opts: TargetOptions,
): Promise<{ load: Row[]; targets: Row[]; javascript: Row[]; soak: Row[] }> {
  const { seconds } = opts;
  const viewId = await firstListingId(app.url);
  const provider = await newProvider(app.url);
  const signedIn = `${AGE}; ${provider.cookie}`;

  // The floor's / is measured before and after the app's pages and averaged, so drift in the machine's
  // load during the run touches both sides.
  const floorBefore = await measure(floor.url, "/", seconds);
  const floorStatic = await measure(floor.url, floor.asset, seconds);
  const appStatic = await measure(app.url, "/favicon.svg", seconds, AGE);
  const home = await measure(app.url, "/", seconds, AGE);
  const region = await measure(app.url, "/locations/Auckland", seconds, AGE);
  const view = await measure(app.url, `/view/${viewId}`, seconds, AGE);
  const homeSignedIn = await measure(app.url, "/", seconds, signedIn);
  const floorAfter = await measure(floor.url, "/", seconds);
  const floorRps = (floorBefore.rps + floorAfter.rps) / 2;
  const floorP90 = (floorBefore.p90 + floorAfter.p90) / 2;

  const loadRows = [
    loadRow("floor", "/ (before)", floorBefore),
    loadRow("floor", `${floor.asset} (static)`, floorStatic),
    loadRow("app", "/favicon.svg (static)", appStatic),
    loadRow("app", "/ anonymous", home),
    loadRow("app", "/locations/Auckland anonymous", region),
    loadRow("app", `/view/${viewId} anonymous`, view),
    loadRow("app", "/ signed in (uncached)", homeSignedIn),
    loadRow("floor", "/ (after)", floorAfter),
  ];

  const target = (name: string, value: number, goal: string, met: boolean): Row => ({
    target: name,
    figure: fmt(value),
    goal,
    met: Number.isFinite(value) ? (met ? "yes" : "NO") : "n/a",
  });
  const rows: Row[] = [];
  for (const [label, r] of [
    ["/ anonymous", home],
    ["/locations/Auckland anonymous", region],
    [`/view/{id} anonymous`, view],
  ] as const) {
    const vsFloor = ratio(r.rps, floorRps);
    const vsStatic = ratio(r.rps, appStatic.rps);
    rows.push(target(`${label}: req/s ÷ floor /`, vsFloor, "≥ 1.5", vsFloor >= 1.5));
    rows.push(target(`${label}: req/s ÷ static file`, vsStatic, "≥ 0.4", vsStatic >= 0.4));
  }
  const signedRps = ratio(homeSignedIn.rps, floorRps);
  const signedP90 = ratio(homeSignedIn.p90, floorP90);
  rows.push(target("/ signed in: req/s ÷ floor /", signedRps, "≥ 0.5", signedRps >= 0.5));
  rows.push(target("/ signed in: p90 ÷ floor / p90", signedP90, "≤ 2", signedP90 <= 2));

  const javascript = await homeJavaScript(app.url);
  const floorJs = await homeJavaScript(floor.url);
  const kb = Number(javascript[0]["gzipped kB"]);
  rows.push(target("JavaScript on /, gzipped kB", kb, "≤ 95", kb <= 95));

  const soak = [await soakRun(app.url, opts.soakSeconds, null), await soakRun(app.url, opts.soakSeconds, provider)];
  for (const s of soak) rows.push(target(`soak ${s.row.case}: errors`, s.errors, "0", s.errors === 0));
  return {
    load: loadRows,
    targets: rows,
    javascript: [
      { server: "app", ...javascript[0] },
      { server: "floor", ...floorJs[0] },
    ],
    soak: soak.map((s) => s.row),
  };
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
