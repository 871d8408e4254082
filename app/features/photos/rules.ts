// Photo upload rules (provider spec §5, §9) and the byte-level checks behind them. Pure: used by the
// editor in the browser (to skip bad files before sending them) and by the server (the check that counts).

export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** Photos a listing may hold, and files one selection may add. */
export const MAX_PHOTOS = 20;
export const MAX_BATCH = 20;
export const MIN_PHOTOS = 3;
/** Sources wider or taller than this are refused before any processing. */
export const MAX_SOURCE_SIDE = 8000;
/** Stored photos are scaled down so their longest side is at most this. */
export const OUTPUT_MAX_SIDE = 2400;
export const OUTPUT_QUALITY = 90;
/** Bytes read from the start of a file to find its type, size and EXIF orientation. */
export const SNIFF_BYTES = 256 * 1024;

export const PHOTO_MSG = {
  batchTooLarge: `You can only upload up to ${MAX_BATCH} images at once.`,
  // The spec's wording, kept as is even for one file.
  skipped: (n: number) => `${n} files were skipped due to invalid type or size.`,
  processFailed: "Failed to process one or more images. Please try again with different images.",
  tooMany: `A listing can hold at most ${MAX_PHOTOS} photos.`,
  minimum: "A minimum of 3 photos is required.",
  type: "Only JPEG, PNG or WebP images can be uploaded.",
  size: "Each photo must be 10 MB or smaller.",
  dimensions: `Photos wider or taller than ${MAX_SOURCE_SIDE} px can't be used.`,
  empty: "Choose a photo to upload.",
} as const;

export type PhotoType = "image/jpeg" | "image/png" | "image/webp";
export type Sniffed = { type: PhotoType; width: number | null; height: number | null; orientation: number };
export type FileProblem = "type" | "size" | "dimensions";

const u16be = (b: Uint8Array, i: number) => (b[i] << 8) | b[i + 1];
const u16le = (b: Uint8Array, i: number) => b[i] | (b[i + 1] << 8);
const u24le = (b: Uint8Array, i: number) => b[i] | (b[i + 1] << 8) | (b[i + 2] << 16);
const u32be = (b: Uint8Array, i: number) => ((b[i] << 24) >>> 0) + ((b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]);
const u32le = (b: Uint8Array, i: number) => (b[i] | (b[i + 1] << 8) | (b[i + 2] << 16)) + ((b[i + 3] << 24) >>> 0);
const ascii = (b: Uint8Array, i: number, n: number) => String.fromCharCode(...b.subarray(i, i + n));

/**
 * The file's real type from its first bytes (never its name or claimed type), with its pixel size and
 * EXIF orientation when the header shows them. Null for anything that is not JPEG, PNG or WebP.
 */
export function sniffImage(bytes: Uint8Array): Sniffed | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return sniffJpeg(bytes);
  if (bytes.length >= 8 && u32be(bytes, 0) === 0x89504e47 && u32be(bytes, 4) === 0x0d0a1a0a) {
    const ok = bytes.length >= 24 && ascii(bytes, 12, 4) === "IHDR";
    return {
      type: "image/png",
      width: ok ? u32be(bytes, 16) : null,
      height: ok ? u32be(bytes, 20) : null,
      orientation: 1,
    };
  }
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return sniffWebp(bytes);
  return null;
}

function sniffWebp(b: Uint8Array): Sniffed {
  const out: Sniffed = { type: "image/webp", width: null, height: null, orientation: 1 };
  if (b.length < 30) return out;
  const chunk = ascii(b, 12, 4);
  if (chunk === "VP8X") {
    out.width = u24le(b, 24) + 1;
    out.height = u24le(b, 27) + 1;
  } else if (chunk === "VP8 " && b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a) {
    out.width = u16le(b, 26) & 0x3fff;
    out.height = u16le(b, 28) & 0x3fff;
  } else if (chunk === "VP8L" && b[20] === 0x2f) {
    const bits = u32le(b, 21);
    out.width = (bits & 0x3fff) + 1;
    out.height = ((bits >>> 14) & 0x3fff) + 1;
  }
  return out;
}

function sniffJpeg(b: Uint8Array): Sniffed {
  const out: Sniffed = { type: "image/jpeg", width: null, height: null, orientation: 1 };
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return out;
    const marker = b[i + 1];
    // Fill bytes and markers without a length.
    if (marker === 0xff) {
      i++;
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      i += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return out;
    const length = u16be(b, i + 2);
    if (length < 2) return out;
    const start = i + 4;
    if (marker === 0xe1 && start + 6 <= b.length && ascii(b, start, 6) === "Exif\0\0") {
      out.orientation = exifOrientation(b.subarray(start + 6, Math.min(b.length, start + length - 2)));
    }
    const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isSof && start + 5 <= b.length) {
      out.height = u16be(b, start + 1);
      out.width = u16be(b, start + 3);
      return out;
    }
    i = start + length - 2;
  }
  return out;
}

/** The Orientation tag (0x0112) of IFD0 in a TIFF-structured EXIF block; 1 when absent or unreadable. */
function exifOrientation(t: Uint8Array): number {
  if (t.length < 8) return 1;
  const little = t[0] === 0x49 && t[1] === 0x49;
  if (!little && !(t[0] === 0x4d && t[1] === 0x4d)) return 1;
  const r16 = (i: number) => (little ? u16le(t, i) : u16be(t, i));
  const r32 = (i: number) => (little ? u32le(t, i) : u32be(t, i));
  const ifd = r32(4);
  if (ifd + 2 > t.length) return 1;
  const entries = r16(ifd);
  for (let e = 0; e < entries; e++) {
    const at = ifd + 2 + e * 12;
    if (at + 12 > t.length) return 1;
    if (r16(at) === 0x0112) {
      const value = r16(at + 8);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

/** Width and height as the photo is shown: EXIF orientations 5-8 turn it a quarter. */
export function orientedSize(width: number, height: number, orientation: number): { width: number; height: number } {
  return orientation >= 5 && orientation <= 8 ? { width: height, height: width } : { width, height };
}

/**
 * The one resize a photo needs, or null when it already fits. Only the longer side is given, because a
 * box (width and height) is padded rather than fitted by the local Images binding of wrangler dev.
 */
export function resizeFor(
  width: number,
  height: number,
  maxSide: number = OUTPUT_MAX_SIDE,
): { width: number } | { height: number } | null {
  if (Math.max(width, height) <= maxSide) return null;
  return width >= height ? { width: maxSide } : { height: maxSide };
}

/** The watermark spans half the photo's width (at least 120 px), so it reads the same on every size. */
export function watermarkWidth(photoWidth: number): number {
  return Math.max(120, Math.round(photoWidth * 0.5));
}

/**
 * Why a file cannot be uploaded, judged on its size and first bytes; null when it may be sent.
 * `maxBytes` is the listing photo limit unless a stricter one applies (verification files: 5 MB).
 */
export function fileProblem(size: number, head: Uint8Array, maxBytes: number = MAX_PHOTO_BYTES): FileProblem | null {
  if (size <= 0 || size > maxBytes) return "size";
  const sniffed = sniffImage(head);
  if (!sniffed) return "type";
  if ((sniffed.width ?? 0) > MAX_SOURCE_SIDE || (sniffed.height ?? 0) > MAX_SOURCE_SIDE) return "dimensions";
  return null;
}

const METADATA_CHUNKS = new Set(["EXIF", "XMP "]);
const VP8X_EXIF_FLAG = 0x08;
const VP8X_XMP_FLAG = 0x04;

/**
 * Removes EXIF and XMP chunks from a WebP file (and their flags in the VP8X header). The Images binding
 * already drops them; this makes sure no camera, time or GPS data can survive whatever it does.
 * Anything that is not a well-formed WebP is returned unchanged.
 */
export function stripWebpMetadata(bytes: Uint8Array): Uint8Array {
  if (bytes.length < 20 || ascii(bytes, 0, 4) !== "RIFF" || ascii(bytes, 8, 4) !== "WEBP") return bytes;
  const kept: Uint8Array[] = [];
  let removed = false;
  let i = 12;
  while (i + 8 <= bytes.length) {
    const size = u32le(bytes, i + 4);
    const end = i + 8 + size + (size & 1);
    if (end > bytes.length + 1) return bytes;
    if (METADATA_CHUNKS.has(ascii(bytes, i, 4))) removed = true;
    else kept.push(bytes.subarray(i, Math.min(end, bytes.length)));
    i = end;
  }
  if (!removed) return bytes;
  const total = kept.reduce((n, c) => n + c.length, 0);
  const out = new Uint8Array(12 + total);
  out.set(bytes.subarray(0, 12));
  let at = 12;
  for (const c of kept) {
    out.set(c, at);
    at += c.length;
  }
  const riffSize = out.length - 8;
  out[4] = riffSize & 0xff;
  out[5] = (riffSize >>> 8) & 0xff;
  out[6] = (riffSize >>> 16) & 0xff;
  out[7] = (riffSize >>> 24) & 0xff;
  if (ascii(out, 12, 4) === "VP8X") out[20] &= ~(VP8X_EXIF_FLAG | VP8X_XMP_FLAG) & 0xff;
  return out;
}

/** The chunk names of a WebP file, in order (for tests and checks). */
export function webpChunks(bytes: Uint8Array): string[] {
  if (bytes.length < 12 || ascii(bytes, 0, 4) !== "RIFF" || ascii(bytes, 8, 4) !== "WEBP") return [];
  const names: string[] = [];
  let i = 12;
  while (i + 8 <= bytes.length) {
    names.push(ascii(bytes, i, 4));
    const size = u32le(bytes, i + 4);
    i += 8 + size + (size & 1);
  }
  return names;
}

/** 5 MB (5242880 bytes) per file, for both kinds (spec §5, §9). */
export const VERIFY_MAX_BYTES = 5 * 1024 * 1024;

/**
 * Stored documents are scaled so their longest side is at most this: enough to read a licence's small
 * print at review, small enough that a stored copy is not a high-resolution scan of someone's ID.
 */
export const VERIFY_OUTPUT_MAX_SIDE = 2000;

export const VERIFY_OUTPUT_QUALITY = 85;
