// The side-by-side queue (/admin/matches, docs/decisions/0057-stolen-photos-caught-at-upload.md): each pending
// item (a held photo or a held contact number, decision 0062) with both listings, oldest first, and the owner's view of their own held photos.
import { asc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { data, redirect } from "@remix-run/cloudflare";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { photoUrl } from "~/core/photo-keys";
import { formatPhone } from "~/core/profile";
import { getDb, schema } from "~/platform/data/db.server";
import type { DbEnv } from "~/platform/data/db.server";
import { NO_STORE } from "~/platform/http/page-answer";
import { formatNzTime } from "~/platform/time/date-text";
import { readAdminForm, requireAdminPage } from "~/features/accounts/guards.server";
import { readFlash, setFlash } from "~/features/site/flash.server";
import { ERROR_MSG } from "~/features/site/messages";
import { decideMatch, isMatchDecision } from "./decide.server";
import type { CaseOpener } from "./decide.server";

const QUEUE_LIMIT = 50;

/** One listing of an item: its photo (kind 'photo') or its number (kind 'phone', the held one on the held side). */
export type MatchSide = {
  listingId: string;
  name: string;
  email: string;
  photo: string | null;
  phone: string | null;
} | null;
export type MatchItem = {
  id: string;
  kind: "photo" | "phone";
  distance: number | null;
  /** A photo that stays shown while it waits (found by the backfill, decision 0066), not a held one. */
  shown: boolean;
  received: string;
  held: NonNullable<MatchSide>;
  other: MatchSide;
};

export async function loadMatchQueue(env: DbEnv): Promise<MatchItem[]> {
  const r = schema.identityReviews;
  const l = schema.listings;
  const o = alias(schema.listings, "o");
  const u = schema.users;
  const ou = alias(schema.users, "ou");
  const h = schema.heldPhotos;
  const oi = schema.listingImages;
  const si = alias(schema.listingImages, "si");
  const rows = await getDb(env)
    .select({
      id: r.id,
      kind: r.kind,
      distance: r.distance,
      createdAt: r.createdAt,
      listingId: l.id,
      name: l.firstName,
      email: u.email,
      heldKey: h.r2Key,
      shownKey: si.r2Key,
      shownId: r.imageId,
      heldPhone: r.heldPhone,
      otherId: o.id,
      otherName: o.firstName,
      otherEmail: ou.email,
      otherPhone: o.contactPhone,
      otherKey: oi.r2Key,
    })
    .from(r)
    .innerJoin(l, eq(l.id, r.listingId))
    .innerJoin(u, eq(u.id, l.userId))
    .leftJoin(h, eq(h.id, r.heldPhotoId))
    .leftJoin(si, eq(si.id, r.imageId))
    .leftJoin(o, eq(o.id, r.otherListingId))
    .leftJoin(ou, eq(ou.id, o.userId))
    .leftJoin(oi, eq(oi.id, r.otherImageId))
    .where(eq(r.status, "pending"))
    .orderBy(asc(r.createdAt))
    .limit(QUEUE_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    distance: row.distance,
    shown: row.shownId != null,
    received: formatNzTime(row.createdAt),
    held: {
      listingId: row.listingId,
      name: row.name,
      email: row.email,
      photo: row.heldKey ? photoUrl(row.heldKey) : row.shownKey ? photoUrl(row.shownKey) : null,
      phone: row.heldPhone ? formatPhone(row.heldPhone) : null,
    },
    other: row.otherId
      ? {
          listingId: row.otherId,
          name: row.otherName ?? "",
          email: row.otherEmail ?? "",
          photo: row.otherKey ? photoUrl(row.otherKey) : null,
          phone: row.kind === "phone" && row.otherPhone ? formatPhone(row.otherPhone) : null,
        }
      : null,
  }));
}

export async function matchesPage(request: Request, context: AppLoadContext) {
  await requireAdminPage(request, context);
  const flash = await readFlash(request, context.cloudflare.env);
  const items = await loadMatchQueue(context.cloudflare.env);
  return data({ items, notice: flash.notice }, { headers: flash.headers });
}

const NOTICE = { release: "matchReleased", remove: "matchRemoved", impersonation: "matchTakenDown" } as const;

/** `openCase`: what 'Impersonation' opens besides (the route passes the takedown case, decision 0066). */
export async function matchesAction(request: Request, context: AppLoadContext, openCase?: CaseOpener) {
  const { env, ctx } = context.cloudflare;
  const { admin, form, intent } = await readAdminForm(request, context);
  if (!isMatchDecision(intent)) return data({ error: ERROR_MSG.unknownAction }, { status: 400, headers: NO_STORE });
  const result = await decideMatch(env, ctx, admin.id, form?.get("reviewId"), intent, Date.now(), openCase);
  if (!result.ok) return data({ error: result.error }, { status: result.status, headers: NO_STORE });
  throw redirect("/admin/matches", {
    status: 303,
    headers: await setFlash(new Headers(NO_STORE), env, NOTICE[intent]),
  });
}
