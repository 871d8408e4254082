// Reads a write request's body as a plain object, from JSON or from a form, without ever throwing:
// malformed input is a 4xx with a message, never a 500.
import { formToObject } from "~/lib/auth-schemas";
import { readBytes } from "./multipart.server";

// The largest legitimate auth body is a few hundred bytes; 32 KiB leaves room and stops floods early.
export const MAX_BODY_BYTES = 32 * 1024;

export type BodyResult = { ok: true; data: Record<string, unknown> } | { ok: false; status: number; error: string };

export async function readBody(request: Request): Promise<BodyResult> {
  const read = await readBytes(request, MAX_BODY_BYTES);
  if (!read.ok) return read;
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  try {
    if (type.startsWith("multipart/form-data") || type.startsWith("application/x-www-form-urlencoded")) {
      return { ok: true, data: formToObject(await formFromBytes(request, read.bytes)) };
    }
    const raw = new TextDecoder().decode(read.bytes);
    if (type.startsWith("application/json") || (type === "" && raw.trim() !== "")) {
      let value: unknown;
      try {
        value = JSON.parse(raw);
      } catch {
        return { ok: false, status: 400, error: "Malformed JSON" };
      }
      if (typeof value !== "object" || value === null || Array.isArray(value)) {
        return { ok: false, status: 400, error: "The request body must be a JSON object" };
      }
      return { ok: true, data: value as Record<string, unknown> };
    }
    if (raw.trim() === "") return { ok: true, data: {} };
    return { ok: false, status: 415, error: "Send JSON or a form" };
  } catch {
    return { ok: false, status: 400, error: "The request body could not be read" };
  }
}

function formFromBytes(request: Request, bytes: Uint8Array<ArrayBuffer>): Promise<FormData> {
  const headers = { "Content-Type": request.headers.get("Content-Type") ?? "" };
  return new Request(request.url, { method: "POST", headers, body: bytes }).formData();
}

/**
 * A page's form post (Remix actions) under the same cap: null when it is not a readable form, and a thrown
 * 413 `{ error }` when it is too large, so no route reads an unbounded body.
 */
export async function readForm(request: Request, maxBytes = MAX_BODY_BYTES): Promise<FormData | null> {
  const read = await readBytes(request, maxBytes);
  if (!read.ok) {
    if (read.status === 413) throw jsonNoStore({ error: read.error }, { status: 413 });
    return null;
  }
  return formFromBytes(request, read.bytes).catch(() => null);
}

/** A JSON answer that no cache keeps: every auth answer is about one person. */
export function jsonNoStore(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Cache-Control", "no-store");
  return Response.json(body, { ...init, headers });
}

export function methodNotAllowed(allow: string): Response {
  return jsonNoStore({ error: "Method not allowed" }, { status: 405, headers: { Allow: allow } });
}
