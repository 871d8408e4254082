/// <reference types="node" />
// Renders the demo pictures (SVG from drizzle/seed/art.ts, through sharp, to webp) and stores them in R2.
// Rendered files are cached in node_modules/.cache/seed/photos by content hash: the pictures are
// deterministic, so a second seed (tests seed fresh folders often) skips the rendering.
import type sharpDefault from "sharp";
import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { artSvg, PALETTES } from "./art";
import type { ArtStyle } from "./art";
import { createRng } from "./random";
import { hashBands } from "../../app/features/photos/phash";
import { lumaFromPng, storedHash, THUMB_SIDE } from "../../app/features/photos/phash-crops";
import type { SeedStore } from "./store";

export type Rendering = {
  width: number;
  height: number;
  quality: number;
  /**
   * A photo-like texture over the drawing: flat vector art compresses far better than any photo, and fine
   * grain alone vanishes when a picture is made smaller, so real-size pictures without detail at every
   * scale would make every byte figure (of the picture and of its smaller sizes) look too good.
   */
  grain?: boolean;
};

export const FULL: Rendering = { width: 600, height: 800, quality: 90 };

/** The demo's own pictures at another size (--photo-size): stored like an upload is (WebP at 90), with grain. */
export function sizedRendering(width: number, height: number): Rendering {
  return { width, height, quality: 90, grain: true };
}

// Loaded on first use, so importing the seed module (scripts/start.mjs does, for DEMO_ACCOUNTS) stays cheap.
type Sharp = typeof sharpDefault;
let sharpModule: Sharp | null = null;
async function loadSharp(): Promise<Sharp> {
  sharpModule ??= (await import("sharp")).default;
  return sharpModule;
}

/** Noise at several scales ([1/scale of the size, strength]): detail that survives being made smaller. */
const TEXTURE_LAYERS: [number, number][] = [
  [1, 10],
  [2, 14],
  [6, 24],
  [16, 40],
];
const textures = new Map<string, Promise<Buffer>>();

/** One texture per size for the whole run (making it costs seconds; laying it over a picture does not). */
function texture(sharp: Sharp, width: number, height: number): Promise<Buffer> {
  const key = `${width}x${height}`;
  let made = textures.get(key);
  if (!made) {
    made = (async () => {
      let grey = await sharp({ create: { width, height, channels: 3, background: "#808080" } })
        .png()
        .toBuffer();
      for (const [scale, sigma] of TEXTURE_LAYERS) {
        const w = Math.max(1, Math.round(width / scale));
        const h = Math.max(1, Math.round(height / scale));
        const small = await sharp({
          create: {
            width: w,
            height: h,
            channels: 3,
            background: "#808080",
            noise: { type: "gaussian", mean: 128, sigma },
          },
        })
          .png()
          .toBuffer();
        const layer = await sharp(small).resize(width, height, { kernel: "cubic" }).png().toBuffer();
        grey = await sharp(grey)
          .composite([{ input: layer, blend: "soft-light" }])
          .png()
          .toBuffer();
      }
      return grey;
    })();
    textures.set(key, made);
  }
  return made;
}

export async function renderArt(
  art: { seed: string; palette: number; style: ArtStyle },
  rendering: Rendering,
  cacheDir: string | null,
): Promise<Uint8Array<ArrayBuffer>> {
  const svg = artSvg(createRng(art.seed), PALETTES[art.palette], art.style, rendering.width, rendering.height);
  const hash = createHash("sha1")
    .update(`${svg}|q${rendering.quality}${rendering.grain ? `|texture${TEXTURE_LAYERS.join()}` : ""}`)
    .digest("hex");
  const file = cacheDir ? path.join(cacheDir, `${hash}.webp`) : null;
  if (file) {
    try {
      return new Uint8Array(await readFile(file));
    } catch {
      // Not rendered yet.
    }
  }
  const sharp = await loadSharp();
  let picture = sharp(Buffer.from(svg));
  if (rendering.grain) {
    const grain = await texture(sharp, rendering.width, rendering.height);
    picture = sharp(await picture.png().toBuffer()).composite([{ input: grain, blend: "soft-light" }]);
  }
  const webp = await picture.webp({ quality: rendering.quality }).toBuffer();
  if (file) {
    await mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, webp);
    await rename(tmp, file);
  }
  // A Uint8Array of its own (sharp's Buffer may view a shared pool), as the store's request body takes it.
  return new Uint8Array(webp);
}

/**
 * A picture's perceptual hash, as the upload computes it (decision 0057) with sharp in the Images binding's
 * place: the seed has no Images binding (it writes through its own store, decision 0046), and its pictures
 * are stored as drawn, without a watermark, so this is the hash an upload of them would have kept.
 */
export async function pictureHash(bytes: Uint8Array): Promise<{ hash: string; b0: number; b1: number; b2: number }> {
  const sharp = await loadSharp();
  const png = await sharp(bytes).rotate().resize(THUMB_SIDE, THUMB_SIDE, { fit: "fill" }).png().toBuffer();
  const hash = storedHash(lumaFromPng(new Uint8Array(png)));
  const [b0, b1, b2] = hashBands(hash);
  return { hash, b0, b1, b2 };
}

export async function putPhoto(store: SeedStore, key: string, bytes: Uint8Array<ArrayBuffer>): Promise<void> {
  await store.putPhoto(key, bytes, "image/webp");
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
