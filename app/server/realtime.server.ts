// Tells open pages that a listing changed, through the partyserver room's RPC. Publishing is a side effect
// of a write that already succeeded: it runs after the answer (waitUntil) and a failure is logged, never
// turned into an error for the person who made the change. Counts (likes, views, contacts) never publish.
import { eq } from "drizzle-orm";
import { getServerByName } from "partyserver";
import { PUBLIC_ROOM, profileUpdateFor, type ProfileUpdateEvent, type PublicState } from "~/lib/realtime-protocol";
import type { ListingsRoom } from "../../workers/listings-room";
import { getDb, schema } from "./db.server";

type Ctx = { waitUntil(promise: Promise<unknown>): void };

/** Public means live (live needs verified); the region is where the grid shows it. */
export function publicState(row: { live: boolean; location: string } | null | undefined): PublicState | null {
  return row ? { public: row.live, region: row.location } : null;
}

async function currentState(env: Pick<Env, "DB">, modelId: string): Promise<PublicState | null> {
  const l = schema.listings;
  const [row] = await getDb(env)
    .select({ live: l.live, location: l.location })
    .from(l)
    .where(eq(l.id, modelId))
    .limit(1);
  return publicState(row);
}

export async function sendToRoom(env: Pick<Env, "ListingsRoom">, event: ProfileUpdateEvent): Promise<number> {
  const namespace = env.ListingsRoom as unknown as DurableObjectNamespace<ListingsRoom>;
  const room = await getServerByName(namespace, PUBLIC_ROOM);
  return room.publish(event);
}

/**
 * After a write to a listing: reads what visitors can now see of it and tells the room, unless the
 * listing was hidden before and after (its id is never sent to visitors). `before` is what visitors could
 * see before the write: null for a new listing, omitted when the write cannot change visibility (an edit
 * of content, a photo, Active Now).
 */
export function publishProfileUpdate(
  env: Pick<Env, "DB" | "ListingsRoom">,
  ctx: Ctx,
  modelId: string,
  before?: PublicState | null,
  now = Date.now(),
): void {
  ctx.waitUntil(
    (async () => {
      const after = await currentState(env, modelId);
      const event = profileUpdateFor(modelId, before === undefined ? after : before, after, now);
      if (event) await sendToRoom(env, event);
    })().catch((error: unknown) => {
      console.error("profileUpdate publish failed", modelId, error);
    }),
  );
}
