// Scaling a photo down in the browser before it travels: the editor's listing photos (docs/editor.md
// 'Photos') and the verification pages' ID and photo checks, which a phone's camera makes larger than their
// 5 MB limit. The server still checks the bytes and processes what arrives; this only saves the provider a
// refusal and their data. Anything that goes wrong here gives back the original file.

/** The size to draw a photo at, from its pixels and bytes; null to keep the file as it is. */
export type TargetSize = (width: number, height: number, bytes: number) => { width: number; height: number } | null;

const toBlob = (canvas: HTMLCanvasElement, type: string, quality: number) =>
  new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));

/**
 * `file` redrawn at `target`'s size as WebP (or, where the browser cannot write WebP, JPEG) at `quality`, or
 * `file` itself when it needs no scaling, cannot be decoded here, or would not come out smaller.
 */
export async function scaleInBrowser(file: File, target: TargetSize, quality: number): Promise<File> {
  if (typeof createImageBitmap !== "function") return file;
  let bitmap: ImageBitmap;
  try {
    // The EXIF orientation is applied here, so the pixels are upright: the scaled copy carries no EXIF at all.
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return file; // Not decodable here: the server gives the verdict.
  }
  try {
    const size = target(bitmap.width, bitmap.height, file.size);
    if (!size) return file;
    const canvas = document.createElement("canvas");
    canvas.width = size.width;
    canvas.height = size.height;
    const ctx = canvas.getContext("2d");
    if (!ctx) return file;
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = "high";
    ctx.drawImage(bitmap, 0, 0, size.width, size.height);
    let blob = await toBlob(canvas, "image/webp", quality);
    if (!blob || blob.type !== "image/webp") {
      // JPEG has no transparency: a transparent PNG goes on white rather than black.
      ctx.globalCompositeOperation = "destination-over";
      ctx.fillStyle = "#fff";
      ctx.fillRect(0, 0, size.width, size.height);
      blob = await toBlob(canvas, "image/jpeg", quality);
    }
    if (!blob || blob.size >= file.size) return file;
    // The name stays: it is how the provider knows the photo (the server judges the bytes, not the name).
    return new File([blob], file.name, { type: blob.type, lastModified: file.lastModified });
  } catch {
    return file;
  } finally {
    bitmap.close();
  }
}
