// figures: processing one 10 MB, 6000x4000 JPEG through POST /api/uploads (request time and the
// peak memory of the local wrangler dev processes meanwhile), and the D1 statements one listing save takes.
// figures (decision 0013): the bytes of each size of a 2400x3200 upload, and of the one a 390 px
// phone picks for a card.
// Called by scripts/bench/main.ts with a running `wrangler dev`: photoBench(baseUrl).
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import sharp from "sharp";
import { photoSrcSet } from "../../app/features/photos/variants";
import { ART_STYLES, PALETTES } from "../../drizzle/seed/art";
import { renderArt, sizedRendering } from "../../drizzle/seed/photos";
import { signUp } from "./provider";

type Row = Record<string, unknown>;

const MAX_BYTES = 10 * 1024 * 1024;
const SAMPLE_MS = 10;

/** A 6000x4000 JPEG of noise just under 10 MB: noise does not compress, so the file is really that big. */
async function bigJpeg(): Promise<Buffer> {
  const noise = sharp({
    // sharp's types ask for a background; with noise it is not used.
    create: {
      width: 6000,
      height: 4000,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 30 },
    },
  });
  for (let quality = 84; quality >= 60; quality -= 1) {
    const bytes = await noise.clone().jpeg({ quality }).toBuffer();
    if (bytes.length <= MAX_BYTES - 64 * 1024) return bytes;
  }
  throw new Error("could not make a JPEG under 10 MB");
}

function smallJpeg(seed: number): Promise<Buffer> {
  return sharp({
    create: { width: 600, height: 800, channels: 3, background: { r: (seed * 40) % 255, g: 120, b: 160 } },
  })
    .jpeg()
    .toBuffer();
}

// ---------------------------------------------------------------------------------------------------
// Which processes serve baseUrl: the one listening on its port, its wrangler (node) parent, and every
// process under that wrangler (workerd, the images helper). Read from /proc, so Linux only.

function readProc(pid: number, file: string): string | null {
  try {
    return readFileSync(`/proc/${pid}/${file}`, "utf8");
  } catch {
    return null;
  }
}

const pids = () =>
  readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .map(Number);

function parentOf(pid: number): number | null {
  const stat = readProc(pid, "stat");
  if (!stat) return null;
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return Number(fields[1]);
}

function commandOf(pid: number): string {
  return (readProc(pid, "cmdline") ?? "").replace(/\0/g, " ").trim();
}

function rssKb(pid: number): number {
  const status = readProc(pid, "status");
  const m = status && /VmRSS:\s+(\d+)\s+kB/.exec(status);
  return m ? Number(m[1]) : 0;
}

function listenerPid(port: number): number | null {
  const hexPort = port.toString(16).toUpperCase().padStart(4, "0");
  const inodes = new Set<string>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text: string;
    try {
      text = readFileSync(table, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length > 9 && cols[1]?.endsWith(`:${hexPort}`) && cols[3] === "0A") inodes.add(cols[9]);
    }
  }
  for (const pid of pids()) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (m && inodes.has(m[1])) return pid;
      } catch {
        // The fd closed meanwhile.
      }
    }
  }
  return null;
}

type Tracked = { pid: number; kind: "workerd" | "esbuild" | "wrangler (node)" | "other" };

function serverProcesses(baseUrl: string): Tracked[] {
  const port = Number(new URL(baseUrl).port);
  const listener = listenerPid(port);
  if (!listener) return [];
  // Up to the wrangler node process that started it, then everything below that.
  let root = listener;
  for (let p: number | null = listener; p && p > 1; p = parentOf(p)) {
    if (/wrangler/.test(commandOf(p)) && !/npm exec|npx/.test(commandOf(p))) root = p;
  }
  const all = pids();
  const tree = new Set([root]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const p of all) {
      const parent = parentOf(p);
      if (parent && tree.has(parent) && !tree.has(p)) {
        tree.add(p);
        grew = true;
      }
    }
  }
  return [...tree].map((pid) => {
    const cmd = commandOf(pid);
    const kind = /workerd/.test(cmd)
      ? "workerd"
      : /esbuild/.test(cmd)
        ? "esbuild"
        : /wrangler|node/.test(cmd)
          ? "wrangler (node)"
          : "other";
    return { pid, kind } as Tracked;
  });
}

/** Samples the RSS of `procs` every 10 ms while `work` runs; answers the peak per kind and of their sum. */
async function withPeakRss<T>(procs: Tracked[], work: () => Promise<T>) {
  const kinds = [...new Set(procs.map((p) => p.kind))];
  const sample = () => {
    const byKind: Record<string, number> = {};
    for (const k of kinds) byKind[k] = 0;
    for (const p of procs) byKind[p.kind] += rssKb(p.pid);
    return byKind;
  };
  const before = sample();
  const peak = { ...before };
  let peakTotal = Object.values(before).reduce((a, b) => a + b, 0);
  const timer = setInterval(() => {
    const now = sample();
    for (const k of kinds) peak[k] = Math.max(peak[k], now[k]);
    peakTotal = Math.max(
      peakTotal,
      Object.values(now).reduce((a, b) => a + b, 0),
    );
  }, SAMPLE_MS);
  try {
    const result = await work();
    return { result, before, peak, peakTotal, beforeTotal: Object.values(before).reduce((a, b) => a + b, 0) };
  } finally {
    clearInterval(timer);
  }
}

const mb = (kb: number) => (kb / 1024).toFixed(0);

// ---------------------------------------------------------------------------------------------------

async function upload(baseUrl: string, cookie: string, bytes: Buffer, name: string) {
  const body = new FormData();
  body.set("file", new File([new Uint8Array(bytes)], name, { type: "image/jpeg" }));
  const started = performance.now();
  const res = await fetch(`${baseUrl}/api/uploads`, { method: "POST", body, headers: { Cookie: cookie } });
  const json = (await res.json()) as { uploadId?: string; width?: number; height?: number; error?: string };
  return { ms: performance.now() - started, status: res.status, ...json };
}

function saveBody(
  uploads: { uploadId: string; position: number }[],
  opts: { modelId?: string; rates?: number; specials?: number } = {},
) {
  const fd = new FormData();
  if (opts.modelId) fd.set("modelId", opts.modelId);
  const fields: Record<string, string> = {
    firstName: "Bench",
    location: "Auckland",
    suburb: "Ponsonby",
    contactPhone: "021 123 4567",
    calls: "Incall & Outcall",
    tagLine: "A listing made by the benchmark",
    description: "This listing exists to count the D1 statements of one save, nothing more to see here.",
    age: "30",
  };
  for (const [k, v] of Object.entries(fields)) fd.set(k, v);
  const durations = ["30min", "1hr", "1.5hr", "2hr", "3hr", "Overnight"];
  for (let i = 0; i < (opts.rates ?? 1); i++) {
    fd.set(`rates[${i}][call_type]`, i < 6 ? "incall" : "outcall");
    fd.set(`rates[${i}][duration]`, durations[i % 6]);
    fd.set(`rates[${i}][price]`, String(200 + i * 50));
  }
  for (let i = 0; i < (opts.specials ?? 0); i++) {
    fd.set(`specialRates[${i}][serviceName]`, `Package ${i + 1}`);
    fd.set(`specialRates[${i}][rate]`, "500");
  }
  fd.set("uploadIds", JSON.stringify(uploads));
  return fd;
}

async function save(baseUrl: string, cookie: string, method: "POST" | "PUT", body: FormData) {
  const started = performance.now();
  const res = await fetch(`${baseUrl}${method === "POST" ? "/api/profiles" : "/api/profile"}`, {
    method,
    body,
    headers: { Cookie: cookie },
  });
  const json = (await res.json()) as { modelId?: string; error?: string };
  if (!res.ok) throw new Error(`bench save failed: ${res.status} ${JSON.stringify(json)}`);
  return {
    ms: performance.now() - started,
    modelId: json.modelId!,
    statements: res.headers.get("X-D1-Statements") ?? "n/a (APP_ENV is not development)",
    batch: res.headers.get("X-D1-Batch-Statements") ?? "n/a",
  };
}

/** The most photos the Standard plan allows (app/core/plans.ts): the bench's listing is unpaid. */
const STANDARD_MAX_PHOTOS = 10;

export async function photoBench(baseUrl: string): Promise<Row[]> {
  const rows: Row[] = [];
  const cookie = await signUp(baseUrl, { agency: true });
  const big = await bigJpeg();
  const meta = await sharp(big).metadata();
  const procs = serverProcesses(baseUrl);
  const covers =
    procs.length === 0
      ? "not measured (no process found listening on the port)"
      : `RSS (resident memory, sampled every ${SAMPLE_MS} ms from /proc) summed over the wrangler dev process tree serving ${baseUrl}: ` +
        Object.entries(procs.reduce<Record<string, number>>((n, p) => ({ ...n, [p.kind]: (n[p.kind] ?? 0) + 1 }), {}))
          .map(([kind, n]) => `${n} ${kind}`)
          .join(", ") +
        ". Locally the Images binding runs in the wrangler (node) process with sharp; in production it is Cloudflare's image service, outside the Worker's 128 MB.";

  // A warm-up upload (first use compiles code paths and loads sharp), then three measured ones.
  await upload(baseUrl, cookie, await smallJpeg(0), "warm.jpg");
  for (let run = 1; run <= 3; run++) {
    const measured = await withPeakRss(procs, () => upload(baseUrl, cookie, big, `big-${run}.jpg`));
    const r = measured.result;
    const row: Row = {
      case: `upload ${(big.length / 1048576).toFixed(2)} MB ${meta.width}x${meta.height} JPEG (run ${run})`,
      status: r.status,
      "request ms": Math.round(r.ms),
      "stored size": r.width ? `${r.width}x${r.height} webp` : r.error,
      "RSS before MB": mb(measured.beforeTotal),
      "peak RSS MB": mb(measured.peakTotal),
      "peak - before MB": mb(measured.peakTotal - measured.beforeTotal),
    };
    for (const kind of Object.keys(measured.peak)) row[`peak ${kind} MB`] = mb(measured.peak[kind]);
    rows.push(row);
  }
  rows.push({ case: "memory figure covers", note: covers });

  // D1 statements per save: a typical new listing, then an edit at the limits.
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) {
    const r = await upload(baseUrl, cookie, await smallJpeg(i + 1), `p${i}.jpg`);
    ids.push(r.uploadId!);
  }
  const created = await save(
    baseUrl,
    cookie,
    "POST",
    saveBody(ids.map((uploadId, i) => ({ uploadId, position: i + 1 }))),
  );
  rows.push({
    case: "save: new listing, 3 photos, 1 rate",
    "request ms": Math.round(created.ms),
    "D1 statements": created.statements,
    "in the atomic batch": created.batch,
  });
  // An unpaid listing saves as the Standard plan, whose most is 10 photos (app/core/plans.ts).
  const more: string[] = [];
  for (let i = 0; i < STANDARD_MAX_PHOTOS - 3; i++) {
    const r = await upload(baseUrl, cookie, await smallJpeg(i + 4), `q${i}.jpg`);
    if (!r.uploadId) throw new Error(`bench upload failed: ${r.status} ${r.error}`);
    more.push(r.uploadId);
  }
  const edited = await save(
    baseUrl,
    cookie,
    "PUT",
    saveBody(
      more.map((uploadId, i) => ({ uploadId, position: i + 4 })),
      { modelId: created.modelId, rates: 12, specials: 20 },
    ),
  );
  rows.push({
    case: `save: edit to ${STANDARD_MAX_PHOTOS} photos (${STANDARD_MAX_PHOTOS - 3} new, the Standard plan's most), 12 rates, 20 packages`,
    "request ms": Math.round(edited.ms),
    "D1 statements": edited.statements,
    "in the atomic batch": edited.batch,
  });
  rows.push(...(await responsiveSizes(baseUrl, cookie)));
  return rows;
}

// ---------------------------------------------------------------------------------------------------
// Responsive photos (decision 0013).

/** A 390 px phone's card as CARD_SIZES states it: calc((100vw - 36px) / 2), or / 3 from 2.5 device pixels a CSS pixel. */
const PHONE_VIEWPORT = 390;
const phoneCardCssPx = (dpr: number) => (PHONE_VIEWPORT - 36) / (dpr >= 2.5 ? 3 : 2);
export const CARD_BUDGET_BYTES = 80 * 1000;

/**
 * A 2400x3200 upload as a phone camera makes it: the seed's drawing at full size with its photo-like grain
 * (flat art alone would compress far better than any photo), as a JPEG at quality 90.
 */
async function phonePhoto(variant: number): Promise<Buffer> {
  const art = {
    seed: `bench-photo-${variant}`,
    palette: variant % PALETTES.length,
    style: ART_STYLES[variant % ART_STYLES.length],
  };
  const webp = await renderArt(art, sizedRendering(2400, 3200), null);
  return sharp(webp).jpeg({ quality: 90 }).toBuffer();
}

/** What Chromium picks from a w-described srcset: the smallest candidate at least slot x density wide. */
export function pickCandidate(srcset: string, slotCssPx: number, dpr: number): { url: string; width: number } {
  const candidates = srcset
    .split(", ")
    .map((c) => {
      const [url, w] = c.split(" ");
      return { url, width: Number(w.slice(0, -1)) };
    })
    .sort((a, b) => a.width - b.width);
  return candidates.find((c) => c.width >= slotCssPx * dpr) ?? candidates[candidates.length - 1];
}

/** The responsive-photo figures alone, for a quick look: node scripts/bench/... through bundleAndImport. */
export async function responsivePhotoBench(baseUrl: string): Promise<Row[]> {
  return responsiveSizes(baseUrl, await signUp(baseUrl, { agency: true }));
}

async function responsiveSizes(baseUrl: string, cookie: string): Promise<Row[]> {
  const rows: Row[] = [];
  const ids: string[] = [];
  let uploadBytes = 0;
  for (let i = 0; i < 3; i++) {
    const jpeg = await phonePhoto(i);
    uploadBytes ||= jpeg.length;
    const r = await upload(baseUrl, cookie, jpeg, `phone-${i}.jpg`);
    if (!r.uploadId) throw new Error(`bench 2400x3200 upload failed: ${r.status} ${r.error}`);
    ids.push(r.uploadId);
  }
  const res = await fetch(`${baseUrl}/api/profiles`, {
    method: "POST",
    body: saveBody(ids.map((uploadId, i) => ({ uploadId, position: i + 1 }))),
    headers: { Cookie: cookie },
  });
  const profile = (await res.json()) as { images?: { url: string; width: number; height: number }[] };
  if (!res.ok || !profile.images?.length) throw new Error(`bench save of 2400x3200 photos failed: ${res.status}`);
  const photo = profile.images[0];

  const get = async (url: string) => {
    const started = performance.now();
    const r = await fetch(`${baseUrl}${url}`, { headers: { Cookie: cookie } });
    const body = Buffer.from(await r.arrayBuffer());
    const ms = performance.now() - started;
    const m = r.ok ? await sharp(body).metadata() : null;
    return { status: r.status, bytes: body.length, ms, meta: m ? `${m.width}x${m.height}` : `status ${r.status}` };
  };

  const stored = await get(photo.url);
  rows.push({
    case: "responsive photos: a 2400x3200 JPEG upload",
    "upload bytes": uploadBytes,
    "stored as": `${photo.width}x${photo.height} webp`,
    "stored bytes": stored.bytes,
  });
  const srcset = photoSrcSet(photo.url, photo.width)!;
  const sizes = new Map<string, number>();
  for (const candidate of srcset.split(", ")) {
    const url = candidate.split(" ")[0];
    const first = await get(url);
    const again = await get(url);
    sizes.set(url, again.bytes);
    rows.push({
      case: `  size ${/\.w(\d+)\.webp$/.exec(url)?.[1]}`,
      dimensions: first.meta,
      bytes: again.bytes,
      "first request ms (made and stored)": Math.round(first.ms),
      "next request ms (read from R2)": Math.round(again.ms),
    });
  }
  for (const dpr of [1, 2, 3]) {
    const pick = pickCandidate(srcset, phoneCardCssPx(dpr), dpr);
    const bytes = sizes.get(pick.url) ?? 0;
    rows.push({
      case: `  card on a ${PHONE_VIEWPORT} px phone at ${dpr}x (sizes says ${phoneCardCssPx(dpr)} px)`,
      picks: `${pick.width}w`,
      bytes,
      "target <= 80 kB": bytes <= CARD_BUDGET_BYTES ? "met" : "MISSED",
    });
  }
  return rows;
}
