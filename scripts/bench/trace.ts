// A Chromium performance trace of a page load as a mid-range phone sees it (Lighthouse mobile's 4x CPU
// slowdown, its 412x823 screen at 1.75 device pixels), summarised as work counts: the main thread's tasks,
// the CPU time inside them by kind (script by file, style recalculation, layout, parsing, image decoding),
// and how many style recalculations and layouts ran over how many elements. CPU time rather than wall time,
// so that a loaded machine's waits for a core do not count as the page's work.
import { chromium } from "playwright-core";
import type { Page } from "playwright-core";
import { BROWSER_UA } from "./load";

type Row = Record<string, string | number>;

/** One trace event as Chromium writes it (only what the summary reads). */
type TraceEvent = {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's CPU time inside the event: unlike `dur`, not stretched by a loaded machine's scheduling. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: {
    name?: string;
    data?: { url?: string; functionName?: string; frame?: string; type?: string; stackTrace?: { url?: string }[] };
    elementCount?: number;
    beginData?: { dirtyObjects?: number; totalObjects?: number; frame?: string; url?: string };
    endData?: unknown;
  };
};

const CPU_SLOWDOWN = 4;
/** A task longer than this blocks the main thread; what passes it counts toward Total Blocking Time. */
const LONG_TASK_MS = 50;

const CATEGORIES = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "v8.execute",
  "v8",
  "blink",
  "blink.user_timing",
  "loading",
  "toplevel",
  "disabled-by-default-devtools.timeline.frame",
];

/**
 * What an event's own time was spent on, when its name says (the groups Lighthouse's main-thread breakdown
 * uses); null for an event that only takes its parent's kind (Blink's inner steps, V8's interrupts).
 */
function kindOf(e: TraceEvent, script: string | null): string | null {
  switch (e.name) {
    case "UpdateLayoutTree":
    case "ParseAuthorStyleSheet":
      return "style";
    case "Layout":
      return "layout";
    case "IntersectionObserverController::computeIntersections":
      return "intersection observers";
    case "Paint":
    case "PaintImage":
    case "PrePaint":
    case "Layerize":
    case "Commit":
    case "UpdateLayer":
    case "UpdateLayerTree":
      return "paint";
    case "Decode Image":
    case "ImageDecodeTask":
    case "Decode LazyPixelRef":
      return "image decode";
    case "ParseHTML":
      return "parse HTML";
    case "MinorGC":
    case "MajorGC":
    case "BlinkGC.AtomicPhase":
      return "GC";
    case "v8.compile":
    case "v8.compileModule":
      return `compile ${script ?? "(unknown)"}`;
    case "EvaluateScript":
    case "v8.evaluateModule":
    case "FunctionCall":
    case "TimerFire":
    case "EventDispatch":
    case "FireAnimationFrame":
    case "FireIdleCallback":
    case "RunMicrotasks":
    case "V8.Execute":
      return `script ${script ?? "(unknown)"}`;
    default:
      return null;
  }
}

function shortUrl(url: string | undefined, origin: string): string | null {
  if (!url) return null;
  const path = url.startsWith(origin) ? url.slice(origin.length) : url;
  // Chunk names without their content hash, so runs before and after a change compare.
  return path.replace(/-[\w-]{8}\.(js|css)$/, ".$1") || "/";
}

/** The script an event runs, when it names one. */
function scriptOf(e: TraceEvent, origin: string): string | null {
  const d = e.args?.data;
  if (!d) return null;
  if (e.name === "EvaluateScript" || e.name === "v8.compileModule" || e.name === "v8.evaluateModule")
    return shortUrl(d.url, origin) ?? null;
  if (e.name === "FunctionCall") {
    const url = shortUrl(d.url, origin);
    return url ? `${url}${d.functionName ? ` ${d.functionName}` : ""}` : null;
  }
  if (e.name === "TimerFire" || e.name === "EventDispatch" || e.name === "FireAnimationFrame")
    return d.type ? `(${e.name} ${d.type})` : `(${e.name})`;
  return null;
}

export type TraceSummary = {
  /** Tasks on the page's main thread over LONG_TASK_MS, each with its time by kind. */
  longTasks: Row[];
  /** All main-thread time by kind, summed over the load. */
  byKind: Row[];
  counts: Row;
};

/**
 * Nested events of the page's main thread: CPU time by kind, within each top-level task. CPU time (the
 * events' thread time), not wall time: on a shared machine a task's wall time is mostly the thread waiting
 * for a core, and the 4x slowdown's own pauses take no CPU. A phone's time is this CPU time times the
 * slowdown, as Lighthouse's simulation reckons it from an unthrottled run; under the slowdown the thread's time
 * already counts the slowdown's pauses (they spin), so it is taken as it is.
 */
export function summarise(events: TraceEvent[], origin: string, throttled: boolean): TraceSummary {
  const main = events.find((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain" && hasPage(e));
  function hasPage(thread: TraceEvent) {
    return events.some(
      (e) => e.pid === thread.pid && e.tid === thread.tid && e.name === "ParseHTML" && e.args?.beginData?.url,
    );
  }
  if (!main) throw new Error("trace: no renderer main thread with the page");
  const onMain = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === "X" && (e.dur ?? 0) > 0)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const cpu = (e: TraceEvent) => e.tdur ?? e.dur ?? 0;
  const start = onMain[0]?.ts ?? 0;
  const tasks: { task: TraceEvent; kinds: Map<string, number> }[] = [];
  const total = new Map<string, number>();
  const add = (m: Map<string, number>, k: string, us: number) => m.set(k, (m.get(k) ?? 0) + us);
  // A stack of open events; each event's own CPU time is its CPU time less its children's.
  type Open = {
    e: TraceEvent;
    end: number;
    childUs: number;
    script: string | null;
    kind: string;
    kinds: Map<string, number>;
  };
  const stack: Open[] = [];
  const close = (o: Open) => {
    const self = Math.max(0, cpu(o.e) - o.childUs);
    add(o.kinds, o.kind, self);
    add(total, o.kind, self);
  };
  let styleRecalcs = 0;
  let styleElements = 0;
  let layouts = 0;
  let layoutObjects = 0;
  for (const e of onMain) {
    while (stack.length && stack[stack.length - 1].end <= e.ts) close(stack.pop()!);
    const parent = stack[stack.length - 1];
    if (parent) parent.childUs += cpu(e);
    const kinds = parent ? parent.kinds : new Map<string, number>();
    if (!parent) tasks.push({ task: e, kinds });
    if (e.name === "UpdateLayoutTree") {
      styleRecalcs++;
      styleElements += e.args?.elementCount ?? 0;
    }
    if (e.name === "Layout") {
      layouts++;
      layoutObjects += e.args?.beginData?.dirtyObjects ?? 0;
    }
    const script = scriptOf(e, origin) ?? parent?.script ?? null;
    const kind = kindOf(e, script) ?? parent?.kind ?? "other";
    stack.push({ e, end: e.ts + e.dur!, childUs: 0, script, kind, kinds });
  }
  while (stack.length) close(stack.pop()!);

  // Milliseconds as on the phone: the CPU time under the slowdown (whose pauses the thread's time counts), or
  // the CPU time times the slowdown.
  const phone = (us: number) => (us * (throttled ? 1 : CPU_SLOWDOWN)) / 1000;
  const top = (kinds: Map<string, number>, n: number) =>
    [...kinds.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .filter(([, us]) => phone(us) >= 1)
      .map(([k, us]) => `${k} ${phone(us).toFixed(0)}`)
      .join("; ");
  const long = tasks.filter((t) => phone(cpu(t.task)) > LONG_TASK_MS);
  const totalUs = [...total.values()].reduce((a, b) => a + b, 0);
  return {
    longTasks: long.map((t) => ({
      "at ms (wall)": Math.round((t.task.ts - start) / 1000),
      "phone ms": Math.round(phone(cpu(t.task))),
      "inside (phone ms by kind)": top(t.kinds, 5),
    })),
    byKind: [...total.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 18)
      .map(([kind, us]) => ({
        kind,
        "phone ms": Math.round(phone(us)),
        share: `${((us / totalUs) * 100).toFixed(1)}%`,
      })),
    counts: {
      "main-thread tasks": tasks.length,
      "tasks > 50 ms": long.length,
      "blocking ms (sum over 50)": Math.round(long.reduce((n, t) => n + phone(cpu(t.task)) - LONG_TASK_MS, 0)),
      "busy phone ms": Math.round(phone(totalUs)),
      "style recalcs": styleRecalcs,
      "elements restyled": styleElements,
      layouts,
      "objects laid out": layoutObjects,
    },
  };
}

/**
 * Loads `path` once in a fresh Chromium (phone screen, 4x CPU slowdown, the age cookie unless `cookie` says
 * otherwise), waits for the network to go quiet and a few seconds more (the islands, the socket, the
 * beacon's first second), and summarises the trace. `raw` keeps the trace's events for a file.
 */
export async function traceLoad(
  baseUrl: string,
  path: string,
  opts: {
    cookie?: string;
    settleMs?: number;
    /** Without the slowdown: the CPU times are the same, only the order of events is less like a phone's. */
    throttle?: boolean;
    javaScript?: boolean;
    /** Runs before the page loads (routes that change what it gets, for experiments). */
    prepare?: (page: Page) => Promise<void>;
  } = {},
): Promise<TraceSummary & { raw: unknown }> {
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
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
      userAgent: BROWSER_UA,
      javaScriptEnabled: opts.javaScript ?? true,
    });
    const url = new URL(baseUrl);
    const cookie = opts.cookie ?? "age_verified=1";
    if (cookie)
      await context.addCookies(
        cookie.split(/;\s*/).map((pair) => {
          const [name, ...value] = pair.split("=");
          return { name, value: value.join("="), domain: url.hostname, path: "/" };
        }),
      );
    const page = await context.newPage();
    await opts.prepare?.(page);
    const cdp = await context.newCDPSession(page);
    if (opts.throttle ?? true) await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    await browser.startTracing(page, { categories: CATEGORIES });
    await page.goto(baseUrl + path, { waitUntil: "networkidle", timeout: 120_000 });
    await page.waitForTimeout(opts.settleMs ?? 3_000);
    const buffer = await browser.stopTracing();
    const raw = JSON.parse(buffer.toString("utf8")) as { traceEvents: TraceEvent[] };
    return { ...summarise(raw.traceEvents, url.origin, opts.throttle ?? true), raw };
  } finally {
    await browser.close();
  }
}
