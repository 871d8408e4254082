// Data for the editor, save and photo tests: photo fixtures as bytes, the save form's body, and counts of
// what is stored.
import { env } from "cloudflare:test";
import { encode } from "fast-png";
import { listingFormData } from "~/features/listings/body";
import type { ImagePlanInput } from "~/features/listings/body";
import type { ListingValues } from "~/features/listings/schema";
import { validValues as sameValues } from "../unit/listing-fixtures";
import bigPhotoUrl from "../fixtures/photo-3000x2000.jpg?inline";
import smallPhotoUrl from "../fixtures/photo-600x800.jpg?inline";
import widePngUrl from "../fixtures/wide-9000x10.png?inline";

let phones = 0;
const phoneBase = Math.floor(Math.random() * 9_000_000);

/**
 * A listing's values, each call with a contact number of its own unless the test names one: one number on two
 * accounts' listings holds the later one for review (docs/decisions/0062, 0067), which only the tests about that
 * ask for.
 */
export function validValues(over: Partial<ListingValues> = {}): ListingValues {
  const unique = String(1_000_000 + ((phoneBase + phones++) % 9_000_000));
  return sameValues({ contactPhone: `021 ${unique.slice(0, 3)} ${unique.slice(3)}`, ...over });
}

const fromDataUrl = (url: string) => Uint8Array.from(atob(url.slice(url.indexOf(",") + 1)), (c) => c.charCodeAt(0));
export const BIG_JPEG = fromDataUrl(bigPhotoUrl);
export const SMALL_JPEG = fromDataUrl(smallPhotoUrl);
export const WIDE_PNG = fromDataUrl(widePngUrl);

/**
 * The made-up photos' size unless a test asks for another. Small: the pipeline's work (WebP, watermark, hash
 * thumbnail) grows with the pixels, and a run makes hundreds of them.
 */
export const TEST_PHOTO = { width: 300, height: 400 } as const;

/**
 * A photo no other upload shares: a random 8 × 8 grid of colours (TEST_PHOTO's size unless given), as PNG. Two
 * accounts sending the same fixture would be one photo on two accounts, which the app holds for review
 * (decision 0057); tests that are not about that give each upload its own picture.
 */
export function uniquePhoto(width: number = TEST_PHOTO.width, height: number = TEST_PHOTO.height): Uint8Array {
  const cells = Array.from({ length: 64 * 3 }, () => Math.floor(Math.random() * 256));
  const data = new Uint8Array(width * height * 3);
  // Every row of a band of the grid is the same: each band's row is made once and copied down the band.
  // Hundreds of uploads a run make these pictures inside workerd, so their cost is the suite's.
  const row = new Uint8Array(width * 3);
  let band = -1;
  for (let y = 0; y < height; y++) {
    if (Math.floor((y * 8) / height) !== band) {
      band = Math.floor((y * 8) / height);
      for (let x = 0; x < width; x++) {
        const cell = (band * 8 + Math.floor((x * 8) / width)) * 3;
        row.set(cells.slice(cell, cell + 3), x * 3);
      }
    }
    data.set(row, y * width * 3);
  }
  // The fastest deflate: the pixels are what matter, not the file's size.
  return encode({ width, height, data, channels: 3 }, { zlib: { level: 1 } });
}

export function photoForm(bytes: Uint8Array, name = "photo.jpg", type = "image/jpeg"): FormData {
  const fd = new FormData();
  fd.set("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return fd;
}

export function saveForm(
  values: ListingValues,
  plan: Partial<ImagePlanInput> & { listingId?: string } = {},
  files: File[] = [],
): FormData {
  const fd = listingFormData(values, plan);
  for (const f of files) fd.append("additionalImages", f);
  return fd;
}

export const positions = (ids: string[]) => ids.map((uploadId, i) => ({ uploadId, position: i + 1 }));

export async function rows<T>(sql: string, ...binds: unknown[]): Promise<T[]> {
  return (
    await env.DB.prepare(sql)
      .bind(...binds)
      .all<T>()
  ).results;
}

export async function countRows(table: string, where = "1 = 1", ...binds: unknown[]): Promise<number> {
  const row = await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE ${where}`)
    .bind(...binds)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

export async function r2Keys(prefix: string): Promise<string[]> {
  return (await env.PHOTOS.list({ prefix })).objects.map((o) => o.key);
}
