// The request side of counting: nothing here touches D1 on a page's request path. A countable request's
// events are hashed to their visitor and kept in this isolate for one short window, then sent to the count
// queue as one message (docs/decisions/0024-counting-off-the-request-path.md); the queue's consumer
// (count-flush.server.ts) writes them into the day's aggregate rows.
import type { WaitUntil } from "~/platform/request-context";
import { addressKey } from "~/platform/http/client-address";
import { siteSecret } from "~/platform/data/site-secrets.server";
import { chunks } from "./count-events";
import type { CountEvent, CountItem, CountMessage } from "./count-events";
import { isCountableRequest } from "./countable-request";
import { visitorRegion } from "./regions";
import type { DbEnv } from "~/platform/data/db.server";

/** How long an isolate gathers events before sending them: the most a Worker restart can lose. */
const DEFAULT_WINDOW_MS = 1_000;
const MAX_WINDOW_MS = 5_000;

/** COUNT_WINDOW_MS (wrangler.toml), kept between 0 and 5 seconds. */
export function countWindowMs(env: Partial<Pick<Env, "COUNT_WINDOW_MS">>): number {
  const ms = Number(env.COUNT_WINDOW_MS ?? DEFAULT_WINDOW_MS);
  return Number.isFinite(ms) ? Math.min(Math.max(Math.round(ms), 0), MAX_WINDOW_MS) : DEFAULT_WINDOW_MS;
}
/** A window this full is sent at once, so a burst neither waits nor grows without bound. */
const MAX_WINDOW_ITEMS = 400;
/** Items per queue message (a message may hold 128 KB; an item is well under 300 bytes). */
const ITEMS_PER_MESSAGE = 200;
/** Attempts at sending one window, with a short pause between (the queue answering is what makes it durable). */
const SEND_ATTEMPTS = 3;

type CountEnv = Pick<Env, "DB" | "COUNTS"> & Partial<Pick<Env, "COUNT_WINDOW_MS">>;

// The counting key is a site secret in D1: read once per isolate, then only hashed with. The value is
// cached, never a pending promise (a promise another request's I/O settles is not this request's to await).
let countKey: CryptoKey | null = null;

async function visitorOf(env: DbEnv, request: Request): Promise<string> {
  if (!countKey) {
    const secret = await siteSecret(env, "count-visitor");
    countKey = await crypto.subtle.importKey(
      "raw",
      new TextEncoder().encode(secret),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign"],
    );
  }
  const address = addressKey(request.headers.get("CF-Connecting-IP"));
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", countKey, new TextEncoder().encode(address)));
  let bin = "";
  for (const b of mac) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

let windowItems: CountItem[] = [];

/** Sends items to the queue, retrying a failed send; what still fails is logged (the documented loss). */
export async function sendCountItems(queue: Queue, items: CountItem[]): Promise<boolean> {
  const messages = chunks(items, ITEMS_PER_MESSAGE).map((part) => ({ body: { items: part } satisfies CountMessage }));
  for (let attempt = 1; ; attempt++) {
    try {
      await queue.sendBatch(messages);
      return true;
    } catch (error) {
      if (attempt >= SEND_ATTEMPTS) {
        console.error(`counts: ${items.length} items could not be queued`, error);
        return false;
      }
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

function takeWindow(): CountItem[] {
  const items = windowItems;
  windowItems = [];
  return items;
}

/**
 * Counts `events` for the visitor making `request`, after the answer: skipped for bots and prefetches. The
 * first event of a window schedules its send in this request's waitUntil; later ones only join it. `cf` is the
 * request's Cloudflare properties (a Remix route's request lacks them: pass the context's).
 */
export function countEvents(
  env: CountEnv,
  ctx: WaitUntil,
  request: Request,
  events: CountEvent[],
  cf: unknown = request.cf,
): void {
  if (events.length === 0 || !isCountableRequest(request.headers)) return;
  const at = Date.now();
  ctx.waitUntil(
    visitorOf(env, request)
      .then((visitor) => {
        // Only a view is broken down by region; request.cf is read here, after the answer, and only then.
        const item: CountItem = { at, visitor, events };
        if (events.some((e) => e.kind === "view")) item.region = visitorRegion(cf);
        windowItems.push(item);
        if (windowItems.length >= MAX_WINDOW_ITEMS) return sendCountItems(env.COUNTS, takeWindow());
        if (windowItems.length > 1) return;
        return new Promise((resolve) => setTimeout(resolve, countWindowMs(env))).then(() => {
          const items = takeWindow();
          return items.length ? sendCountItems(env.COUNTS, items) : true;
        });
      })
      .catch((error: unknown) => console.error("counts: could not count", error)),
  );
}
