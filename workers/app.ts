import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import { routePartykitRequest } from "partyserver";
// The Remix server build; `npm run build` makes it before the Worker is bundled (it has no types of its own).
// "remix-server-build" is an alias: build/ in wrangler.toml, build-test/ under the tests (scripts/build-dirs.mjs).
// @ts-ignore -- absent until the first build
import * as build from "remix-server-build";
import { isCrossOriginWrite } from "../app/lib/origin";
import { PUBLIC_ROOM } from "../app/lib/realtime-protocol";
import { servePhoto, servePlaceholder } from "../app/server/photos.server";
import { sweepLoginThrottle } from "../app/server/login-throttle.server";
import { sweepPendingSignIns } from "../app/server/pending-sign-in.server";
import { sweepMailCaps } from "../app/server/mail-caps.server";
import { scheduledSweep } from "../app/server/pending-uploads.server";
import {
  consumeR2Deletes,
  R2_DELETE_DEAD_LETTERS,
  recordDeadLetters,
  retryRecordedDeletes,
} from "../app/server/r2-deletes.server";
import { boundBody, finishResponse } from "../app/server/request-guard.server";
import { sweepCountMarks } from "../app/server/stats.server";
import { runRetention } from "../app/server/retention.server";
import { runRenewals } from "../app/server/renewals.server";
import { billingGateway } from "../app/server/payments/select.server";
import { configuredOrigin } from "../app/server/site-origin.server";
import { sweepVerificationFiles } from "../app/server/verification.server";

export { ListingsRoom } from "./listings-room";

const handleRemix = createRequestHandler(build as unknown as ServerBuild);

async function route(
  request: Request<unknown, IncomingRequestCfProperties>,
  env: Env,
  ctx: ExecutionContext,
): Promise<Response> {
  const url = new URL(request.url);
  if (isCrossOriginWrite(request.method, request.url, request.headers)) {
    return Response.json({ error: "Cross-site requests are not allowed" }, { status: 403 });
  }
  if (url.pathname.startsWith("/parties/")) {
    const response = await routePartykitRequest(request, env, {
      // The room only takes WebSocket listeners; publishing goes through RPC from this Worker.
      onBeforeRequest: () => new Response("Not found", { status: 404 }),
      // One room only: any other name would make a Durable Object per name an attacker invents.
      onBeforeConnect: (_req, lobby) =>
        lobby.name === PUBLIC_ROOM ? undefined : new Response("Not found", { status: 404 }),
    });
    return response ?? new Response("Not found", { status: 404 });
  }
  if (url.pathname.startsWith("/photos/")) return servePhoto(request, env, url.pathname.slice("/photos/".length));
  if (url.pathname.startsWith("/api/placeholder/")) return servePlaceholder(url.pathname);
  return handleRemix(request, { cloudflare: { env, ctx, cf: request.cf } });
}

export default {
  async fetch(incoming, env, ctx) {
    // Bodies are bounded before any route reads them; every answer leaves with the common headers.
    const request = await boundBody(incoming);
    if (request instanceof Response) return request;
    return finishResponse(request, await route(request, env, ctx), env);
  },
  // The R2 delete queue and its dead-letter queue (wrangler.toml [[queues.consumers]]).
  async queue(batch, env, _ctx) {
    if (batch.queue === R2_DELETE_DEAD_LETTERS) await recordDeadLetters(batch, env);
    else await consumeR2Deletes(batch, env.PHOTOS);
  },
  // Cron Trigger (wrangler.toml [triggers]): removes editor uploads that were never saved.
  async scheduled(controller, env, ctx) {
    // Abandoned photo uploads, and ID documents whose request was decided but whose delete failed.
    ctx.waitUntil(
      scheduledSweep(env, controller.scheduledTime).catch((error: unknown) =>
        console.error("pending upload sweep failed", error),
      ),
    );
    // What the privacy policy promises about how long things are kept (app/server/retention.server.ts).
    ctx.waitUntil(
      runRetention(env, ctx, controller.scheduledTime).catch((error: unknown) =>
        console.error("retention failed", error),
      ),
    );
    ctx.waitUntil(
      sweepVerificationFiles(env, controller.scheduledTime).catch((error: unknown) =>
        console.error("verification file sweep failed", error),
      ),
    );
    ctx.waitUntil(
      sweepMailCaps(env, controller.scheduledTime).catch((error: unknown) =>
        console.error("mail cap sweep failed", error),
      ),
    );
    ctx.waitUntil(
      sweepLoginThrottle(env, controller.scheduledTime).catch((error: unknown) =>
        console.error("login throttle sweep failed", error),
      ),
    );
    ctx.waitUntil(
      sweepPendingSignIns(env, controller.scheduledTime).catch((error: unknown) =>
        console.error("pending sign-in sweep failed", error),
      ),
    );
    ctx.waitUntil(
      sweepCountMarks(env, controller.scheduledTime).catch((error: unknown) =>
        console.error("count mark sweep failed", error),
      ),
    );
    // Weekly plans: reminders, renewal charges, second attempts after the grace, ends of cancelled plans.
    const origin = configuredOrigin(env.SITE_ORIGIN) ?? "http://localhost:8787";
    ctx.waitUntil(
      runRenewals(env, ctx, billingGateway(env, ctx, origin), origin, controller.scheduledTime).catch(
        (error: unknown) => console.error("renewals failed", error),
      ),
    );
    ctx.waitUntil(
      retryRecordedDeletes(env, controller.scheduledTime).catch((error: unknown) =>
        console.error("r2 delete retry failed", error),
      ),
    );
  },
} satisfies ExportedHandler<Env>;
