// First: React must find the faster encoder when its module loads (workers/text-encoder.ts).
import "./text-encoder";
import { routePartykitRequest } from "partyserver";
import { handleRemix, serverBuild } from "./remix-handlers";
import { isCrossOriginWrite } from "../app/platform/http/origin";
import { isShardName } from "../app/platform/realtime/protocol";
import { servePhoto, servePlaceholder } from "../app/features/photos/photos.server";
import { sweepLoginThrottle } from "../app/features/accounts/sign-in/login-throttle.server";
import { sweepPendingSignIns } from "../app/features/accounts/sign-in/pending-sign-in.server";
import { sweepMailCaps } from "../app/features/accounts/mail-caps.server";
import { scheduledSweep } from "../app/features/photos/pending-uploads.server";
import {
  consumeR2Deletes,
  R2_DELETE_DEAD_LETTERS,
  recordDeadLetters,
  retryRecordedDeletes,
} from "../app/features/photos/r2-deletes.server";
import { openD1Session, withBookmarkCookie } from "../app/platform/data/d1-session.server";
import { holdAfterWrites, isCacheFill } from "../app/platform/page-cache/page-cache.server";
import { servePageCached } from "../app/features/catalogue/page-cache.server";
import { boundBody, finishResponse } from "../app/platform/http/request-guard.server";
import { sweepCountMarks } from "../app/features/dashboard/stats.server";
import { consumeCounts, COUNT_QUEUE } from "../app/features/insights/count-flush.server";
import { foldOldInsights } from "../app/features/insights/retention.server";
import { sendWeeklyStatements } from "../app/features/insights/statement.server";
import { resumeDuePauses } from "../app/features/listings/pause.server";
import { runStaleCheck } from "../app/features/listings/stale-check.server";
import { runRetention } from "../app/jobs/retention.server";
import { sendDigests } from "../app/features/safety-net/digest.server";
import { sweepSafetyNet } from "../app/features/safety-net/sweep.server";
import { runRenewals } from "../app/features/billing/renewals.server";
import { billingGateway } from "../app/features/payments/select.server";
import { configuredOrigin } from "../app/platform/http/site-origin.server";
import { isDevelopment } from "../app/platform/env";
import { sweepVerificationFiles } from "../app/features/verification/verification.server";

export { ListingsRoom } from "./listings-room";

/** `env` is the Worker's own; `sessionEnv` has DB bound to the request's D1 session (d1-session.server.ts). */
async function route(
  request: Request<unknown, IncomingRequestCfProperties>,
  env: Env,
  sessionEnv: Env,
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
      // The known shards only: any other name would make a Durable Object per name an attacker invents.
      onBeforeConnect: (_req, lobby) =>
        isShardName(lobby.name) ? undefined : new Response("Not found", { status: 404 }),
    });
    return response ?? new Response("Not found", { status: 404 });
  }
  // Photos decide visibility on the primary: a replica behind a hide must not hand out a hidden listing's
  // photos (decision 0006), nor miss a delete that raced the making of a size (decision 0013).
  if (url.pathname.startsWith("/photos/")) return servePhoto(request, env, url.pathname.slice("/photos/".length));
  if (url.pathname.startsWith("/api/placeholder/")) return servePlaceholder(url.pathname);
  // Anonymous public pages may come from the page cache; the build's version keys it, so a deploy starts afresh.
  // The versions are read from the primary (plain env), and so is a render that may be stored: a replica
  // behind a hide must not fill the cache under the new versions with the page from before it.
  return servePageCached(request, env, ctx, serverBuild.assets.version, (page) =>
    handleRemix(page, {
      cloudflare: {
        env: isCacheFill(page) ? env : sessionEnv,
        ctx,
        // Read when a route asks: the runtime parses the whole cf object on first read (a tenth of a cache
        // hit's CPU), and most pages never look at it.
        get cf() {
          return request.cf;
        },
      },
    }),
  );
}

export default {
  async fetch(incoming, env, ctx) {
    // Bodies are bounded before any route reads them; every answer leaves with the common headers.
    const request = await boundBody(incoming);
    if (request instanceof Response) return finishResponse(incoming, request, env);
    // Every query of the request runs in one D1 session, so reads may come from a nearby replica.
    const d1 = await openD1Session(env, request);
    const routed = await route(request, env, d1.env, ctx);
    // An answer that wrote waits until no isolate can still be reusing versions read before the write.
    await holdAfterWrites(env, d1.wroteAt());
    const response = await withBookmarkCookie(request, routed, d1, env);
    return finishResponse(request, response, env);
  },
  // The insights count queue, the R2 delete queue and its dead-letter queue (wrangler.toml [[queues.consumers]]).
  async queue(batch, env, _ctx) {
    if (batch.queue === COUNT_QUEUE) await consumeCounts(batch, env);
    else if (batch.queue === R2_DELETE_DEAD_LETTERS) await recordDeadLetters(batch, env);
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
    // What the privacy policy promises about how long things are kept (app/jobs/retention.server.ts).
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
    // Insights: daily rows kept 400 days, then folded into months (docs/decisions/0024).
    ctx.waitUntil(
      foldOldInsights(env, controller.scheduledTime).catch((error: unknown) =>
        console.error("insights fold failed", error),
      ),
    );
    // Weekly plans: reminders, renewal charges, second attempts after the grace, ends of cancelled plans.
    const origin = configuredOrigin(env.SITE_ORIGIN) ?? "http://localhost:8787";
    // In development the cron runs on this machine, where the test gateway answers (it wants a loopback host).
    const gatewayOrigin = isDevelopment(env) ? "http://localhost" : origin;
    ctx.waitUntil(
      runRenewals(env, ctx, billingGateway(env, ctx, gatewayOrigin), origin, controller.scheduledTime).catch(
        (error: unknown) => console.error("renewals failed", error),
      ),
    );
    ctx.waitUntil(
      retryRecordedDeletes(env, controller.scheduledTime).catch((error: unknown) =>
        console.error("r2 delete retry failed", error),
      ),
    );
    // Listings nobody has saved or confirmed for 30 days are asked, then hidden a week later (issue 16).
    ctx.waitUntil(
      runStaleCheck(env, ctx, origin, controller.scheduledTime).catch((error: unknown) =>
        console.error("stale-listing check failed", error),
      ),
    );
    // Safety Net: expired alerts, declined reports, old check totals, and the digest e-mails (decision 0023).
    ctx.waitUntil(
      sweepSafetyNet(env, controller.scheduledTime)
        .then(() => sendDigests(env, origin, controller.scheduledTime))
        .catch((error: unknown) => console.error("safety net sweep failed", error)),
    );
    // The weekly visibility statement to those who asked: each week claimed once per provider (decision 0030).
    ctx.waitUntil(
      sendWeeklyStatements(env, origin, controller.scheduledTime).catch((error: unknown) =>
        console.error("weekly statements failed", error),
      ),
    );
    // Breaks that have reached their return date end by themselves (issue 16, decision 0018).
    ctx.waitUntil(
      resumeDuePauses(env, ctx, controller.scheduledTime).catch((error: unknown) =>
        console.error("pause resume failed", error),
      ),
    );
  },
} satisfies ExportedHandler<Env>;
