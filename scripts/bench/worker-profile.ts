// Where the Worker's CPU goes on a signed-in page (`npm run bench -- --worker-profile [--out PREFIX]`): the app
// over a copy of the bench's 100-listing store, a provider and the administrator signed in, then for each page
// workerd's V8 sampling profiler (over wrangler dev's inspector) runs while 8 clients load it, and the samples
// are counted by function and by file, self and inclusive. Samples are counted, not their time: on a shared
// machine the thread is often descheduled, and the sample after such a gap carries the whole gap (tens of ms),
// which a time-weighted sum charges to whatever function happened to be on the stack. `--out` keeps the
// .cpuprofile files (open them in Chrome's DevTools) and the Worker's bundled source they point into.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import WebSocket from "ws";
import { startApp } from "../../tests/e2e/server";
import { newProvider, signInAdmin } from "./provider";
import { load } from "./load";

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
  children?: number[];
};
type Profile = { nodes: Node[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] };

async function inspector(port: number) {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json`)).json()) as {
    webSocketDebuggerUrl: string;
    title?: string;
  }[];
  const ws = new WebSocket(targets[0].webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.on("open", resolve);
    ws.on("error", reject);
  });
  let next = 1;
  const pending = new Map<number, (v: unknown) => void>();
  const scripts: { scriptId: string; url: string }[] = [];
  ws.on("message", (data) => {
    const msg = JSON.parse(String(data)) as {
      id?: number;
      result?: unknown;
      error?: unknown;
      method?: string;
      params?: { scriptId: string; url: string };
    };
    if (msg.method === "Debugger.scriptParsed" && msg.params) scripts.push(msg.params);
    if (msg.id && pending.has(msg.id)) {
      pending.get(msg.id)!(msg.error ? Promise.reject(new Error(JSON.stringify(msg.error))) : msg.result);
      pending.delete(msg.id);
    }
  });
  const send = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<unknown>((resolve) => {
      const id = next++;
      pending.set(id, resolve);
      ws.send(JSON.stringify({ id, method, params }));
    });
  return { send, scripts, close: () => ws.close(), title: targets.map((t) => t.title).join(", ") };
}

const NOT_WORK = new Set(["(idle)", "(program)", "(garbage collector)"]);

/** Busy samples (idle, program and GC left out) by function, self and inclusive, and by file. */
function summarise(profile: Profile, top: number) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const name = (id: number) => {
    const f = byId.get(id)!.callFrame;
    return `${f.functionName || "(anon)"} ${f.url.replace(/^.*\//, "") || "(native)"}:${f.lineNumber + 1}`;
  };
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const byFile = new Map<string, number>();
  let busy = 0;
  for (const id of profile.samples) {
    if (NOT_WORK.has(byId.get(id)!.callFrame.functionName)) continue;
    busy++;
    self.set(name(id), (self.get(name(id)) ?? 0) + 1);
    const file = byId.get(id)!.callFrame.url.replace(/^.*\//, "") || "(native)";
    byFile.set(file, (byFile.get(file) ?? 0) + 1);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at; at = parent.get(at)) {
      const k = name(at);
      if (!seen.has(k)) inclusive.set(k, (inclusive.get(k) ?? 0) + 1);
      seen.add(k);
    }
  }
  const rows = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, n]) => ({ what: k.slice(0, 110), samples: n, pct: ((n / busy) * 100).toFixed(1) }));
  return { busy, self: rows(self), inclusive: rows(inclusive), files: rows(byFile) };
}

export async function workerProfile(store: string, args: string[]) {
  const seconds = Number(args[args.indexOf("--seconds") + 1]) || 8;
  const out = args.includes("--out") ? args[args.indexOf("--out") + 1] : null;
  const copy = mkdtempSync(join(tmpdir(), "nz-prof-"));
  cpSync(store, copy, { recursive: true });
  const app = await startApp({ persistDir: copy });
  try {
    const provider = await newProvider(app.url);
    const admin = await signInAdmin(app.url);
    const pages: [string, string, string][] = [
      ["dashboard", "/dashboard", `age_verified=1; ${provider.cookie}`],
      ["verifications", "/admin/verifications", `age_verified=1; ${admin}`],
    ];
    const only = args.includes("--page") ? args[args.indexOf("--page") + 1] : null;
    const ins = await inspector(app.inspectorPort);
    console.log("inspector targets:", ins.title);
    await ins.send("Profiler.enable");
    await ins.send("Profiler.setSamplingInterval", { interval: 200 });
    for (const [name, path, cookie] of pages) {
      if (only && only !== name) continue;
      // Warm up: the isolate's kept statements and formatters, the JIT.
      await load(app.url, path, { seconds: 2, concurrency: 4, headers: { Cookie: cookie } });
      await ins.send("Profiler.start");
      const r = await load(app.url, path, { seconds, concurrency: 8, headers: { Cookie: cookie } });
      const { profile } = (await ins.send("Profiler.stop")) as { profile: Profile };
      if (out) writeFileSync(`${out}-${name}.cpuprofile`, JSON.stringify(profile));
      const s = summarise(profile, 40);
      console.log(
        `\n## ${path}: ${r.requests} requests, ${r.rps.toFixed(1)} req/s, p50 ${r.p50.toFixed(1)} p90 ${r.p90.toFixed(1)} ms; ${s.busy} busy samples, ${(s.busy / r.requests).toFixed(1)} a request`,
      );
      console.table(s.self);
      console.table(s.inclusive);
      console.table(s.files);
    }
    if (out) {
      await ins.send("Debugger.enable");
      await new Promise((r) => setTimeout(r, 1000));
      for (const sc of ins.scripts.filter((x) => x.url.endsWith("app.js"))) {
        const { scriptSource } = (await ins.send("Debugger.getScriptSource", { scriptId: sc.scriptId })) as {
          scriptSource: string;
        };
        writeFileSync(`${out}-app.js`, scriptSource);
      }
      await ins.send("Debugger.disable");
    }
    ins.close();
  } finally {
    await app.stop();
    rmSync(copy, { recursive: true, force: true });
  }
}
