/// <reference types="node" />
// Renders the demo pictures (SVG from drizzle/seed/art.ts, through sharp, to webp) and stores them in R2.
// Rendered files are cached in node_modules/.cache/seed/photos by content hash: the pictures are
// deterministic, so a second seed (tests seed fresh folders often) skips the rendering.
import type sharpDefault from "sharp";
import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { artSvg, PALETTES, type ArtStyle } from "./art";
import { createRng } from "./random";

export type Rendering = { width: number; height: number; quality: number };

export const FULL: Rendering = { width: 600, height: 800, quality: 90 };

// Loaded on first use, so importing the seed module (scripts/start.mjs does, for DEMO_ACCOUNTS) stays cheap.
type Sharp = typeof sharpDefault;
let sharpModule: Sharp | null = null;
async function loadSharp(): Promise<Sharp> {
  sharpModule ??= (await import("sharp")).default;
  return sharpModule;
}

export async function renderArt(
  art: { seed: string; palette: number; style: ArtStyle },
  rendering: Rendering,
  cacheDir: string | null,
): Promise<Uint8Array> {
  const svg = artSvg(createRng(art.seed), PALETTES[art.palette], art.style, rendering.width, rendering.height);
  const hash = createHash("sha1").update(`${svg}|q${rendering.quality}`).digest("hex");
  const file = cacheDir ? path.join(cacheDir, `${hash}.webp`) : null;
  if (file) {
    try {
      return new Uint8Array(await readFile(file));
    } catch {
      // Not rendered yet.
    }
  }
  const sharp = await loadSharp();
  const webp = await sharp(Buffer.from(svg)).webp({ quality: rendering.quality }).toBuffer();
  if (file) {
    await mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, webp);
    await rename(tmp, file);
  }
  // A plain copy: the platform proxy cannot serialise a Buffer that views a shared pool.
  return new Uint8Array(webp);
}

export async function putPhoto(bucket: R2Bucket, key: string, bytes: Uint8Array): Promise<void> {
  await bucket.put(key, bytes, { httpMetadata: { contentType: "image/webp" } });
}

/** Runs `work` over `items` with at most `limit` in flight; stops at the first error. */
export async function eachLimit<T>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failed: unknown = null;
  const runner = async () => {
    while (failed == null && next < items.length) {
      const i = next++;
      try {
        await work(items[i], i);
      } catch (error) {
        failed ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, runner));
  if (failed != null) throw failed;
}
