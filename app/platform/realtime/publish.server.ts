// Tells open pages that a listing changed, through the partyserver room's RPC. Publishing is a side effect
// of a write that already succeeded: it runs after the answer (waitUntil) and a failure is logged, never
// turned into an error for the person who made the change. Counts (likes, views, contacts) never publish.
import { profileUpdateFor, SHARD_NAMES } from "./protocol";
import type { ProfileUpdateEvent, PublicState } from "./protocol";
import type { ListingsRoom } from "../../../workers/listings-room";
import { rowById, schema } from "../data/db.server";
import { holdAfterWrites } from "../page-cache/page-versions.server";
import type { WaitUntil } from "~/platform/request-context";
import type { DbEnv } from "~/platform/data/db.server";

/** Public means live (live needs verified); the region is where the grid shows it. */
export function publicState(row: { live: boolean; location: string } | null | undefined): PublicState | null {
  return row ? { public: row.live, region: row.location } : null;
}

/** What decides a listing's public state, as stored (null when it is gone): read before a change, and after. */
export function readPublicRow(env: DbEnv, listingId: string) {
  const l = schema.listings;
  return rowById(env, l, { live: l.live, location: l.location }, listingId);
}

async function currentState(env: DbEnv, listingId: string): Promise<PublicState | null> {
  return publicState(await readPublicRow(env, listingId));
}

/**
 * Sends one change to every shard of the room (each coalesces and broadcasts to its own listeners), and
 * answers how many messages went out now in all. One RPC per shard, all at once. A shard that fails is
 * logged and the others still get the change; only when every shard fails is it an error.
 */
export async function sendToRoom(env: Pick<Env, "ListingsRoom">, event: ProfileUpdateEvent): Promise<number> {
  const namespace = env.ListingsRoom as unknown as DurableObjectNamespace<ListingsRoom>;
  // A plain stub, not partyserver's getServerByName: that adds a setName RPC per shard, and publish needs no
  // name (the id made from the name carries it).
  const results = await Promise.allSettled(
    SHARD_NAMES.map((name) => namespace.get(namespace.idFromName(name)).publish(event)),
  );
  let sent = 0;
  const failed: unknown[] = [];
  for (const r of results) {
    if (r.status === "fulfilled") sent += r.value;
    else failed.push(r.reason);
  }
  if (failed.length === results.length) throw failed[0];
  if (failed.length)
    console.error("profileUpdate reached", results.length - failed.length, "of", results.length, "shards", failed[0]);
  return sent;
}

/**
 * After a write to a listing: reads what visitors can now see of it and tells the room, unless the
 * listing was hidden before and after (its id is never sent to visitors). `before` is what visitors could
 * see before the write: null for a new listing, omitted when the write cannot change visibility (an edit
 * of content, a photo, Active Now).
 */
export function publishProfileUpdate(
  // The full env in practice: PAGE_CACHE_REUSE_MS is read when present (the default otherwise).
  env: Pick<Env, "DB" | "ListingsRoom"> & Partial<Pick<Env, "PAGE_CACHE_REUSE_MS">>,
  ctx: WaitUntil,
  listingId: string,
  before?: PublicState | null,
  now = Date.now(),
): void {
  ctx.waitUntil(
    (async () => {
      // Pages refetch on the event: it waits, as the writer's answer does, until every isolate's reused
      // version read is newer than the write (page-cache.server.ts).
      await holdAfterWrites(env, Date.now());
      const after = await currentState(env, listingId);
      const event = profileUpdateFor(listingId, before === undefined ? after : before, after, now);
      if (event) await sendToRoom(env, event);
    })().catch((error: unknown) => {
      console.error("profileUpdate publish failed", listingId, error);
    }),
  );
}
