// The stale-listing check (the rules in app/features/listings/upkeep.ts). On the cron: a live listing
// neither saved nor confirmed for 30 days gets one e-mail with a 'Still available' link (a one-time link,
// app/platform/data/one-time-links.server.ts, and not a login: it confirms that one listing and nothing else); seven
// days after the question, unanswered, the listing is switched off as 'Hidden - confirm your listing'. The
// link (for 14 days after it was sent) or the dashboard's 'Confirm listing' brings it back, while it is
// still verified and paid.
import type { WaitUntil } from "~/platform/request-context";
import { and, eq, gt, gte, isNotNull, isNull, lt, lte, or } from "drizzle-orm";
import { CONFIRM_WITHIN_DAYS, STALE_AFTER_DAYS, STALE_LINK_DAYS } from "./upkeep";
import { getDb, schema } from "~/platform/data/db.server";
import { linkHash, newLink, peekLink, usableWhere } from "~/platform/data/one-time-links.server";
import type { LinkKind } from "~/platform/data/one-time-links.server";
import { sendEmail, siteName } from "~/platform/email/email.server";
import { greetingName, render } from "~/platform/email/template";
import type { EmailContent } from "~/platform/email/template";
import { visibilitySet } from "./visibility.server";
import { announceChange, refusal } from "./relist.server";
import type { DbEnv } from "~/platform/data/db.server";

type CheckEnv = Pick<Env, "DB" | "PROFILES" | "ListingsRoom" | "SITE_NAME"> & Parameters<typeof sendEmail>[0];

const l = schema.listings;
const u = schema.users;
const DAY = 86_400_000;
/** Reminders per cron run: a backlog goes out over a few runs rather than in one burst. */
const REMINDERS_PER_RUN = 50;

export const STALE_PATH = "/listing-check";

/**
 * The 'Still available' link: its hash is kept on the listing itself, good for STALE_LINK_DAYS after it was
 * sent, and spending it clears the hash (so a used link is as unknown as a made-up one).
 */
export const STALE_LINK: LinkKind<typeof l> = {
  table: l,
  hash: l.staleTokenHash,
  usedAt: null,
  fresh: (now) => gt(l.staleRemindedAt, now - STALE_LINK_DAYS * DAY),
  spend: () => ({ staleTokenHash: null }),
};

export const STALE_ERRORS = {
  link: "This link has been used or is not valid. Sign in and confirm your listing from your dashboard.",
  expired:
    `This link has expired: a link to confirm a listing works for ${STALE_LINK_DAYS} days after we send it. ` +
    "Sign in and press 'Still available' beside the listing on your dashboard to confirm it instead.",
  notYours: "That listing is not yours.",
  notNeeded: "This listing does not need confirming.",
} as const;

/**
 * The cron's part: ask the listings that fell due, then switch off those that did not answer in time.
 * `origin` is the site's, for the links (the cron has no request to take it from).
 */
export async function runStaleCheck(
  env: CheckEnv,
  ctx: WaitUntil,
  origin: string,
  now = Date.now(),
): Promise<{ asked: number; hidden: number }> {
  const db = getDb(env);
  const due = await db
    .select({ id: l.id, firstName: l.firstName, email: u.email, ownerName: u.firstName })
    .from(l)
    .innerJoin(u, eq(u.id, l.userId))
    .where(
      and(
        eq(l.live, true),
        lte(l.confirmedAt, now - STALE_AFTER_DAYS * DAY),
        or(isNull(l.staleRemindedAt), lt(l.staleRemindedAt, l.confirmedAt)),
      ),
    )
    .limit(REMINDERS_PER_RUN);
  let asked = 0;
  for (const listing of due) {
    const { token, hash } = await newLink();
    // Only if nothing confirmed it meanwhile: the same condition, inside the write.
    const [set] = await db
      .update(l)
      .set({ staleRemindedAt: now, staleTokenHash: hash })
      .where(
        and(
          eq(l.id, listing.id),
          eq(l.live, true),
          or(isNull(l.staleRemindedAt), lt(l.staleRemindedAt, l.confirmedAt)),
        ),
      )
      .returning({ id: l.id });
    if (!set) continue;
    asked++;
    await sendEmail(env, {
      to: listing.email,
      ...staleCheckEmail({
        origin,
        firstName: listing.ownerName,
        siteName: siteName(env),
        listingName: listing.firstName,
        href: `${origin}${STALE_PATH}/${token}`,
      }),
    });
  }
  const hidden = await db
    .update(l)
    .set({ ...visibilitySet({ hiddenAsStale: true }, now), updatedAt: now })
    .where(
      and(
        eq(l.live, true),
        isNotNull(l.staleRemindedAt),
        gte(l.staleRemindedAt, l.confirmedAt),
        lte(l.staleRemindedAt, now - CONFIRM_WITHIN_DAYS * DAY),
      ),
    )
    .returning({ id: l.id, location: l.location });
  for (const h of hidden) await announceChange(env, ctx, h.id, { live: true, location: h.location }, now);
  return { asked, hidden: hidden.length };
}

/** 'Still available': confirms the listing and relists it if the check had hidden it. */
async function confirm(env: CheckEnv, ctx: WaitUntil, where: ReturnType<typeof and>, now: number) {
  const [row] = await getDb(env)
    .update(l)
    .set({
      confirmedAt: now,
      ...STALE_LINK.spend(now),
      ...visibilitySet({ hiddenAsStale: false }, now),
      updatedAt: now,
    })
    .where(where)
    .returning({ id: l.id, location: l.location, live: l.live, firstName: l.firstName });
  if (row) await announceChange(env, ctx, row.id, { live: false, location: row.location }, now);
  return row ?? null;
}

export type LinkRefusal = { ok: false; status: 400 | 410; error: string };

/** Why an e-mailed link does not work now, or null if it does. Reads only. */
export async function staleLinkRefusal(env: DbEnv, token: string, now = Date.now()): Promise<LinkRefusal | null> {
  const link = await peekLink(getDb(env), STALE_LINK, token, { now, fields: {} });
  if (link.ok) return null;
  // 410 Gone: the link was real, and its time is over (the owner is told where to confirm instead).
  if (link.why === "expired") return { ok: false, status: 410, error: STALE_ERRORS.expired };
  return { ok: false, status: 400, error: STALE_ERRORS.link };
}

/**
 * The e-mailed link: single-use, and only for STALE_LINK_DAYS after it was sent, so a replay, an expired
 * link or a made-up token is refused and changes nothing.
 */
export async function confirmByLink(
  env: CheckEnv,
  ctx: WaitUntil,
  token: string,
  now = Date.now(),
): Promise<{ ok: true; name: string; live: boolean } | LinkRefusal> {
  const refused = await staleLinkRefusal(env, token, now);
  if (refused) return refused;
  // The link's freshness is part of the write's condition too: one used or expired since the read above
  // changes nothing, and is told why.
  const row = await confirm(env, ctx, usableWhere(STALE_LINK, (await linkHash(token))!, now), now);
  if (!row) return (await staleLinkRefusal(env, token, now)) ?? { ok: false, status: 400, error: STALE_ERRORS.link };
  return { ok: true, name: row.firstName, live: row.live };
}

/** 'Confirm listing' on the dashboard, for the owner of a listing the check asked about or hid. */
export async function confirmFromDashboard(
  env: CheckEnv,
  ctx: WaitUntil,
  userId: string,
  listingId: string,
  now = Date.now(),
): Promise<{ ok: true } | { ok: false; status: number; error: string; field?: string }> {
  const asked = or(eq(l.hiddenAsStale, true), and(isNotNull(l.staleRemindedAt), gte(l.staleRemindedAt, l.confirmedAt)));
  const row = await confirm(env, ctx, and(eq(l.id, listingId), eq(l.userId, userId), asked), now);
  if (row) return { ok: true };
  return refusal(env, userId, listingId, STALE_ERRORS.notNeeded, STALE_ERRORS.notYours);
}

/** The stale-listing check's question (docs/dashboard.md): one link, single-use, that confirms this listing only. */
export function staleCheckEmail(o: {
  origin: string;
  firstName: string;
  siteName: string;
  listingName: string;
  href: string;
}): EmailContent {
  return render(
    `Is ${o.listingName} still available on ${o.siteName}?`,
    [
      `Hi ${greetingName(o.firstName)},`,
      "",
      `Your listing ${o.listingName} has not been saved or confirmed for 30 days.`,
      `If it is still current, confirm it with the link below (it works for ${STALE_LINK_DAYS} days and does not sign you in).`,
      "Without an answer within 7 days it is hidden until you confirm it from your dashboard.",
    ],
    { href: o.href, label: "Still available" },
  );
}
