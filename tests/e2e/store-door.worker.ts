// The Worker the end-to-end tests serve: the app's own Worker (workers/app.ts), plus one door for the tests
// into the same store, POST /__e2e/store. Tests make their accounts, listings and sessions through it
// (tests/e2e/store.ts), so the one workerd that serves the app is the only process that opens its SQLite
// files: a second process writing them (a platform proxy) met the server's lock, and the server then failed
// a page with SQLITE_BUSY.
// Only the end-to-end servers serve this file (tests/e2e/global-setup.ts, miniflare-app.ts), with a secret of the run's own (E2E_STORE_TOKEN) and on a
// loopback address; no build of the app contains it.
import app from "../../workers/app";
import { sealSecret } from "../../app/platform/crypto/sealing-key.server";
import { forgetVersionReads } from "../../app/platform/page-cache/page-versions.server";

export { InboxRoom, ListingsRoom } from "../../workers/app";

type DoorEnv = Env & { E2E_STORE_TOKEN?: string };

export type StoreStatement = { sql: string; params?: unknown[] };
export type StoreRequest =
  | { op: "batch"; statements: StoreStatement[] }
  | { op: "all"; statement: StoreStatement }
  | { op: "copyPhotos"; pairs: [from: string, to: string][] }
  | { op: "deletePhotos"; keys: string[] }
  | { op: "seal"; userId: string; secret: string }
  | { op: "cron"; cron: string }
  | { op: "clock"; at: number | null };

const DOOR = "/__e2e/store";

// The server's clock, for a test that must cross a moment the app counts in (a turn of the grid's rotation):
// `at` makes Date.now read that instant from now on (and run on from there); null gives the real clock back.
// The app's Worker runs in this same isolate, so its Date.now is this one. Only this door moves it, and no
// build of the app contains the door.
const realNow = Date.now.bind(Date);
function setClock(at: number | null) {
  if (at === null) {
    Date.now = realNow;
    return;
  }
  const offset = at - realNow();
  Date.now = () => realNow() + offset;
}

async function open(request: Request, env: DoorEnv, ctx: ExecutionContext): Promise<Response> {
  const host = new URL(request.url).hostname;
  const token = env.E2E_STORE_TOKEN;
  if (!token || request.headers.get("X-E2E-Store-Token") !== token || !["127.0.0.1", "localhost"].includes(host)) {
    return Response.json({ error: "Not found" }, { status: 404 });
  }
  const body = (await request.json()) as StoreRequest;
  const prepare = (s: StoreStatement) => env.DB.prepare(s.sql).bind(...(s.params ?? []));
  try {
    switch (body.op) {
      case "batch":
        await env.DB.batch(body.statements.map(prepare));
        // The app's writers hold their answers until no request can reuse a version read before the write;
        // the door's next request would otherwise get the page as it was (a deleted listing on the grid).
        forgetVersionReads();
        return Response.json({ ok: true });
      case "all":
        return Response.json({ rows: (await prepare(body.statement).all()).results });
      case "copyPhotos":
        await Promise.all(
          body.pairs.map(async ([from, to]) => {
            const object = await env.PHOTOS.get(from);
            if (!object) throw new Error(`no photo ${from}`);
            await env.PHOTOS.put(to, await object.arrayBuffer(), { httpMetadata: object.httpMetadata });
          }),
        );
        return Response.json({ ok: true });
      case "deletePhotos":
        if (body.keys.length) await env.PHOTOS.delete(body.keys);
        return Response.json({ ok: true });
      case "seal":
        return Response.json({ sealed: await sealSecret(env, body.userId, body.secret) });
      case "cron": {
        // The Worker's cron handler, as its trigger would run it; the jobs go on in this request's waitUntil.
        const controller = { cron: body.cron, scheduledTime: Date.now(), noRetry() {} } as ScheduledController;
        await app.scheduled!(controller, env, ctx);
        return Response.json({ ok: true });
      }
      case "clock":
        setClock(body.at);
        return Response.json({ now: Date.now() });
    }
  } catch (error) {
    return Response.json({ error: String(error) }, { status: 500 });
  }
  return Response.json({ error: "unknown op" }, { status: 400 });
}

export default {
  ...app,
  async fetch(request, env, ctx) {
    if (new URL(request.url).pathname === DOOR && request.method === "POST") return open(request, env, ctx);
    return app.fetch!(request, env, ctx);
  },
} satisfies ExportedHandler<DoorEnv>;
