import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { NonceContext } from "~/components/nonce";
import { applySecurityHeaders, newNonce } from "~/server/security.server";

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

  // Crawlers get the whole document at once.
  if (isbot(request.headers.get("user-agent") || "")) await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  applySecurityHeaders(responseHeaders, nonce, request.url, loadContext.cloudflare.env);
  return scriptsAfterPaint(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
}

/**
 * The page's scripts (Remix's modulepreload links) fetched at low priority. They hydrate a page that is
 * already whole (module scripts never block the first paint), so on a phone's connection the stylesheet
 * and the first row's photos should not share the bandwidth with them; Lighthouse likewise stops counting
 * high-priority scripts as render-blocking. Remix's <Scripts> has no prop for it. The Vite dev server runs
 * this file in Node, without HTMLRewriter: there it is left out.
 */
function scriptsAfterPaint(response: Response): Response {
  if (typeof HTMLRewriter === "undefined") return response;
  return new HTMLRewriter()
    .on('link[rel="modulepreload"]', {
      element(element) {
        element.setAttribute("fetchpriority", "low");
      },
    })
    .transform(response);
}
