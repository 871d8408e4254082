// Reads a write request's body as a plain object, from JSON or from a form, without ever throwing:
// malformed input is a 4xx with a message, never a 500.
import { formToObject } from "~/lib/auth-schemas";

// The largest legitimate auth body is a few hundred bytes; 32 KiB leaves room and stops floods early.
export const MAX_BODY_BYTES = 32 * 1024;

export type BodyResult = { ok: true; data: Record<string, unknown> } | { ok: false; status: number; error: string };

export async function readBody(request: Request): Promise<BodyResult> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_BODY_BYTES) return { ok: false, status: 413, error: "Request body is too large" };
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  try {
    if (type.startsWith("multipart/form-data") || type.startsWith("application/x-www-form-urlencoded")) {
      return { ok: true, data: formToObject(await request.formData()) };
    }
    const raw = await request.text();
    if (raw.length > MAX_BODY_BYTES) return { ok: false, status: 413, error: "Request body is too large" };
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

/** A JSON answer that no cache keeps: every auth answer is about one person. */
export function jsonNoStore(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Cache-Control", "no-store");
  return Response.json(body, { ...init, headers });
}

export function methodNotAllowed(allow: string): Response {
  return jsonNoStore({ error: "Method not allowed" }, { status: 405, headers: { Allow: allow } });
}
