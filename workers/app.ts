import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import { routePartykitRequest } from "partyserver";
// The Remix server build; `npm run build` makes it before the Worker is bundled (it has no types of its own).
// @ts-ignore -- absent until the first build
import * as build from "../build/server/index.js";
import { isCrossOriginWrite } from "../app/lib/origin";
import { servePhoto, servePlaceholder } from "../app/server/photos.server";
import { scheduledSweep } from "../app/server/pending-uploads.server";
import { sweepVerificationFiles } from "../app/server/verification.server";
import { runRetention } from "../app/server/retention.server";

export { ListingsRoom } from "./listings-room";

const handleRemix = createRequestHandler(build as unknown as ServerBuild);

async function route(request: Request<unknown, IncomingRequestCfProperties>, env: Env, ctx: ExecutionContext): Promise<Response> {
  const url = new URL(request.url);
  if (isCrossOriginWrite(request.method, request.url, request.headers)) {
    return Response.json({ error: "Cross-site requests are not allowed" }, { status: 403 });
  }
  if (url.pathname.startsWith("/parties/")) {
    const response = await routePartykitRequest(request, env, {
      // The room only takes WebSocket listeners; publishing goes through RPC from this Worker.
      onBeforeRequest: () => new Response("Not found", { status: 404 }),
    });
    return response ?? new Response("Not found", { status: 404 });
  }
  if (url.pathname.startsWith("/photos/")) return servePhoto(request, env, url.pathname.slice("/photos/".length));
  if (url.pathname.startsWith("/api/placeholder/")) return servePlaceholder(url.pathname);
  return handleRemix(request, { cloudflare: { env, ctx, cf: request.cf } });
}

/**
 * Every answer says nosniff, not only HTML: JSON, Remix's single-fetch `.data`, photos and errors, so a
 * browser never reads one as script or HTML. WebSocket upgrades pass through untouched.
 */
function withNosniff(response: Response): Response {
  if (response.status === 101 || response.webSocket) return response;
  try {
    response.headers.set("X-Content-Type-Options", "nosniff");
    return response;
  } catch {
    // Immutable headers (Response.redirect, a fetched response): copy once.
    const copy = new Response(response.body, response);
    copy.headers.set("X-Content-Type-Options", "nosniff");
    return copy;
  }
}

export default {
  async fetch(request, env, ctx) {
    return withNosniff(await route(request, env, ctx));
  },
  // Cron Trigger (wrangler.toml [triggers]): removes editor uploads that were never saved.
  async scheduled(controller, env, ctx) {
    // Abandoned photo uploads, and ID documents whose request was decided but whose delete failed.
    ctx.waitUntil(
      scheduledSweep(env, controller.scheduledTime).catch((error: unknown) => console.error("pending upload sweep failed", error)),
    );
    // What the privacy policy promises about how long things are kept (app/server/retention.server.ts).
    ctx.waitUntil(runRetention(env, ctx, controller.scheduledTime).catch((error: unknown) => console.error("retention failed", error)));
    ctx.waitUntil(
      sweepVerificationFiles(env, controller.scheduledTime).catch((error: unknown) =>
        console.error("verification file sweep failed", error),
      ),
    );
  },
} satisfies ExportedHandler<Env>;
