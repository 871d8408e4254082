// Photos larger than the site keeps are scaled down in the browser before they travel, so a phone on 4G
// sends about a megabyte rather than four (docs/editor.md 'Photos'). The server still checks the bytes, runs
// the whole pipeline (2400 px, watermark, WebP, no EXIF) on what arrives, and refuses what it must: this only
// saves the provider's data and time. Anything that goes wrong here sends the original file instead.
import { BROWSER_QUALITY, uploadSize } from "~/features/photos/upload-rules";
import { scaleInBrowser } from "~/features/photos/scale-in-browser";

/**
 * The file to upload: `file` itself when it is small enough (judged first on the header's size, `shown`),
 * else a WebP (or, where the browser cannot write WebP, a JPEG) at most 2400 px on its longer side.
 */
export async function scaledForUpload(file: File, shown: { width: number; height: number } | null): Promise<File> {
  if (shown && !uploadSize(shown.width, shown.height, file.size)) return file;
  return scaleInBrowser(file, uploadSize, BROWSER_QUALITY);
}
