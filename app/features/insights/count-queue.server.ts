// The request side of counting: nothing here touches D1 on a page's request path. A countable request's
// events are hashed to their visitor and kept in this isolate for one short window, then sent to the count
// queue (docs/decisions/0024-counting-off-the-request-path.md); the queue's consumer (count-flush.server.ts)
// writes them into the day's aggregate rows. A window keeps each visitor's events once, in two lanes, and
// goes out as small messages, the server's lane apart from the browsers' (count-wire.ts,
// docs/decisions/0044-counting-keys-lanes-and-bytes.md).
import type { WaitUntil } from "~/platform/request-context";
import { countingVisitor, reportVisitorKeyError, VisitorKeyError } from "~/platform/crypto/visitor-key.server";
import type { CountEvent } from "./count-events";
import { COUNT_LANES, encodeEvent, jsonBytes, laneOf, packMessages } from "./count-wire";
import type { CountLane, CountMessage, WireVisit } from "./count-wire";
import { sendCountMessages } from "./count-send.server";
import { isCountableRequest } from "./countable-request";
import { visitorRegion } from "./regions";

/** How long an isolate gathers events before sending them: the most a Worker restart can lose. */
const DEFAULT_WINDOW_MS = 1_000;
const MAX_WINDOW_MS = 5_000;

/** COUNT_WINDOW_MS (wrangler.toml), kept between 0 and 5 seconds. */
export function countWindowMs(env: Partial<Pick<Env, "COUNT_WINDOW_MS">>): number {
  const ms = Number(env.COUNT_WINDOW_MS ?? DEFAULT_WINDOW_MS);
  return Number.isFinite(ms) ? Math.min(Math.max(Math.round(ms), 0), MAX_WINDOW_MS) : DEFAULT_WINDOW_MS;
}

/** A window this full is sent at once, so a burst neither waits nor grows without bound. */
const MAX_WINDOW_VISITS = 400;
const MAX_WINDOW_BYTES = 128_000;

type CountEnv = Pick<Env, "COUNTS" | "PROFILES"> & Partial<Pick<Env, "COUNT_WINDOW_MS">>;

type Visit = { at: number; visitor: string; region: string; events: Set<string> };

/** One isolate's window: per lane, each visitor once, each of their events once. */
class CountWindow {
  private readonly lanes: Record<CountLane, Map<string, Visit>> = { server: new Map(), beacon: new Map() };
  private visits = 0;
  private bytes = 0;
  sent = false;

  add(at: number, visitor: string, region: string, events: CountEvent[]): void {
    for (const event of events) {
      const lane = this.lanes[laneOf(event.kind)];
      let visit = lane.get(visitor);
      if (!visit) {
        visit = { at, visitor, region: "", events: new Set() };
        lane.set(visitor, visit);
        this.visits++;
        this.bytes += jsonBytes([at, visitor, region]) + 1;
      }
      if (event.kind === "view" && region) visit.region = region;
      const text = encodeEvent(event);
      if (visit.events.has(text)) continue;
      visit.events.add(text);
      this.bytes += text.length + 3;
    }
  }

  full(): boolean {
    return this.visits >= MAX_WINDOW_VISITS || this.bytes >= MAX_WINDOW_BYTES;
  }

  messages(lane: CountLane): CountMessage[] {
    const visits = [...this.lanes[lane].values()].map((v): WireVisit => [v.at, v.visitor, v.region, ...v.events]);
    return packMessages(lane, visits);
  }
}

let current: CountWindow | null = null;

/** Sends a window once: each lane's messages on their own, so one lane's failure is not the other's. */
async function sendWindow(queue: Queue, gathered: CountWindow): Promise<void> {
  if (gathered.sent) return;
  gathered.sent = true;
  if (current === gathered) current = null;
  await Promise.all(COUNT_LANES.map((lane) => sendCountMessages(queue, gathered.messages(lane))));
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
    countingVisitor(env, request.headers.get("CF-Connecting-IP"), at)
      .then((visitor) => {
        // Only a view is broken down by region; request.cf is read here, after the answer, and only then.
        const region = events.some((e) => e.kind === "view") ? visitorRegion(cf) : "";
        const first = !current;
        const gathering = (current ??= new CountWindow());
        gathering.add(at, visitor, region, events);
        if (gathering.full()) return sendWindow(env.COUNTS, gathering);
        if (!first) return;
        return new Promise((resolve) => setTimeout(resolve, countWindowMs(env))).then(() =>
          sendWindow(env.COUNTS, gathering),
        );
      })
      .catch((error: unknown) => {
        if (error instanceof VisitorKeyError) reportVisitorKeyError(error);
        else console.error("counts: could not count", error);
      }),
  );
}
