// CPU time a request of each server's workerd processes (`npm run bench -- --worker-cpu`), read from /proc
// (Linux only) while 8 clients make a fixed number of requests: the app's signed-in pages (and /favorites, the
// signed-in frame alone), its cheapest answers (a placeholder image; the session lookup alone) and the
// floor's /. The machine's other load moves this far less than requests a second, which is a share of two
// cores; a change is better judged by it, over rounds.
import { execSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startApp } from "../../tests/e2e/server";
import { ensureFloor, startFloor } from "./floor";
import { newProvider, signInAdmin } from "./provider";
import { load } from "./load";

/** Clock ticks a second in /proc/<pid>/stat (USER_HZ). */
const TICK = 100;

function workerds(): Set<number> {
  const out = execSync("pgrep -x workerd || true", { encoding: "utf8" });
  return new Set(out.split("\n").filter(Boolean).map(Number));
}

function cpuMs(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone
    }
  }
  return (ticks * 1000) / TICK;
}

export async function workerCpu(store: string, args: string[]) {
  const n = Number(args[args.indexOf("--requests") + 1]) || 500;
  const rounds = Number(args[args.indexOf("--rounds") + 1]) || 2;
  const copy = mkdtempSync(join(tmpdir(), "nz-cpu-"));
  cpSync(store, copy, { recursive: true });
  const before = workerds();
  const app = await startApp({ persistDir: copy });
  const appPids = [...workerds()].filter((p) => !before.has(p));
  const mid = workerds();
  const floor = await startFloor(ensureFloor());
  const floorPids = [...workerds()].filter((p) => !mid.has(p));
  console.log("app workerd", appPids, "floor workerd", floorPids);
  try {
    const provider = await newProvider(app.url);
    const admin = await signInAdmin(app.url);
    const pages: [string, string, string, number[]][] = [
      ["floor /", floor.url + "|/", "", floorPids],
      ["/ signed in", app.url + "|/", `age_verified=1; ${provider.cookie}`, appPids],
      ["/dashboard", app.url + "|/dashboard", `age_verified=1; ${provider.cookie}`, appPids],
      ["/admin/verifications", app.url + "|/admin/verifications", `age_verified=1; ${admin}`, appPids],
      // No loader of its own: the site's frame and the root's session lookup alone (signed-in.ts says why).
      ["/favorites signed in", app.url + "|/favorites", `age_verified=1; ${provider.cookie}`, appPids],
      ["/ anonymous", app.url + "|/", "age_verified=1", appPids],
      ["placeholder", app.url + "|/api/placeholder/1/1", "", appPids],
      ["auth status", app.url + "|/api/auth/status", `age_verified=1; ${provider.cookie}`, appPids],
    ];
    const only = args.includes("--only") ? args[args.indexOf("--only") + 1].split(",") : null;
    const rows: Record<string, string | number>[] = [];
    for (let round = 0; round < rounds; round++)
      for (const [label, target, cookie, pids] of pages) {
        if (only && !only.includes(label)) continue;
        const [base, path] = target.split("|");
        await load(base, path, { seconds: 1, concurrency: 4, headers: { Cookie: cookie } });
        const node0 = process.cpuUsage();
        const c0 = cpuMs(pids);
        const r = await load(base, path, { seconds: 60, concurrency: 8, headers: { Cookie: cookie }, maxRequests: n });
        const c1 = cpuMs(pids);
        const node1 = process.cpuUsage(node0);
        rows.push({
          round,
          page: label,
          requests: r.requests,
          errors: r.errors,
          "server cpu ms/req": ((c1 - c0) / r.requests).toFixed(2),
          "client cpu ms/req": ((node1.user + node1.system) / 1000 / r.requests).toFixed(2),
          "req/s": r.rps.toFixed(1),
          p50: r.p50.toFixed(1),
          p90: r.p90.toFixed(1),
        });
      }
    console.table(rows);
  } finally {
    await floor.stop();
    await app.stop();
    rmSync(copy, { recursive: true, force: true });
  }
}
