// Input rules of the public JSON API (spec §7): the like body, list paging and its cursor. Pure, so the
// unit tests cover them and a client can share the schema.
import { z } from "zod";
import { isId } from "~/platform/data/ids";

/** The like "fingerprint": a random visitor id the browser keeps (never a real browser fingerprint). */
export const likeBodySchema = z.object({
  fingerprint: z
    .string({ error: "fingerprint must be a string" })
    .regex(/^[A-Za-z0-9_-]{8,128}$/, "fingerprint must be 8-128 letters, digits, '-' or '_'"),
});

export const DEFAULT_LIST_LIMIT = 24;
export const MAX_LIST_LIMIT = 100;

/** ?limit: absent means the default; anything but a whole number 1-100 is refused (null). */
export function parseListLimit(raw: string | null): number | null {
  if (raw === null || raw === "") return DEFAULT_LIST_LIMIT;
  if (!/^\d{1,3}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 && n <= MAX_LIST_LIMIT ? n : null;
}

/**
 * Position after the last listing of a page, in grid order (featured desc, listed_at desc, id desc).
 * A keyset rather than an offset: a listing added or hidden while someone pages cannot shift the pages
 * into repeats or gaps, and deep pages cost no more than the first.
 */
export type ListCursor = { featured: boolean; listedAt: number; id: string };

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(value: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(value)) return null;
  try {
    const bin = atob(value.replace(/-/g, "+").replace(/_/g, "/"));
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

export function encodeCursor(c: ListCursor): string {
  return toBase64Url(JSON.stringify([c.featured ? 1 : 0, c.listedAt, c.id]));
}

/** The cursor, or null when it is not one we issued (the route answers 400). */
export function decodeCursor(raw: string): ListCursor | null {
  if (raw.length > 200) return null;
  const text = fromBase64Url(raw);
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 3) return null;
  const [featured, listedAt, id] = value;
  if (featured !== 0 && featured !== 1) return null;
  if (!Number.isSafeInteger(listedAt)) return null;
  if (!isId(id)) return null;
  return { featured: featured === 1, listedAt, id };
}
