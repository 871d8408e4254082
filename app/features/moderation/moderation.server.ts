// Administrator actions on listings (spec public §4): verify / unverify, live, hot, delete. Every one is
// enforced here, whatever the caller (the admin grid's forms or the JSON API), and every one is:
//   1. one D1 batch: the change (guarded by the state it was decided on, so a race cannot break a rule),
//      its audit row (written only if the change happened), and the updated_at bump that makes readers
//      distrust an older KV snapshot;
//   2. then the KV snapshot rewritten or dropped, and a profileUpdate published so open pages reload.
import { and, eq } from "drizzle-orm";
import { isId } from "~/platform/data/ids";
import { MODERATION_MSG, adminFlagChange } from "./moderation";
import { auditInsert, CHANGED } from "~/features/audit/audit.server";
import type { SessionUser } from "~/features/accounts/auth.server";
import { visibilitySet } from "~/features/listings/visibility.server";
import type { VisibilityChange } from "~/features/listings/visibility.server";
import { getDb, rowById, schema } from "~/platform/data/db.server";
import { deleteListing } from "~/features/listings/delete.server";
import { afterListingChange } from "~/features/profile/after-change.server";
import { publicState } from "~/platform/realtime/publish.server";
import { ERROR_MSG } from "~/features/site/messages";
import type { WaitUntil } from "~/platform/request-context";
import type { DbEnv } from "~/platform/data/db.server";
import { adminDeleteAudit } from "~/features/audit/audit";
import type { AdminAction } from "~/features/audit/audit";
import type { ModeratedState } from "./moderation";

type ModerationEnv = Pick<Env, "DB" | "PROFILES" | "ListingsRoom">;
type Admin = Pick<SessionUser, "id" | "isAdmin">;

const l = schema.listings;

export type ModeratedListing = ModeratedState & {
  listingId: string;
  firstName: string;
  location: string;
  paid: boolean;
};

export type ModerationResult =
  | { ok: true; listing: ModeratedListing; changed: boolean }
  | { ok: false; status: 400 | 403 | 404 | 409; error: string };

/** Whether an ID verification request of the listing waits for review (the grid's Verify says so first). */
export async function idRequestWaiting(env: DbEnv, listingId: string): Promise<boolean> {
  const vr = schema.verificationRequests;
  const rows = await getDb(env)
    .select({ id: vr.id })
    .from(vr)
    .where(and(eq(vr.listingId, listingId), eq(vr.kind, "id"), eq(vr.status, "pending")))
    .limit(1);
  return rows.length > 0;
}

export async function readModeratedListing(env: DbEnv, listingId: string): Promise<ModeratedListing | null> {
  if (!isId(listingId)) return null;
  return rowById(
    env,
    l,
    {
      listingId: l.id,
      firstName: l.firstName,
      location: l.location,
      verified: l.verified,
      live: l.live,
      hot: l.hot,
      active: l.active,
      activeUntil: l.activeUntil,
      paid: l.paid,
    },
    listingId,
  );
}

/**
 * Applies one flag action for an administrator. `action` may depend on the current state (the JSON API's
 * toggles flip whatever is stored). A refused rule is 409; an action that changes nothing answers the
 * current state and writes nothing.
 */
export async function moderateListing(
  env: ModerationEnv,
  ctx: WaitUntil,
  admin: Admin,
  listingId: string,
  action: Exclude<AdminAction, "delete"> | ((current: ModeratedListing) => Exclude<AdminAction, "delete">),
  now = Date.now(),
): Promise<ModerationResult> {
  // Every caller checks the role first; this is the last line, so a new caller cannot forget it.
  if (!admin.isAdmin) return { ok: false, status: 403, error: MODERATION_MSG.forbidden };
  if (!isId(listingId)) return { ok: false, status: 400, error: ERROR_MSG.invalidListingId };
  const current = await readModeratedListing(env, listingId);
  if (!current) return { ok: false, status: 404, error: MODERATION_MSG.notFound };
  const chosen = typeof action === "function" ? action(current) : action;
  // Public only while paid for (docs/billing.md): a moderator cannot put an unpaid listing live either.
  if (chosen === "live" && !current.live && !current.paid) {
    return { ok: false, status: 409, error: MODERATION_MSG.liveNeedsPlan };
  }
  const change = adminFlagChange(current, chosen, now);
  if (!change.ok) return { ok: false, status: 409, error: change.error };
  if (!change.changed) return { ok: true, listing: current, changed: false };

  const next = change.next;
  const db = getDb(env);
  const [updated] = await db.batch([
    // Guarded by the state the rule was applied to: if anything moved meanwhile, nothing is written.
    db
      .update(l)
      .set({ ...visibilitySet(visibilityChange(chosen), now), hot: next.hot, updatedAt: now })
      .where(
        and(eq(l.id, listingId), eq(l.verified, current.verified), eq(l.live, current.live), eq(l.hot, current.hot)),
      ),
    // changes() is the row count of the UPDATE just before: no change, no record.
    auditInsert(db, { adminId: admin.id, action: chosen, listingId, detail: current.firstName }, now, CHANGED),
  ]);
  if (!updated.meta.changes) {
    return (await readModeratedListing(env, listingId))
      ? { ok: false, status: 409, error: MODERATION_MSG.changed }
      : { ok: false, status: 404, error: MODERATION_MSG.notFound };
  }
  await afterListingChange(env, ctx, listingId, publicState(current));
  // What the rule made of it: 'Make Live' on a listing on a break, say, leaves it hidden.
  return { ok: true, listing: (await readModeratedListing(env, listingId)) ?? { ...current, ...next }, changed: true };
}

/** The visibility input an administrator's action sets (app/features/listings/visibility.ts). */
function visibilityChange(action: Exclude<AdminAction, "delete">): VisibilityChange {
  switch (action) {
    case "verify":
    case "unverify":
      return { verified: action === "verify" };
    case "live":
    case "unlive":
      return { switchedOff: action === "unlive" };
    default:
      return {};
  }
}

/** An administrator deletes a listing: the shared delete, with its audit row in the same batch. */
export async function moderateDelete(
  env: Pick<Env, "DB" | "PHOTOS" | "PROFILES" | "ListingsRoom" | "R2_DELETES">,
  ctx: WaitUntil,
  admin: Admin,
  listingId: string,
) {
  if (!admin.isAdmin) return { ok: false as const, status: 403 as const, error: MODERATION_MSG.forbidden };
  const current = await readModeratedListing(env, listingId);
  if (!current) return { ok: false as const, status: 404 as const, error: MODERATION_MSG.notFound };
  const outcome = await deleteListing(env, ctx, listingId, { audit: adminDeleteAudit(admin) });
  if (!outcome.deleted) return { ok: false as const, status: 404 as const, error: MODERATION_MSG.notFound };
  return { ok: true as const, name: current.firstName };
}
