import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startApp } from "../../tests/e2e/server";
import { ensureFloor, startFloor } from "./floor";
import { load } from "./load";
const copy = mkdtempSync(join(tmpdir(), "nz-probe-"));
cpSync("/work/main/node_modules/.cache/bench/store-100", copy, { recursive: true });
const app = await startApp({ persistDir: copy });
const floor = await startFloor(ensureFloor());
const AGE = { Cookie: "age_verified=1" };
for (const [base, path, h] of [[app.url, "/", AGE], [floor.url, "/", {}], [app.url, "/favicon.svg", {}]] as const) {
  const r = await fetch(base + path, { headers: h });
  const b = await r.arrayBuffer();
  console.log(path, r.status, b.byteLength, [...r.headers].map(([k, v]) => `${k}: ${v.slice(0, 60)}`).join("\n  "));
}
const cases = [["app / gz", app.url, "/", AGE], ["app / id", app.url, "/", {...AGE, "Accept-Encoding": "identity"}], ["floor /", floor.url, "/", {}], ["app /faq", app.url, "/faq", AGE], ["app placeholder", app.url, "/api/placeholder/1/1", {}], ["static", app.url, "/favicon.svg", {}]] as const;
for (const [, base, path, h] of cases) { const r = await fetch(base + path, { headers: h as any }); console.log(path, (await r.text()).length, r.headers.get("x-cache")); }
const res: Record<string, number[]> = {};
for (let round = 0; round < 6; round++) {
  for (const [name, base, path, h] of cases) {
    const r = await load(base, path, { seconds: 1.5, concurrency: 8, headers: h as any });
    (res[name] ??= []).push(r.rps);
  }
}
for (const [k, v] of Object.entries(res)) { v.sort((a, b) => a - b); console.log(k.padEnd(18), v.map((x) => x.toFixed(0)).join(" "), "median", ((v[2] + v[3]) / 2).toFixed(0)); }
await app.stop(); await floor.stop();
