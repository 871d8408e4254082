// The provider's switch: whether a listing's profile offers 'Request a booking'. Off until they turn it on.
// Like the dashboard's other switches, it moves updated_at on (an older KV snapshot is not trusted), rewrites
// the snapshot, and tells open profile pages, which then show or drop the link.
import { and, eq } from "drizzle-orm";
import { writeProfileSnapshot } from "~/features/profile/profile.server";
import { getDb, schema } from "~/platform/data/db.server";
import { publishProfileUpdate } from "~/platform/realtime/publish.server";
import type { WaitUntil } from "~/platform/request-context";

const l = schema.listings;

export const SWITCH_MSG = {
  notYours: "You do not have access to this listing",
  on: (name: string) => `${name} now takes booking requests.`,
  off: (name: string) => `${name} no longer takes booking requests. Requests already here stay.`,
} as const;

export async function setTakesRequests(
  env: Pick<Env, "DB" | "PROFILES" | "ListingsRoom">,
  ctx: WaitUntil,
  userId: string,
  listingId: string,
  on: boolean,
  now: number,
): Promise<{ ok: true; message: string } | { ok: false; status: 403; error: string }> {
  const [row] = await getDb(env)
    .update(l)
    .set({ takesRequests: on, updatedAt: now })
    .where(and(eq(l.id, listingId), eq(l.userId, userId)))
    .returning({ firstName: l.firstName });
  if (!row) return { ok: false, status: 403, error: SWITCH_MSG.notYours };
  try {
    await writeProfileSnapshot(env, listingId);
  } catch (error) {
    // KV only speeds up reads, and readers check updated_at against D1 first.
    console.error("bookings: snapshot rewrite failed", listingId, error);
  }
  publishProfileUpdate(env, ctx, listingId);
  return { ok: true, message: on ? SWITCH_MSG.on(row.firstName) : SWITCH_MSG.off(row.firstName) };
}
