import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { renderToReadableStream } from "react-dom/server";
import { NonceContext } from "~/ui/nonce";
import { applySecurityHeaders, newNonce } from "~/platform/http/security-headers.server";

const ABORT_DELAY = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = newNonce();
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), ABORT_DELAY);

  const body = await renderToReadableStream(
    <NonceContext.Provider value={nonce}>
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
    </NonceContext.Provider>,
    {
      nonce,
      signal: controller.signal,
      onError(error: unknown) {
        if (!controller.signal.aborted) console.error(error);
        responseStatusCode = 500;
      },
    },
  );
  body.allReady.then(() => clearTimeout(timeout));
  // Everyone gets the whole document at once. React's renderer writes it in 512-byte chunks, and each chunk
  // of a streamed body crosses into the runtime on its own; read whole, a page costs the Worker about 0.3 ms
  // less CPU (docs/performance.md, 'Signed-in pages'). No page suspends on the server (the islands and lazy
  // parts render their eager component there), so the whole document is ready when its shell is.
  await body.allReady;
  const html = await new Response(body).arrayBuffer();

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  applySecurityHeaders(responseHeaders, nonce, request.url, loadContext.cloudflare.env);
  // The status as it stands with the whole document written, for every visitor as for crawlers.
  return new Response(html, { headers: responseHeaders, status: responseStatusCode });
}
