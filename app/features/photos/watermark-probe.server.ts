// Whether the Images binding in use really draws overlays, so that the editor promises a watermark only where
// photos get one. Cloudflare's binding draws them; the local one of wrangler dev and the vitest pool
// (miniflare, over sharp) accepts draw() and leaves it out (decision 0003), so locally stored photos carry no
// watermark. The pipeline (pipeline.server.ts) draws the mark either way.
import { WATERMARK_PNG_BASE64 } from "./watermark";

let probe: Promise<boolean> | null = null;

const streamOf = (bytes: Uint8Array) => new Blob([bytes as Uint8Array<ArrayBuffer>]).stream();

async function pngBytes(result: ImageTransformationResult): Promise<Uint8Array> {
  return new Uint8Array(await result.response().arrayBuffer());
}

/**
 * Draws the watermark over a small copy of itself and compares the result with the copy alone: a binding that
 * drops the overlay gives the same bytes back (PNG is lossless and deterministic). A binding that fails to
 * answer is taken as not drawing, so nothing is promised that may not happen.
 */
export async function probeOverlays(images: ImagesBinding): Promise<boolean> {
  const mark = Uint8Array.from(atob(WATERMARK_PNG_BASE64), (c) => c.charCodeAt(0));
  const base = () => images.input(streamOf(mark)).transform({ width: 120 });
  const [plain, drawn] = await Promise.all([
    base().output({ format: "image/png" }).then(pngBytes),
    base()
      .draw(images.input(streamOf(mark)).transform({ width: 60 }), { opacity: 1 })
      .output({ format: "image/png" })
      .then(pngBytes),
  ]);
  return plain.length !== drawn.length || plain.some((byte, i) => byte !== drawn[i]);
}

/** probeOverlays once per isolate (a failed probe is tried again on the next call). */
export function imagesDrawOverlays(images: ImagesBinding): Promise<boolean> {
  probe ??= probeOverlays(images).catch((error: unknown) => {
    console.error("watermark probe failed", error instanceof Error ? error.message : error);
    probe = null;
    return false;
  });
  return probe;
}
