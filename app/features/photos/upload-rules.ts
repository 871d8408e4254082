// What the editor tells a provider about each photo it sends, and how big a photo it sends (provider spec §5;
// docs/editor.md 'Photos'). Pure: the browser side is app/features/listings/editor/photos/usePhotoUploads.ts
// and photo-scaling.ts. The server still checks every byte and runs the whole pipeline (pipeline.server.ts).
import { MAX_PHOTOS, MAX_SOURCE_SIDE, OUTPUT_MAX_SIDE, PHOTO_MSG } from "./rules";
import type { FileProblem } from "./rules";

/** Why a file was not added: what the provider can act on, said of that file by its name. */
export const REFUSAL_REASON = {
  type: "not a JPEG, PNG or WebP image",
  size: "larger than the 10 MB limit",
  empty: "the file is empty",
  dimensions: `wider or taller than ${MAX_SOURCE_SIDE.toLocaleString("en-NZ")} px`,
  process: "could not be processed; try another copy of this photo",
  failed: "did not finish uploading; check your connection and add it again",
  tooMany: `over the ${MAX_PHOTOS} photos a listing can hold`,
} as const;

export type RefusalKind = keyof typeof REFUSAL_REASON;
export type Refusal = { name: string; kind: RefusalKind; reason: string };

/** A refused file with its reason. An empty file is a size problem to the server, but not 'over 10 MB'. */
export function refusal(name: string, kind: FileProblem | RefusalKind, size?: number): Refusal {
  const k: RefusalKind = kind === "size" && size === 0 ? "empty" : kind;
  return { name: name || "Unnamed file", kind: k, reason: REFUSAL_REASON[k] };
}

/** The server's `problem` for a refused upload (docs/editor.md, POST /api/uploads) as a refusal kind. */
export function serverRefusalKind(problem: unknown): RefusalKind {
  return problem === "type" || problem === "size" || problem === "dimensions" ? problem : "process";
}

/** One line per refused file: "IMG_0042.HEIC: not a JPEG, PNG or WebP image". */
export const refusalLine = (r: Refusal) => `${r.name}: ${r.reason}`;

/** The refusals the spec's '{n} files were skipped due to invalid type or size.' covers. */
const SKIPPED_KINDS: readonly RefusalKind[] = ["type", "size", "empty", "dimensions"];

/**
 * The lines above the list of refused files (each named with its reason below them): the spec's own texts
 * (provider §5) for what they cover, the files skipped for their type or size and a processing failure, then
 * how many others were not added (a failed upload, a full listing), which the spec has no text for.
 */
export function refusalHeadings(refused: readonly Refusal[]): string[] {
  const skipped = refused.filter((r) => SKIPPED_KINDS.includes(r.kind)).length;
  const processFailed = refused.filter((r) => r.kind === "process").length;
  const others = refused.length - skipped - processFailed;
  return [
    ...(skipped ? [PHOTO_MSG.skipped(skipped)] : []),
    ...(processFailed ? [PHOTO_MSG.processFailed] : []),
    ...(others ? [others === 1 ? "1 photo was not added." : `${others} photos were not added.`] : []),
  ];
}

/**
 * Photos at least this big are re-encoded in the browser even when they fit 2400 px: a phone on 4G should
 * send about a megabyte, not four.
 */
export const RESCALE_ABOVE_BYTES = 1.5 * 1024 * 1024;
/** Quality of the browser's re-encode; the server encodes once more (WebP 90) and strips metadata. */
export const BROWSER_QUALITY = 0.9;

/**
 * The size to send a photo at, or null to send the file as it is. Nothing is enlarged; the longest side is
 * held to what the server keeps (2400 px), so scaling here only removes pixels the server would drop.
 */
export function uploadSize(width: number, height: number, bytes: number): { width: number; height: number } | null {
  if (width <= 0 || height <= 0) return null;
  const longest = Math.max(width, height);
  if (longest <= OUTPUT_MAX_SIDE && bytes < RESCALE_ABOVE_BYTES) return null;
  const scale = Math.min(1, OUTPUT_MAX_SIDE / longest);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Upload progress as a whole percentage, for the per-photo bar. */
export function percent(loaded: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.max(0, Math.min(100, Math.floor((loaded / total) * 100)));
}
