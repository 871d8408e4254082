// Lighthouse (mobile, a 4x CPU slowdown) on /, a region and a profile, and on the framework floor's / in the
// same run: performance score, Total Blocking Time, LCP and CLS, each against its target. The floor's score
// says whether the machine was quiet enough for the app's to mean anything.
//
// Each page is loaded several times with Lighthouse's default simulated throttling (the medians are the
// figures) and once with DevTools throttling, where the page really loads over a throttled network with the
// CPU slowed. LCP's target is judged on that load: the simulation counts every module script that finished
// downloading before the observed paint as blocking it (it maps only classic scripts' evaluation to their
// URLs), so on this machine a page's simulated LCP flips by 0.8-1.3 s between runs with the same bytes.
// docs/performance.md ('LCP: simulated and throttled') has the runs that showed it.
// Runs the pinned `lighthouse` CLI against the system Chromium, offline.
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../../tests/e2e/chromium";
import { percentile } from "./load";

type Row = Record<string, string | number>;

/** Each public page's goals (Lighthouse mobile, with the age cookie, photos uploaded at 2400x3200). */
export const LIGHTHOUSE_GOALS = { score: 95, tbtMs: 200, lcpMs: 2_000, cls: 0 };

type TableItem = Record<string, unknown>;
type Report = {
  categories: { performance: { score: number | null } };
  audits: Record<
    string,
    { numericValue?: number; displayValue?: string; details?: { items?: (TableItem & { items?: TableItem[] })[] } }
  >;
  runtimeError?: { code: string; message: string };
};

type Throttling = "simulate" | "devtools";

function runLighthouse(url: string, throttling: Throttling): Report {
  const dir = mkdtempSync(join(tmpdir(), "nz-lighthouse-"));
  try {
    const out = join(dir, "report.json");
    const r = spawnSync(
      "npx",
      [
        "lighthouse",
        url,
        "--quiet",
        "--only-categories=performance",
        "--output=json",
        `--output-path=${out}`,
        `--throttling-method=${throttling}`,
        `--chrome-flags=${[...CHROMIUM_FLAGS, "--headless=new"].join(" ")}`,
        // A returning visitor who passed the age gate: the gate is not what is measured.
        `--extra-headers=${JSON.stringify({ Cookie: "age_verified=1" })}`,
      ],
      { encoding: "utf8", env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, timeout: 180_000 },
    );
    if (r.status !== 0) throw new Error(`lighthouse ${url} failed:\n${r.stderr}`);
    // LIGHTHOUSE_REPORTS=<dir> keeps each whole report, to open in Lighthouse's viewer.
    const keep = process.env.LIGHTHOUSE_REPORTS;
    if (keep) {
      mkdirSync(keep, { recursive: true });
      const name = `${new URL(url).port}-${new URL(url).pathname.replace(/\W+/g, "_")}-${throttling}-${Date.now()}`;
      copyFileSync(out, join(keep, `${name}.json`));
    }
    return JSON.parse(readFileSync(out, "utf8")) as Report;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A GET that tries twice: after a long Lighthouse run the pooled keep-alive socket may have been closed. */
async function get(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch {
    return fetch(url, init);
  }
}

type Measured = {
  path: string;
  /** Medians of the simulated runs. */
  score: number | null;
  tbtMs: number;
  cls: number;
  /** Each simulated run's LCP, in run order. */
  simulatedLcpMs: number[];
  /** LCP of the load under DevTools throttling: the figure its target is judged on. */
  lcpMs: number;
  load: string;
  lcpElement: string;
  lcpPhases: string;
};

/** The middle run's figure (of an even number, the lower middle), runs without the figure left out. */
const median = (values: number[]) =>
  percentile(
    values.filter(Number.isFinite).sort((a, b) => a - b),
    50,
  );

/**
 * What LCP was (the element's selector, shortened) and where its time went in the throttled load (Lighthouse's
 * subparts: time to first byte, resource load delay, load duration, render delay), so a figure over its goal
 * says where to look.
 */
const SUBPARTS: Record<string, string> = {
  timeToFirstByte: "TTFB",
  resourceLoadDelay: "load delay",
  resourceLoadDuration: "load",
  elementRenderDelay: "render delay",
};

function lcpBreakdown(report: Report): { lcpElement: string; lcpPhases: string } {
  const parts = report.audits["lcp-breakdown-insight"]?.details?.items ?? [];
  let lcpElement = "?";
  const phases: string[] = [];
  for (const part of parts) {
    if (typeof part.selector === "string") lcpElement = part.selector.split(" > ").slice(-2).join(" > ");
    for (const item of part.items ?? [])
      if (typeof item.subpart === "string" && typeof item.duration === "number")
        phases.push(`${SUBPARTS[item.subpart] ?? item.subpart} ${Math.round(item.duration)}`);
  }
  return { lcpElement, lcpPhases: phases.join(", ") || "?" };
}

async function measure(baseUrl: string, path: string, runs: number): Promise<Measured> {
  // One warm-up request, so the first render's compile time is not what LCP measures, and every photo
  // size the page names fetched once: sizes are made on first request and then stored (decision 0013),
  // so a visitor meets stored ones, not the one-off making (about 0.2 s each here).
  const html = await (await get(baseUrl + path, { headers: { Cookie: "age_verified=1" } })).text();
  for (const photo of new Set(html.match(/\/photos\/[^"\s,]+\.webp/g)))
    await (await get(baseUrl + photo)).arrayBuffer();
  const load = loadavg()[0]!.toFixed(1);
  const simulated = Array.from({ length: runs }, () => runLighthouse(baseUrl + path, "simulate"));
  const throttled = runLighthouse(baseUrl + path, "devtools");
  const audit = (report: Report, id: string) => report.audits[id]?.numericValue ?? NaN;
  const scores = simulated.map((r) => r.categories.performance.score).filter((v): v is number => v != null);
  return {
    path,
    score: scores.length ? Math.round(median(scores) * 100) : null,
    tbtMs: median(simulated.map((r) => audit(r, "total-blocking-time"))),
    cls: median(simulated.map((r) => audit(r, "cumulative-layout-shift"))),
    simulatedLcpMs: simulated.map((r) => audit(r, "largest-contentful-paint")),
    lcpMs: audit(throttled, "largest-contentful-paint"),
    load,
    ...lcpBreakdown(throttled),
  };
}

/**
 * The app's /, a region and a profile, then the floor's /: one table row each (with the 1-minute load
 * average when it ran: the machine is shared), and one target row per app figure.
 */
export async function lighthouseRows(
  baseUrl: string,
  floorUrl: string,
  runs = 3,
): Promise<{ rows: Row[]; targets: Row[] }> {
  const page = (await (await get(`${baseUrl}/api/LPmodels?limit=1`)).json()) as { modelId: string }[];
  const app: Measured[] = [];
  for (const path of ["/", "/locations/Auckland", `/view/${page[0]?.modelId}`])
    app.push(await measure(baseUrl, path, runs));
  const floor = await measure(floorUrl, "/", runs);
  const row = (server: string, m: Measured): Row => ({
    server,
    path: m.path,
    performance: m.score ?? "n/a",
    "TBT ms": Math.round(m.tbtMs),
    "LCP s (throttled)": (m.lcpMs / 1000).toFixed(2),
    "LCP s (simulated, each run)": m.simulatedLcpMs.map((ms) => (ms / 1000).toFixed(1)).join(" "),
    CLS: m.cls.toFixed(3),
    "load avg": m.load,
    "LCP element": m.lcpElement,
    "LCP phases ms": m.lcpPhases,
  });
  const g = LIGHTHOUSE_GOALS;
  const targets: Row[] = [];
  const target = (name: string, value: number, goal: string, met: boolean): Row => ({
    target: name,
    figure: Number.isFinite(value) ? value : "n/a",
    goal,
    met: Number.isFinite(value) ? (met ? "yes" : "NO") : "n/a",
  });
  for (const m of app) {
    const score = m.score ?? NaN;
    targets.push(
      target(
        `Lighthouse ${m.path}: performance (floor's ${floor.score ?? "n/a"})`,
        score,
        `≥ ${g.score}`,
        score >= g.score,
      ),
      target(
        `Lighthouse ${m.path}: TBT ms (floor's ${Math.round(floor.tbtMs)})`,
        Math.round(m.tbtMs),
        `≤ ${g.tbtMs}`,
        m.tbtMs <= g.tbtMs,
      ),
      target(
        `Lighthouse ${m.path}: LCP s, throttled load (floor's ${(floor.lcpMs / 1000).toFixed(2)})`,
        Math.round(m.lcpMs / 10) / 100,
        `≤ ${g.lcpMs / 1000}`,
        m.lcpMs <= g.lcpMs,
      ),
      target(`Lighthouse ${m.path}: CLS`, Math.round(m.cls * 1000) / 1000, `${g.cls}`, m.cls <= g.cls),
    );
  }
  return { rows: [...app.map((m) => row("app", m)), row("floor", floor)], targets };
}
