// Data for the administrator, verification and report tests: a listing's moderated flags, audit rows,
// verification uploads and what is stored in R2.
import { env } from "cloudflare:test";
import { addPhotos } from "./dashboard-fixtures";
import { SMALL_JPEG } from "./editor-fixtures";
import { insertListing } from "./fixtures";
import type { ListingFixture } from "./fixtures";

type Owner = { userId: string };

export async function listingOf(owner: Owner, f: ListingFixture = {}): Promise<string> {
  return insertListing({ userId: owner.userId, ...f });
}

export type Moderated = {
  live: number;
  verified: number;
  hot: number;
  active: number;
  photo_verified: number;
  updated_at: number;
};

export async function moderated(id: string): Promise<Moderated | null> {
  return env.DB.prepare("SELECT live, verified, hot, active, photo_verified, updated_at FROM listings WHERE id = ?")
    .bind(id)
    .first<Moderated>();
}

export type AuditRow = {
  admin_id: string;
  action: string;
  listing_id: string | null;
  request_id: string | null;
  report_id: string | null;
  detail: string;
  created_at: number;
};

export async function auditRows(): Promise<AuditRow[]> {
  return (await env.DB.prepare("SELECT * FROM admin_audit ORDER BY created_at, rowid").all<AuditRow>()).results;
}

export const file = (bytes: Uint8Array, name = "licence.jpg", type = "image/jpeg") =>
  new File([bytes as Uint8Array<ArrayBuffer>], name, { type });

export function idForm(
  front: File | null = file(SMALL_JPEG, "front.jpg"),
  back: File | null = file(SMALL_JPEG, "back.jpg"),
): FormData {
  const fd = new FormData();
  if (front) fd.set("frontLicense", front);
  if (back) fd.set("backLicense", back);
  return fd;
}

export function photoForm(count = 3): FormData {
  const fd = new FormData();
  for (let i = 1; i <= count; i++) fd.set(`photo${i}`, file(SMALL_JPEG, `me-${i}.jpg`));
  return fd;
}

export type RequestRow = {
  id: string;
  kind: string;
  listing_id: string;
  user_id: string;
  status: string;
  reason: string;
  r2_keys: string;
  decided_at: number | null;
  decided_by: string | null;
};

export async function requests(): Promise<RequestRow[]> {
  return (await env.DB.prepare("SELECT * FROM verification_requests ORDER BY created_at").all<RequestRow>()).results;
}

export async function privateKeys(): Promise<string[]> {
  return (await env.PHOTOS.list({ prefix: "private/" })).objects.map((o) => o.key);
}

/** A listing with `n` photos (rows and R2 objects), for photo verification. */
export async function listingWithPhotos(owner: Owner, n: number, f: ListingFixture = {}): Promise<string> {
  const id = await listingOf(owner, f);
  await addPhotos(
    id,
    Array.from({ length: n }, (_, i) => i + 1),
  );
  return id;
}
