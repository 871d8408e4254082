// What insights count, and the rules that need no I/O: what a beacon may say, and how a queue batch becomes
// the day's dedupe marks (docs/decisions/0024-counting-off-the-request-path.md).
import { countDay } from "~/platform/http/client-address";
import { isId } from "~/platform/data/ids";
import { storedRegion } from "./regions";
import { COUNT_KINDS, MAX_BEACON_EVENTS, photoKeyOf } from "./beacon-events";
import type { CountEvent, CountKind } from "./beacon-events";

export { COUNT_KINDS, MAX_BEACON_EVENTS, photoKeyOf, type CountEvent, type CountKind } from "./beacon-events";

/**
 * One visitor's events at one moment, and for a view the visitor's region (regions.ts), which the consumer adds
 * to the day's count by region and does not keep with the mark. On the queue they travel compactly
 * (count-wire.ts).
 */
export type CountItem = { at: number; visitor: string; events: CountEvent[]; region?: string };

export type BeaconResult = { ok: true; events: CountEvent[] } | { ok: false; error: string };

/**
 * A beacon's body, `{ events: [{ kind, listing, photo? }] }`, checked. Only what a browser reports can come
 * this way: impressions, photo opens, favourites and card opens (views, contacts and likes are counted by the server
 * when it answers them, so a script cannot add them twice).
 */
export function parseBeacon(body: unknown): BeaconResult {
  const events = (body as { events?: unknown } | null)?.events;
  if (!Array.isArray(events)) return { ok: false, error: "events must be a list" };
  if (events.length > MAX_BEACON_EVENTS) return { ok: false, error: `At most ${MAX_BEACON_EVENTS} events at once` };
  const out: CountEvent[] = [];
  for (const raw of events as unknown[]) {
    const e = raw as { kind?: unknown; listing?: unknown; photo?: unknown } | null;
    if (!e || (e.kind !== "impression" && e.kind !== "photo" && e.kind !== "favourite" && e.kind !== "open")) {
      return { ok: false, error: "Each event's kind must be impression, photo, favourite or open" };
    }
    if (!isId(e.listing)) return { ok: false, error: "Each event needs a listing id" };
    const photo = e.photo === undefined || e.photo === null ? undefined : photoKeyOf(e.photo);
    if (e.photo !== undefined && e.photo !== null && !photo) return { ok: false, error: "Unknown photo" };
    if (e.kind === "photo" && !photo) return { ok: false, error: "A photo event needs its photo" };
    if (e.kind === "open" && !photo) return { ok: false, error: "An open event needs the card's cover" };
    out.push(photo ? { kind: e.kind, listing: e.listing, photo } : { kind: e.kind, listing: e.listing });
  }
  return { ok: true, events: out };
}

/**
 * One day's mark: the keyed hash of (kind, listing, visitor, day[, photo]) and what it counts. A view's mark
 * carries the visitor's region to the flush, which adds it to the region's count; the mark row never stores it.
 */
export type CountMark = {
  key: string;
  day: string;
  listing: string;
  kind: CountKind;
  photo: string | null;
  region?: string;
};

/**
 * The mark's key. A view keeps the key profile views have used since marks began ('views:…', migration 0014),
 * so a visitor counted before a deploy is not counted again after it; a photo open is one per photo.
 */
export function countMarkKeyFor(kind: CountKind, listing: string, visitor: string, day: string, photo?: string) {
  const prefix = kind === "view" ? "views" : `i-${kind}`;
  const base = `${prefix}:${listing}:${visitor}:${day}`;
  return kind === "photo" ? `${base}:${photo ?? ""}` : base;
}

/**
 * Every item's events as marks, one per visitor, listing, kind and day (per photo for photo opens): the first
 * of a batch's repeats wins, and the database skips a mark it already has, so each counts once a day.
 */
export function marksOf(items: CountItem[]): CountMark[] {
  const marks = new Map<string, CountMark>();
  for (const item of items) {
    const day = countDay(item.at);
    for (const e of item.events) {
      if (!e || !COUNT_KINDS.includes(e.kind) || !isId(e.listing)) continue;
      const photo = photoKeyOf(e.photo) ?? null;
      if ((e.kind === "photo" || e.kind === "open") && !photo) continue;
      const key = countMarkKeyFor(e.kind, e.listing, item.visitor, day, photo ?? undefined);
      if (marks.has(key)) continue;
      const mark: CountMark = { key, day, listing: e.listing, kind: e.kind, photo };
      if (e.kind === "view") mark.region = storedRegion(item.region);
      marks.set(key, mark);
    }
  }
  return [...marks.values()];
}

/** Splits a list into runs of at most `size` (statements have a size limit). */
export function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}
