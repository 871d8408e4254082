// The verification queue shows each document small, and opens the original only when asked: the originals
// (up to 2000 px each) made the queue weigh megabytes. Made on request with the Images binding, as the
// photo sizes are (docs/decisions/0013-responsive-photos.md), but never stored and never cached: ID
// documents stay behind the administrator's guard (verificationFileResponse answers first) and nothing of
// them outlives the request's decision.
import { resizedWebp } from "~/features/photos/pipeline.server";

/** Wide enough for a two-column card on a laptop at 2x; the original is a tap away. */
export const VERIFICATION_THUMB_WIDTH = 480;
const THUMB_QUALITY = 70;

/** `original` is verificationFileResponse's answer for an administrator: its body, made small. */
export async function thumbnailOf(images: ImagesBinding, original: Response): Promise<Response> {
  const bytes = new Uint8Array(await original.arrayBuffer());
  const headers = new Headers(original.headers);
  try {
    const small = await resizedWebp(images, bytes, VERIFICATION_THUMB_WIDTH, THUMB_QUALITY);
    return new Response(small.bytes as Uint8Array<ArrayBuffer>, { headers });
  } catch (error) {
    // The document is still shown, at its full size: better heavy than missing at review.
    console.error("verification thumbnail failed", error instanceof Error ? error.message : "unknown error");
    return new Response(bytes, { headers });
  }
}
