// The realtime protocol, shared by the Worker (publishing), the room (coalescing, sending) and the browser
// (deciding what to reload). One small message per listing change; counts (likes, views, contacts) never
// travel here, and a listing that was hidden before and after a change is never named to visitors.
import { parseJsonObject } from "../data/json";

export const REALTIME_PARTY = "listings-room";

/**
 * The room is sharded: a fixed fan-out of identical rooms, each page joining one at random and every change
 * published to all of them, so no Durable Object holds more than its share of the open pages (100,000
 * pages over 32 shards is about 3,100 sockets each; docs/decisions/0014-scale-plan.md). Only these names
 * are accepted, so nobody can make a Durable Object per name they invent.
 */
export const REALTIME_SHARDS = 32;
export const SHARD_NAMES: readonly string[] = Array.from({ length: REALTIME_SHARDS }, (_, i) => `public-${i}`);
const SHARD_SET: ReadonlySet<string> = new Set(SHARD_NAMES);

export function isShardName(name: string): boolean {
  return SHARD_SET.has(name);
}

/** The shard for a page, from a number in [0, 1) (Math.random() in the browser): an even spread. */
export function pickShard(random: number): string {
  const i = Math.floor(random * REALTIME_SHARDS);
  return SHARD_NAMES[Number.isFinite(i) ? Math.min(REALTIME_SHARDS - 1, Math.max(0, i)) : 0];
}

export type ProfileUpdateEvent = {
  type: "profileUpdate";
  modelId: string;
  at: number;
  /** Public after the change. */
  visible: boolean;
  /** Newly public, or public in another region than before: it may belong on pages that do not show it yet. */
  entered: boolean;
  /** The region it is public in, only while it is public. */
  region: string | null;
};

/** What a visitor can see of a listing: public (verified and live) or not, and where. */
export type PublicState = { public: boolean; region: string | null };

/**
 * The event for a change from `before` to `after` (null: the listing did not exist), or null when nothing
 * a visitor can see changed hands: a listing hidden on both sides stays unnamed.
 */
export function profileUpdateFor(
  listingId: string,
  before: PublicState | null,
  after: PublicState | null,
  at: number,
): ProfileUpdateEvent | null {
  const wasPublic = before?.public === true;
  const isPublic = after?.public === true;
  if (!wasPublic && !isPublic) return null;
  const region = isPublic ? (after?.region ?? null) : null;
  return {
    type: "profileUpdate",
    modelId: listingId,
    at,
    visible: isPublic,
    entered: isPublic && (!wasPublic || before?.region !== region),
    region,
  };
}

/** Two events for one listing, merged: the later state wins, and having entered somewhere is kept. */
export function mergeEvents(older: ProfileUpdateEvent, newer: ProfileUpdateEvent): ProfileUpdateEvent {
  return { ...newer, entered: newer.visible && (newer.entered || (older.entered && older.region === newer.region)) };
}

const MAX_MESSAGE_LENGTH = 512;

/** A message from the room, or null for anything else (the browser trusts nothing it did not expect). */
export function parseProfileUpdate(data: unknown): ProfileUpdateEvent | null {
  if (typeof data !== "string" || data.length > MAX_MESSAGE_LENGTH) return null;
  const m = parseJsonObject(data);
  if (!m) return null;
  if (m.type !== "profileUpdate" || typeof m.modelId !== "string" || !/^[0-9a-z]{1,64}$/i.test(m.modelId)) return null;
  if (typeof m.at !== "number" || typeof m.visible !== "boolean" || typeof m.entered !== "boolean") return null;
  if (m.region !== null && typeof m.region !== "string") return null;
  return {
    type: "profileUpdate",
    modelId: m.modelId,
    at: m.at,
    visible: m.visible,
    entered: m.entered,
    region: m.region as string | null,
  };
}

/**
 * Whether an open page should reload for this event: the listing is on it, or it could now enter it (it
 * went public, or moved, in the page's region; `region` null means every region, as on the home page).
 */
export function pageShouldRefresh(
  event: ProfileUpdateEvent,
  page: { ids: ReadonlySet<string>; region: string | null },
): boolean {
  if (page.ids.has(event.modelId)) return true;
  return event.entered && (page.region === null || page.region === event.region);
}
