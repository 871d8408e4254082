// Photos larger than the site keeps are scaled down in the browser before they travel, so a phone on 4G
// sends about a megabyte rather than four (docs/editor.md 'Photos'). The server still checks the bytes, runs
// the whole pipeline (2400 px, watermark, WebP, no EXIF) on what arrives, and refuses what it must: this only
// saves the provider's data and time. Anything that goes wrong here sends the original file instead.
import { BROWSER_QUALITY, uploadSize } from "~/features/photos/upload-rules";

const toBlob = (canvas: HTMLCanvasElement, type: string, quality: number) =>
  new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));

/**
 * The file to upload: `file` itself when it is small enough (judged first on the header's size, `shown`),
 * else a WebP (or, where the browser cannot write WebP, a JPEG) at most 2400 px on its longer side.
 */
export async function scaledForUpload(file: File, shown: { width: number; height: number } | null): Promise<File> {
  if (shown && !uploadSize(shown.width, shown.height, file.size)) return file;
  if (typeof createImageBitmap !== "function") return file;
  let bitmap: ImageBitmap;
  try {
    // The EXIF orientation is applied here, so the pixels are upright: the scaled copy carries no EXIF at all.
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return file; // Not decodable here: the server gives the verdict.
  }
  try {
    const size = uploadSize(bitmap.width, bitmap.height, file.size);
    if (!size) return file;
    const canvas = document.createElement("canvas");
    canvas.width = size.width;
    canvas.height = size.height;
    const ctx = canvas.getContext("2d");
    if (!ctx) return file;
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = "high";
    ctx.drawImage(bitmap, 0, 0, size.width, size.height);
    let blob = await toBlob(canvas, "image/webp", BROWSER_QUALITY);
    if (!blob || blob.type !== "image/webp") {
      // JPEG has no transparency: a transparent PNG goes on white rather than black.
      ctx.globalCompositeOperation = "destination-over";
      ctx.fillStyle = "#fff";
      ctx.fillRect(0, 0, size.width, size.height);
      blob = await toBlob(canvas, "image/jpeg", BROWSER_QUALITY);
    }
    if (!blob || blob.size >= file.size) return file;
    return new File([blob], file.name, { type: blob.type, lastModified: file.lastModified });
  } catch {
    return file;
  } finally {
    bitmap.close();
  }
}
