// Helpers for the editor, save and photo tests: owners with sessions, photo fixtures as bytes, uploads and
// saves through the built Worker, and counts of what is stored.
import { env } from "cloudflare:test";
import { listingFormData, type ImagePlanInput } from "~/lib/listing-body";
import type { ListingValues } from "~/lib/listing-schema";
import { validValues } from "../unit/listing-fixtures";
import bigPhotoUrl from "../fixtures/photo-3000x2000.jpg?inline";
import smallPhotoUrl from "../fixtures/photo-600x800.jpg?inline";
import widePngUrl from "../fixtures/wide-9000x10.png?inline";
import { insertUser } from "./fixtures";
import { freshIp, sessionCookie } from "./public-fixtures";

export { validValues };

const fromDataUrl = (url: string) => Uint8Array.from(atob(url.slice(url.indexOf(",") + 1)), (c) => c.charCodeAt(0));
export const BIG_JPEG = fromDataUrl(bigPhotoUrl);
export const SMALL_JPEG = fromDataUrl(smallPhotoUrl);
export const WIDE_PNG = fromDataUrl(widePngUrl);

export type Owner = { userId: string; cookie: string };

export async function newOwner(opts: { agency?: boolean; accountType?: string } = {}): Promise<Owner> {
  const userId = await insertUser({ agency: opts.agency ?? true, accountType: opts.accountType });
  return { userId, cookie: await sessionCookie(userId) };
}

export async function request(
  method: string,
  path: string,
  opts: { cookie?: string; body?: BodyInit; cf?: Record<string, unknown>; headers?: Record<string, string> } = {},
) {
  const { SELF } = await import("cloudflare:test");
  const headers = new Headers({ "CF-Connecting-IP": freshIp(), ...opts.headers });
  if (opts.cookie) headers.set("Cookie", opts.cookie);
  return SELF.fetch(`http://localhost${path}`, {
    method,
    body: opts.body,
    headers,
    redirect: "manual",
    cf: opts.cf,
  } as RequestInit);
}

export function photoForm(bytes: Uint8Array, name = "photo.jpg", type = "image/jpeg"): FormData {
  const fd = new FormData();
  fd.set("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return fd;
}

export async function upload(owner: Owner, bytes: Uint8Array = SMALL_JPEG, name = "photo.jpg", type = "image/jpeg") {
  return request("POST", "/api/uploads", { cookie: owner.cookie, body: photoForm(bytes, name, type) });
}

/** Uploads `n` small photos and answers their upload ids. */
export async function uploadIds(owner: Owner, n = 3): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await upload(owner);
    if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
    ids.push(((await res.json()) as { uploadId: string }).uploadId);
  }
  return ids;
}

export function saveForm(
  values: ListingValues,
  plan: Partial<ImagePlanInput> & { modelId?: string } = {},
  files: File[] = [],
): FormData {
  const fd = listingFormData(values, plan);
  for (const f of files) fd.append("additionalImages", f);
  return fd;
}

export const positions = (ids: string[]) => ids.map((uploadId, i) => ({ uploadId, position: i + 1 }));

/** Creates a listing through POST /api/profiles with fresh uploads; answers its id. */
export async function createListingVia(owner: Owner, over: Partial<ListingValues> = {}): Promise<string> {
  const ids = await uploadIds(owner, 3);
  const res = await request("POST", "/api/profiles", {
    cookie: owner.cookie,
    body: saveForm(validValues(over), { uploadIds: positions(ids) }),
  });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { modelId: string }).modelId;
}

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

export function settle(ms = 200) {
  return new Promise((r) => setTimeout(r, ms));
}
