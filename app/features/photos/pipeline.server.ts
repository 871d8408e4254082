// Every stored listing photo is made here, whichever way it arrived (POST /api/uploads, or the
// additionalImages parts of a save): checked by its bytes, scaled so its longest side is at most 2400 px,
// watermarked with the site name in the centre, encoded as WebP at quality 90, and stripped of metadata.
// Verification documents go through the same steps with their own limits and no watermark
// (processVerificationImage), so no camera, time or GPS data of an ID photo is ever stored either.
import {
  fileProblem,
  MAX_PHOTO_BYTES,
  MAX_SOURCE_SIDE,
  OUTPUT_MAX_SIDE,
  OUTPUT_QUALITY,
  orientedSize,
  PHOTO_MSG,
  resizeFor,
  sniffImage,
  SNIFF_BYTES,
  stripWebpMetadata,
  watermarkWidth,
  VERIFY_MAX_BYTES,
  VERIFY_OUTPUT_MAX_SIDE,
  VERIFY_OUTPUT_QUALITY,
} from "./rules";
import type { FileProblem } from "./rules";
import { WATERMARK_PNG_BASE64 } from "./watermark";

export type ProcessedPhoto = { bytes: Uint8Array; width: number; height: number };
export type PhotoProblem = FileProblem | "process";
export type PhotoResult = { ok: true; photo: ProcessedPhoto } | { ok: false; problem: PhotoProblem; message: string };

/** The watermark's strength on top of the PNG's own half transparency. */
export const WATERMARK_OPACITY = 0.8;

let watermark: Uint8Array | null = null;
function watermarkBytes(): Uint8Array {
  if (!watermark) watermark = Uint8Array.from(atob(WATERMARK_PNG_BASE64), (c) => c.charCodeAt(0));
  return watermark;
}

const streamOf = (bytes: Uint8Array) => new Blob([bytes as Uint8Array<ArrayBuffer>]).stream();

export function problemMessage(problem: PhotoProblem): string {
  return problem === "process" ? PHOTO_MSG.processFailed : PHOTO_MSG[problem];
}

const fail = (problem: PhotoProblem): PhotoResult => ({ ok: false, problem, message: problemMessage(problem) });

/** How one kind of stored image is made. */
type TranscodeOptions = {
  /** Largest accepted upload, in bytes. */
  maxBytes: number;
  /** Longest side of the stored image. */
  maxSide: number;
  /** WebP quality. */
  quality: number;
  /** Public listing photos carry the site name; private documents do not (they are never published). */
  watermark: boolean;
};

const LISTING_PHOTO: TranscodeOptions = {
  maxBytes: MAX_PHOTO_BYTES,
  maxSide: OUTPUT_MAX_SIDE,
  quality: OUTPUT_QUALITY,
  watermark: true,
};

/** Verification documents: 5 MB uploads (spec §5), large enough to read a licence's print, no watermark. */
const VERIFICATION_IMAGE: TranscodeOptions = {
  maxBytes: VERIFY_MAX_BYTES,
  maxSide: VERIFY_OUTPUT_MAX_SIDE,
  quality: VERIFY_OUTPUT_QUALITY,
  watermark: false,
};

/**
 * Processes one photo with the Images binding. Never throws for bad input: a file that is not a JPEG,
 * PNG or WebP (judged by its bytes), too large, too big in pixels, or that the binding cannot read is
 * answered as a problem.
 */
export function processPhoto(images: ImagesBinding, file: Blob): Promise<PhotoResult> {
  return transcode(images, file, LISTING_PHOTO);
}

/**
 * A verification document (licence side or verification photo): the same checks by bytes and the same
 * re-encoding to WebP without any metadata as a listing photo, but with the 5 MB limit, no watermark, and
 * sized for a reviewer to read. The caller words the problems (the spec has its own messages here).
 */
export function processVerificationImage(images: ImagesBinding, file: Blob): Promise<PhotoResult> {
  return transcode(images, file, VERIFICATION_IMAGE);
}

async function transcode(images: ImagesBinding, file: Blob, opts: TranscodeOptions): Promise<PhotoResult> {
  if (file.size === 0 || file.size > opts.maxBytes) return fail("size");
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  const early = fileProblem(file.size, head, opts.maxBytes);
  if (early) return fail(early);
  const sniffed = sniffImage(head)!;

  try {
    // The binding's own reading of the size is the one that counts (headers can lie or be missing).
    const info = await images.info(file.stream());
    if (!("width" in info) || !info.width || !info.height) return fail("type");
    if (info.width > MAX_SOURCE_SIDE || info.height > MAX_SOURCE_SIDE) return fail("dimensions");

    // Resizing applies to the photo as shown, after EXIF rotation.
    const shown = orientedSize(info.width, info.height, sniffed.orientation);
    const resize = resizeFor(shown.width, shown.height, opts.maxSide);
    const scale = resize ? opts.maxSide / Math.max(shown.width, shown.height) : 1;
    const outWidth = Math.round(shown.width * scale);

    let pipeline = images.input(file.stream());
    // Only when needed: the local binding of wrangler dev enlarges small photos even with scale-down.
    if (resize) pipeline = pipeline.transform({ ...resize, fit: "scale-down" });
    if (opts.watermark) {
      // Drawn without a position, an overlay is centred.
      const mark = images.input(streamOf(watermarkBytes())).transform({ width: watermarkWidth(outWidth) });
      pipeline = pipeline.draw(mark, { opacity: WATERMARK_OPACITY });
    }
    let bytes = await encode(pipeline, opts.quality);
    let size = sniffImage(bytes);
    if (!size || size.type !== "image/webp" || !size.width || !size.height) return fail("process");

    // A runtime that did not apply the EXIF rotation scaled the wrong side: scale the result once more.
    const again = resizeFor(size.width, size.height, opts.maxSide);
    if (again) {
      bytes = await encode(images.input(streamOf(bytes)).transform({ ...again, fit: "scale-down" }), opts.quality);
      size = sniffImage(bytes);
      if (!size || !size.width || !size.height) return fail("process");
    }
    return { ok: true, photo: { bytes, width: size.width, height: size.height! } };
  } catch (error) {
    // The binding refused or failed on this file: the provider is asked for another photo.
    console.error("photo processing failed", error instanceof Error ? error.message : error);
    return fail("process");
  }
}

async function encode(pipeline: ImageTransformer, quality: number): Promise<Uint8Array> {
  const result = await pipeline.output({ format: "image/webp", quality });
  const bytes = new Uint8Array(await result.response().arrayBuffer());
  return stripWebpMetadata(bytes);
}

/**
 * A smaller WebP of a stored photo (decision 0013): `width` wide, never wider than the photo itself (a
 * narrower photo is re-encoded at its own width, not enlarged). The stored photo already carries the
 * watermark and no metadata. Throws when the binding cannot read the bytes; the caller decides.
 */
export async function resizedWebp(
  images: ImagesBinding,
  source: Uint8Array,
  width: number,
  quality: number,
): Promise<ProcessedPhoto> {
  const info = await images.info(streamOf(source));
  if (!("width" in info) || !info.width || !info.height) throw new Error("stored photo has no size");
  let pipeline = images.input(streamOf(source));
  // Only when it shrinks: the local binding enlarges even with scale-down.
  if (width < info.width) pipeline = pipeline.transform({ width, fit: "scale-down" });
  const bytes = await encode(pipeline, quality);
  const size = sniffImage(bytes);
  if (!size || size.type !== "image/webp" || !size.width || !size.height) throw new Error("variant is not a WebP");
  return { bytes, width: size.width, height: size.height };
}
