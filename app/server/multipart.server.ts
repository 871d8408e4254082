// Reads a multipart body with a hard cap on its size, counted as it streams in (a missing or false
// Content-Length cannot get past it). A Worker has 128 MB: bodies are refused long before that.

export type MultipartResult = { ok: true; form: FormData } | { ok: false; status: number; error: string };

export async function readMultipart(request: Request, maxBytes: number, tooLarge: string): Promise<MultipartResult> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^multipart\/form-data/i.test(type)) {
    return { ok: false, status: 415, error: "Send the form as multipart/form-data" };
  }
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > maxBytes) return { ok: false, status: 413, error: tooLarge };
  if (!request.body) return { ok: false, status: 400, error: "The request has no body" };

  let seen = 0;
  let exceeded = false;
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > maxBytes) {
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
      headers: { "Content-Type": type },
      body: request.body.pipeThrough(counter),
    });
    return { ok: true, form: await counted.formData() };
  } catch {
    if (exceeded) return { ok: false, status: 413, error: tooLarge };
    return { ok: false, status: 400, error: "The form could not be read" };
  }
}

export type BytesResult = { ok: true; bytes: Uint8Array<ArrayBuffer> } | { ok: false; status: number; error: string };

/**
 * A whole body as bytes: refused with 413 before reading when its Content-Length is over the cap, and
 * cancelled as soon as the streamed count passes it (chunked or lying senders), so no more than maxBytes
 * plus one chunk is ever held. The one capped reader behind readBody, readForm and readJsonObject.
 */
export async function readBytes(
  request: Request,
  maxBytes: number,
  tooLarge = "Request body is too large",
): Promise<BytesResult> {
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
