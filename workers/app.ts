// First: React must find the faster encoder when its module loads (workers/text-encoder.ts).
import "./text-encoder";
import { routePartykitRequest } from "partyserver";
import { handleRemix, serverBuild } from "./remix-handlers";
import { isCrossOriginWrite } from "../app/platform/http/origin";
import { isShardName } from "../app/platform/realtime/protocol";
import { servePhoto, servePlaceholder } from "../app/features/photos/photos.server";
import { consumeR2Deletes, R2_DELETE_DEAD_LETTERS, recordDeadLetters } from "../app/features/photos/r2-deletes.server";
import { openD1Session, withBookmarkCookie } from "../app/platform/data/d1-session.server";
import { isCacheFill } from "../app/platform/page-cache/page-cache.server";
import { holdAfterWrites } from "../app/platform/page-cache/page-versions.server";
import { servePageCached } from "../app/features/catalogue/page-cache.server";
import { signedInInclude } from "../app/features/shell/signed-in-page.server";
import { boundBody, finishResponse } from "../app/platform/http/request-guard.server";
import { consumeCounts, COUNT_QUEUE } from "../app/features/insights/count-flush.server";
import { JOBS } from "../app/jobs/jobs.server";
import { runJobs } from "../app/jobs/run-jobs.server";
import { reportDeploymentProblems } from "./deploy-settings";
import { inboxRoomOwner } from "../app/features/bookings/inbox-room.server";

export { ListingsRoom } from "./listings-room";
export { InboxRoom } from "./inbox-room";

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
      // The known shards only: any other name would make a Durable Object per name an attacker invents. A
      // provider's inbox room only to a socket signed in as that provider (docs/decisions/0052).
      onBeforeConnect: async (req, lobby) => {
        if (lobby.className === "InboxRoom")
          return (await inboxRoomOwner(req, sessionEnv)) === lobby.name
            ? undefined
            : new Response("Not found", { status: 404 });
        return lobby.className === "ListingsRoom" && isShardName(lobby.name)
          ? undefined
          : new Response("Not found", { status: 404 });
      },
    });
    return response ?? new Response("Not found", { status: 404 });
  }
  // Photos decide visibility on the primary: a replica behind a hide must not hand out a hidden listing's
  // photos (decision 0006), nor miss a delete that raced the making of a size (decision 0013).
  if (url.pathname.startsWith("/photos/")) return servePhoto(request, env, url.pathname.slice("/photos/".length));
  if (url.pathname.startsWith("/api/placeholder/")) return servePlaceholder(url.pathname);
  // Anonymous public pages may come from the page cache; the build's version keys it, so a deploy starts afresh.
  // The versions are read from the primary (plain env), and so is a render that may be stored: a replica
  // behind a hide must not fill the cache under the new versions with the page from before it. A signed-in
  // person on a grid gets the public copy with their own header put in (docs/decisions/0070).
  const build = serverBuild.assets.version;
  const context = (cloudflareEnv: Env) => ({
    cloudflare: {
      env: cloudflareEnv,
      ctx,
      // Read when a route asks: the runtime parses the whole cf object on first read (a tenth of a cache
      // hit's CPU), and most pages never look at it.
      get cf() {
        return request.cf;
      },
    },
  });
  // This request's own load context: its session lookup is shared by the include and by the renders made for
  // this person. A render that fills the cache gets a context of its own, so it can never see the session.
  const personal = context(sessionEnv);
  const render = (page: Request) => handleRemix(page, isCacheFill(page) ? context(env) : personal);
  const renderFrame = (frame: Request) => handleRemix(frame, { ...personal, accountParts: true });
  return servePageCached(request, env, ctx, build, render, signedInInclude(sessionEnv, personal, build, renderFrame));
}

export default {
  async fetch(incoming, env, ctx) {
    // A deployment missing a setting says so once, as it starts (workers/deploy-settings.ts).
    reportDeploymentProblems(env);
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
    reportDeploymentProblems(env);
    if (batch.queue === COUNT_QUEUE) await consumeCounts(batch, env);
    else if (batch.queue === R2_DELETE_DEAD_LETTERS) await recordDeadLetters(batch, env);
    else await consumeR2Deletes(batch, env.PHOTOS);
  },
  // Cron Trigger (wrangler.toml [triggers]): the job table in app/jobs/jobs.server.ts, each job isolated.
  async scheduled(controller, env, ctx) {
    reportDeploymentProblems(env);
    void runJobs(JOBS, controller, env, ctx);
  },
} satisfies ExportedHandler<Env>;
