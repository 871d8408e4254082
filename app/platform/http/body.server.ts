// The one request-body reader. Every body is counted as it streams in against a cap chosen by the caller
// (a missing or false Content-Length cannot get past it), its type is checked against what the endpoint
// accepts, and nothing here throws: malformed input becomes { ok: false, status, error } for a 4xx answer.
import { formToObject } from "./form-object";
import { jsonError } from "./responses.server";

/** What an endpoint takes: JSON, a url-encoded form, or multipart (files). */
export type BodyKind = "json" | "form" | "multipart";

export type BodyFailure = { ok: false; status: 400 | 413 | 415; error: string };
export type Body = {
  ok: true;
  kind: BodyKind | "empty";
  /** The fields as a prototype-free object: JSON as sent; form fields as strings (files as File). */
  data: Record<string, unknown>;
  /** The parsed form for form and multipart bodies (files included), null otherwise. */
  form: FormData | null;
};
/** What an endpoint that takes only forms gets: always the parsed form. */
export type FormBody = Body & { kind: "form" | "multipart"; form: FormData };
type BodyFor<K extends BodyKind> = "json" extends K ? Body : FormBody;

export type BodyOptions = {
  maxBytes: number;
  accept: readonly BodyKind[];
  /** The 413 message, for endpoints whose spec gives one. */
  tooLarge?: string;
  /** The 415 message, for endpoints whose spec gives one. */
  wrongType?: string;
  /**
   * JSON whatever the declared type (other than a form): the legacy like and contact calls send
   * JSON without a JSON Content-Type, and always have.
   */
  jsonAnyType?: boolean;
};

const TOO_LARGE = "Request body is too large";

function kindOf(contentType: string, options: BodyOptions, empty: boolean): BodyKind | "empty" | null {
  const type = contentType.toLowerCase();
  if (options.jsonAnyType) return empty ? "empty" : "json";
  if (type.startsWith("multipart/form-data")) return "multipart";
  if (type.startsWith("application/x-www-form-urlencoded")) return "form";
  if (empty) return "empty";
  if (type.startsWith("application/json") || type === "" || options.jsonAnyType) return "json";
  return null;
}

function wrongType(options: BodyOptions): BodyFailure {
  const fallback = options.accept.includes("json") ? "Send JSON or a form" : "Send the form as multipart/form-data";
  return { ok: false, status: 415, error: options.wrongType ?? fallback };
}

export async function readBody<K extends BodyKind>(
  request: Request,
  options: BodyOptions & { accept: readonly K[] },
): Promise<BodyFor<K> | BodyFailure> {
  return (await read(request, options)) as BodyFor<K> | BodyFailure;
}

async function read(request: Request, options: BodyOptions): Promise<Body | BodyFailure> {
  const contentType = request.headers.get("Content-Type") ?? "";
  const declared = kindOf(contentType, options, false);
  // A form endpoint refuses the wrong type before reading a byte; a form may also answer a JSON endpoint.
  const formAccepted = options.accept.includes("form") || options.accept.includes("multipart");
  if (declared === "multipart" || declared === "form") {
    const accepted = options.accept.includes(declared) || (declared === "multipart" && options.accept.includes("form"));
    if (!accepted) return wrongType(options);
  } else if (!options.accept.includes("json") && formAccepted) {
    return wrongType(options);
  }
  // Multipart bodies carry photos (a listing save may be 40 MB): parsed as they stream in, never held twice.
  if (declared === "multipart") return readMultipart(request, contentType, options);
  const read = await readBytes(request, options.maxBytes, options.tooLarge);
  if (!read.ok) return read;
  const kind = kindOf(contentType, options, read.bytes.byteLength === 0);
  try {
    if (kind === "empty") return { ok: true, kind, data: {}, form: null };
    if (kind === "form") {
      const form = await new Response(read.bytes, { headers: { "Content-Type": contentType } }).formData();
      return { ok: true, kind, data: formToObject(form), form };
    }
    const raw = new TextDecoder().decode(read.bytes);
    if (raw.trim() === "") return { ok: true, kind: "empty", data: {}, form: null };
    if (kind !== "json" || !options.accept.includes("json")) return wrongType(options);
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      return { ok: false, status: 400, error: "Malformed JSON" };
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      return { ok: false, status: 400, error: "The request body must be a JSON object" };
    }
    return { ok: true, kind, data: value as Record<string, unknown>, form: null };
  } catch {
    return {
      ok: false,
      status: 400,
      error: kind === "json" ? "The request body could not be read" : "The form could not be read",
    };
  }
}

async function readMultipart(request: Request, contentType: string, options: BodyOptions): Promise<Body | BodyFailure> {
  const tooLarge: BodyFailure = { ok: false, status: 413, error: options.tooLarge ?? TOO_LARGE };
  if (Number(request.headers.get("Content-Length") ?? "0") > options.maxBytes) return tooLarge;
  if (!request.body) return { ok: false, status: 400, error: "The request has no body" };
  let seen = 0;
  let exceeded = false;
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > options.maxBytes) {
        exceeded = true;
        controller.error(new Error("body too large"));
        return;
      }
      controller.enqueue(chunk);
    },
  });
  try {
    const counted = new Request(request.url, {
      method: "POST",
      headers: { "Content-Type": contentType },
      body: request.body.pipeThrough(counter),
    });
    const form = await counted.formData();
    return { ok: true, kind: "multipart", data: formToObject(form), form };
  } catch {
    return exceeded ? tooLarge : { ok: false, status: 400, error: "The form could not be read" };
  }
}

/** A form's text fields, the first value of each (files and repeats are not text a form field sent). */
export function textFields(form: FormData): Record<string, string> {
  const fields: Record<string, string> = Object.create(null);
  for (const [key, value] of form.entries()) {
    if (typeof value === "string" && !Object.hasOwn(fields, key)) fields[key] = value;
  }
  return fields;
}

/** The largest legitimate small body (a sign-in, a toggle) is a few hundred bytes: 32 KiB stops floods early. */
export const SMALL_BODY_BYTES = 32 * 1024;

/**
 * A page's form post (Remix actions) under the same cap: null when it is not a readable form, and a thrown
 * 413 `{ error }` when it is too large, so no route reads an unbounded body.
 */
export async function readForm(request: Request, maxBytes = SMALL_BODY_BYTES): Promise<FormData | null> {
  const body = await readBody(request, { maxBytes, accept: ["form", "multipart"] });
  if (!body.ok) {
    if (body.status === 413) throw jsonError(413, body.error);
    return null;
  }
  return body.form;
}

export type BytesResult =
  { ok: true; bytes: Uint8Array<ArrayBuffer> } | { ok: false; status: 400 | 413; error: string };

/**
 * A whole body as bytes: refused with 413 before reading when its Content-Length is over the cap, and
 * cancelled as soon as the streamed count passes it (chunked or lying senders), so no more than maxBytes
 * plus one chunk is ever held. The worker entry's small-body guard and readBody both read through it.
 */
export async function readBytes(request: Request, maxBytes: number, tooLarge = TOO_LARGE): Promise<BytesResult> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > maxBytes) return { ok: false, status: 413, error: tooLarge };
  if (!request.body) return { ok: true, bytes: new Uint8Array(0) };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let seen = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      seen += value.byteLength;
      if (seen > maxBytes) {
        await reader.cancel().catch(() => {});
        return { ok: false, status: 413, error: tooLarge };
      }
      chunks.push(value);
    }
  } catch {
    return { ok: false, status: 400, error: "The request body could not be read" };
  }
  const bytes = new Uint8Array(seen);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return { ok: true, bytes };
}
