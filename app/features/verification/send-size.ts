import { VERIFY_MAX_BYTES } from "~/features/photos/rules";
// A verification photo straight from a phone's camera is often over the 5 MB limit (spec provider §5): the
// browser sends such a one scaled down (VerificationFileField, with photos/scale-in-browser.ts) rather than
// refusing it. The server checks the limit again and stores its own 2000 px copy.

/** Still reads a licence's small print, and comfortably under the limit as WebP or JPEG. */
export const VERIFY_SEND_MAX_SIDE = 2400;
/** High enough that text on a card stays sharp. */
export const VERIFY_SEND_QUALITY = 0.92;

/** The size the browser sends a verification photo at, or null to send it as it is (within the limit). */
export function verifySendSize(width: number, height: number, bytes: number): { width: number; height: number } | null {
  if (bytes <= VERIFY_MAX_BYTES || width <= 0 || height <= 0) return null;
  const scale = Math.min(1, VERIFY_SEND_MAX_SIDE / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** "7.9 MB" (kept on one line): a file's size as the note beside the field says it. */
export function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)}\u00a0MB`;
}
