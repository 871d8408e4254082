// What the page cache keeps of a rendered answer, and how a kept copy is answered
// (docs/decisions/0012-page-cache.md, "One copy for every visitor").
//
// A stored page must not carry a nonce: a nonce handed to every visitor of a copy is no nonce. Rather than
// give each hit a fresh nonce (which meant a new body, so a fresh compression, per hit), a page is stored
// with its nonce attributes removed and its Content-Security-Policy allowing exactly its own inline scripts
// by their SHA-256 hashes (CSP Level 2 hash sources). Every hit is then the same bytes, so it is kept
// gzipped as well and answered without any work on the body.
import { acceptsGzip } from "~/platform/http/content-encoding";

/** A stored answer as visitors get it. */
export type Copy = {
  status: number;
  /** The browser's headers, with X-Cache: HIT. */
  headers: [string, string][];
  body: string;
  /** The body gzipped, for the clients that take it (nearly all). */
  gzip: Uint8Array<ArrayBuffer>;
  /** When the copy stops being served (ms since the epoch). */
  expires: number;
};

/** Roughly what a copy holds in memory. */
export function copySize(copy: Copy): number {
  return copy.body.length + copy.gzip.byteLength + 200;
}

export function cspNonce(csp: string | null): string | null {
  return /'nonce-([^']+)'/.exec(csp ?? "")?.[1] ?? null;
}

/**
 * The page with its nonce traded for hashes: every element's nonce attribute removed, and `'nonce-…'` in the
 * policy replaced by a hash source for each inline script that carried the nonce (only those: a script the
 * policy blocked before stays blocked). Null when the nonce shows up anywhere else in the page, which could
 * not be traded safely: such a page is not stored.
 */
export async function withScriptHashes(
  body: string,
  csp: string,
  nonce: string,
): Promise<{ body: string; csp: string } | null> {
  const scripts: string[] = [];
  let script: string | null = null;
  // HTMLRewriter is the runtime's HTML parser: script text arrives raw (never entity-decoded), exactly the
  // bytes the browser hashes.
  const rewritten = new HTMLRewriter()
    .on("[nonce]", {
      element(element) {
        if (element.getAttribute("nonce") !== nonce) return;
        element.removeAttribute("nonce");
        if (element.tagName !== "script" || element.hasAttribute("src")) return;
        script = "";
        element.onEndTag(() => {
          scripts.push(script ?? "");
          script = null;
        });
      },
      text(chunk) {
        if (script !== null) script += chunk.text;
      },
    })
    .transform(new Response(body));
  const out = await rewritten.text();
  if (out.includes(nonce)) return null;
  const sources = [...new Set(await Promise.all(scripts.map(hashSource)))];
  const policy = csp.replace(`'nonce-${nonce}'`, sources.join(" ")).replace(/ {2,}/g, " ").replace(/ ;/g, ";");
  return { body: out, csp: policy };
}

async function hashSource(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  let binary = "";
  for (const byte of digest) binary += String.fromCharCode(byte);
  return `'sha256-${btoa(binary)}'`;
}

export async function gzipped(text: string): Promise<Uint8Array<ArrayBuffer>> {
  const stream = new Response(text).body!.pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

// Each copy's answer headers, made once per cache status and encoding: a hit then hands the runtime a Headers
// to copy natively, instead of copying the copy's headers and setting three of them, or a list the runtime
// walks entry by entry (each about a tenth of a hit's CPU). The Response constructor copies them, so no
// answer's later change reaches the kept ones.
const answerHeaders = new WeakMap<Copy, Map<string, Headers>>();

function headersOf(copy: Copy, cacheStatus: "HIT" | "MISS", gzip: boolean): Headers {
  let made = answerHeaders.get(copy);
  if (!made) answerHeaders.set(copy, (made = new Map()));
  const kind = `${cacheStatus}${gzip ? "+gzip" : ""}`;
  let headers = made.get(kind);
  if (!headers) {
    headers = new Headers(copy.headers);
    headers.set("X-Cache", cacheStatus);
    // The same URL answers in two encodings: any cache between here and the browser must keep them apart.
    headers.set("Vary", "Accept-Encoding");
    if (gzip) headers.set("Content-Encoding", "gzip");
    made.set(kind, headers);
  }
  return headers;
}

/** The copy as one visitor's answer: gzip bytes as they are when the client takes gzip, else the text. */
export function answerCopy(copy: Copy, request: Request, cacheStatus: "HIT" | "MISS"): Response {
  if (!acceptsGzip(request.headers.get("Accept-Encoding"))) {
    return new Response(copy.body, { status: copy.status, headers: headersOf(copy, cacheStatus, false) });
  }
  // "manual": the bytes are already gzip; the runtime must send them as they are, not encode them again.
  return new Response(copy.gzip, {
    status: copy.status,
    headers: headersOf(copy, cacheStatus, true),
    encodeBody: "manual",
  });
}
