// What a window of counts looks like on the count queue (docs/decisions/0044-counting-keys-lanes-and-bytes.md):
// compact messages, packed by their size in bytes, in two lanes, so that nothing a burst of impressions does
// can take down the counts the server made itself.
import { COUNT_KINDS } from "./beacon-events";
import type { CountEvent, CountKind } from "./beacon-events";
import type { CountItem } from "./count-events";

/**
 * 'server': views, contact taps and likes, which the server counts when it answers them (few, small, and a
 * script cannot add them). 'beacon': what browsers report (impressions by the screenful, photo opens,
 * favourites, card opens). Each lane has messages of its own, sent, and flushed, apart.
 */
export type CountLane = "server" | "beacon";
export const COUNT_LANES: readonly CountLane[] = ["server", "beacon"];

export function laneOf(kind: CountKind): CountLane {
  return kind === "view" || kind === "contact" || kind === "like" ? "server" : "beacon";
}

/**
 * One visitor's events in one window: `[at, visitor, region, ...events]`, the region '' but for views, each
 * event one string: the kind's letter, the listing id and, after a space, the photo key
 * ('i0123456789abcdefghi listing/abc.webp'). Ids and keys hold no space (isId, photoKeyOf).
 */
export type WireVisit = [number, string, string, ...string[]];
/** One queue message. v1 messages (`{ items }`, from before) are still read while a deploy drains them. */
export type CountMessage = { v: 2; lane: CountLane; visits: WireVisit[] };

/** The most a message may hold, as JSON: a quarter of the queue's 128 KB limit, half its 64 KB billing unit. */
export const MESSAGE_BYTES = 32_000;

const LETTER: Record<CountKind, string> = {
  impression: "i",
  view: "v",
  photo: "p",
  contact: "c",
  like: "l",
  favourite: "f",
  open: "o",
};
const KIND_OF = new Map(COUNT_KINDS.map((kind) => [LETTER[kind], kind]));

export function encodeEvent(e: CountEvent): string {
  return `${LETTER[e.kind]}${e.listing}${e.photo ? ` ${e.photo}` : ""}`;
}

export function decodeEvent(text: unknown): CountEvent | null {
  if (typeof text !== "string" || text.length < 2 || text.length > 400) return null;
  const kind = KIND_OF.get(text[0]);
  if (!kind) return null;
  const space = text.indexOf(" ");
  const listing = text.slice(1, space < 0 ? undefined : space);
  return space < 0 ? { kind, listing } : { kind, listing, photo: text.slice(space + 1) };
}

/** Bytes of a value as JSON (UTF-8). */
export function jsonBytes(value: unknown): number {
  return new TextEncoder().encode(JSON.stringify(value)).length;
}

/** What a message holds before its first visit: `{"v":2,"lane":"beacon","visits":[]}`. */
const MESSAGE_OVERHEAD = jsonBytes({ v: 2, lane: "beacon", visits: [] });

/**
 * A lane's visits as messages of at most `maxBytes` of JSON each. A visit too big for what is left of a
 * message goes on in the next one under the same visitor (its events are marks of their own: nothing depends
 * on them travelling together). A single event bigger than a message cannot be (decodeEvent's cap).
 */
export function packMessages(lane: CountLane, visits: WireVisit[], maxBytes = MESSAGE_BYTES): CountMessage[] {
  const out: CountMessage[] = [];
  let current: WireVisit[] = [];
  let size = MESSAGE_OVERHEAD;
  const close = () => {
    if (current.length) out.push({ v: 2, lane, visits: current });
    current = [];
    size = MESSAGE_OVERHEAD;
  };
  for (const [at, visitor, region, ...events] of visits) {
    const head: WireVisit = [at, visitor, region];
    const headBytes = jsonBytes(head) + 1;
    let visit: WireVisit | null = null;
    for (const event of events) {
      const eventBytes = jsonBytes(event) + 1;
      if (size + (visit ? 0 : headBytes) + eventBytes > maxBytes) {
        close();
        visit = null;
      }
      if (!visit) {
        visit = [...head];
        current.push(visit);
        size += headBytes;
      }
      visit.push(event);
      size += eventBytes;
    }
  }
  close();
  return out;
}

/** A message cut in two, each half holding about half its events (for a send that failed whole). */
export function halves(message: CountMessage): CountMessage[] {
  const events = message.visits.reduce((n, v) => n + v.length - 3, 0);
  if (events < 2) return [message];
  return packMessages(message.lane, message.visits, Math.ceil(jsonBytes(message) / 2) + 200);
}

export type ReadMessage = { lane: CountLane; items: CountItem[] };

const isItem = (item: CountItem) =>
  !!item &&
  typeof item.at === "number" &&
  Number.isFinite(item.at) &&
  typeof item.visitor === "string" &&
  item.visitor.length > 0 &&
  item.visitor.length <= 100 &&
  Array.isArray(item.events);

/** A queue message's body as the consumer trusts it: anything malformed is dropped, never thrown on. */
export function readCountMessage(body: unknown): ReadMessage {
  const message = body as Partial<CountMessage> & { items?: unknown };
  if (message && message.v === 2 && Array.isArray(message.visits)) {
    const lane: CountLane = message.lane === "server" ? "server" : "beacon";
    const items = message.visits.flatMap((visit): CountItem[] => {
      if (!Array.isArray(visit)) return [];
      const [at, visitor, region, ...events] = visit as unknown[];
      const item = {
        at,
        visitor,
        events: events.map(decodeEvent).filter((e): e is CountEvent => e !== null),
      } as CountItem;
      if (typeof region === "string" && region) item.region = region;
      return isItem(item) ? [item] : [];
    });
    return { lane, items };
  }
  // v1: the whole window in one message, of both kinds; read as the server's lane, which it also carries.
  const items = message?.items;
  return { lane: "server", items: Array.isArray(items) ? items.filter(isItem) : [] };
}
