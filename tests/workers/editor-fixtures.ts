// Data for the editor, save and photo tests: photo fixtures as bytes, the save form's body, and counts of
// what is stored.
import { env } from "cloudflare:test";
import { listingFormData } from "~/features/listings/body";
import type { ImagePlanInput } from "~/features/listings/body";
import type { ListingValues } from "~/features/listings/schema";
import { validValues } from "../unit/listing-fixtures";
import bigPhotoUrl from "../fixtures/photo-3000x2000.jpg?inline";
import smallPhotoUrl from "../fixtures/photo-600x800.jpg?inline";
import widePngUrl from "../fixtures/wide-9000x10.png?inline";

export { validValues };

const fromDataUrl = (url: string) => Uint8Array.from(atob(url.slice(url.indexOf(",") + 1)), (c) => c.charCodeAt(0));
export const BIG_JPEG = fromDataUrl(bigPhotoUrl);
export const SMALL_JPEG = fromDataUrl(smallPhotoUrl);
export const WIDE_PNG = fromDataUrl(widePngUrl);

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
