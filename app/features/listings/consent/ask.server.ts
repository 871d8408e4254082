// Asking a worker (docs/decisions/0058-worker-consent-and-agency-checks.md): the agency gives her own address,
// she gets a link; a save that changes the name or most photos asks her again. The address is kept for this
// alone, in worker_consents, which goes with the listing (ON DELETE CASCADE).
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { Placeholder, SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { z } from "zod";
import { getDb, schema } from "~/platform/data/db.server";
import type { Db } from "~/platform/data/db.server";
import { newLink } from "~/platform/data/one-time-links.server";
import { sendEmail, siteName } from "~/platform/email/email.server";
import { visibilitySet } from "../visibility.server";
import { askAgainReason, parseAgreedImageIds } from "../consent";
import type { AgreedTo } from "../consent";
import { consentAskEmail } from "./emails";
import { CONSENT_MSG, CONSENT_PATH } from "./link.server";

type AskEnv = Pick<Env, "DB" | "SITE_NAME"> & Parameters<typeof sendEmail>[0];

const wc = schema.workerConsents;
const l = schema.listings;
const u = schema.users;
const a = schema.agencies;
const RESEND_AFTER_MS = 10 * 60 * 1000;
const MAILS_PER_RUN = 50;

const askSchema = z.object({
  email: z.string().trim().toLowerCase().max(254, CONSENT_MSG.email).pipe(z.email(CONSENT_MSG.email)),
  onAgencyPage: z.boolean(),
});

export type AskResult =
  { ok: true } | { ok: false; status: 400 | 403 | 409 | 429 | 503; error: string; field?: "email" };

/**
 * The agency asks (or asks again) its worker. A new address starts over: the listing waits for her. The same
 * address gets a fresh link (the old one stops working); her agreement, if she gave it, stands.
 */
export async function askWorker(
  env: AskEnv,
  origin: string,
  owner: { id: string; email: string },
  listingId: string,
  input: { email: unknown; onAgencyPage: unknown },
  now = Date.now(),
): Promise<AskResult> {
  const parsed = askSchema.safeParse({ email: input.email ?? "", onAgencyPage: input.onAgencyPage === true });
  if (!parsed.success) return { ok: false, status: 400, error: CONSENT_MSG.email, field: "email" };
  const { email, onAgencyPage } = parsed.data;
  if (email === owner.email.trim().toLowerCase())
    return { ok: false, status: 400, error: CONSENT_MSG.ownAddress, field: "email" };
  const db = getDb(env);
  const [listing] = await db
    .select({
      id: l.id,
      firstName: l.firstName,
      agency: u.agency,
      agencyName: sql<string>`coalesce(${a.name}, ${u.firstName})`,
    })
    .from(l)
    .innerJoin(u, eq(u.id, l.userId))
    .leftJoin(a, eq(a.userId, l.userId))
    .where(and(eq(l.id, listingId), eq(l.userId, owner.id)))
    .limit(1);
  if (!listing) return { ok: false, status: 403, error: CONSENT_MSG.notYours };
  if (!listing.agency) return { ok: false, status: 403, error: CONSENT_MSG.notAgency };
  const [existing] = await db.select().from(wc).where(eq(wc.listingId, listingId)).limit(1);
  if (existing?.email === email && existing.mailedAt != null && now - existing.mailedAt < RESEND_AFTER_MS)
    return { ok: false, status: 429, error: CONSENT_MSG.tooSoon, field: "email" };

  // The same address gets a fresh link and keeps where she stands; a new one starts over, and the listing
  // waits for her.
  const sameAddress = existing?.email === email;
  const { token, hash } = await newLink();
  const fresh = {
    email,
    state: "asked" as const,
    askReason: "first" as const,
    askedAt: now,
    decidedAt: null,
    agreedName: null,
    agreedImageIds: null,
    onAgencyPage: false,
  };
  const link = { tokenHash: hash, proposedOnAgencyPage: onAgencyPage, mailedAt: null };
  const statements: BatchItem<"sqlite">[] = [
    existing
      ? // Only over the row as it was read: a decision of hers in between is not overwritten.
        db
          .update(wc)
          .set(sameAddress ? link : { ...fresh, ...link })
          .where(and(eq(wc.listingId, listingId), eq(wc.email, existing.email), eq(wc.state, existing.state)))
      : db
          .insert(wc)
          .values({ listingId, ...fresh, ...link })
          .onConflictDoNothing(),
  ];
  if (!sameAddress)
    statements.push(
      db
        .update(l)
        .set(visibilitySet({ awaitingConsent: true }, now))
        .where(and(eq(l.id, listingId), eq(l.awaitingConsent, false))),
    );
  const [written] = await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  if (!(written as { meta: { changes: number } }).meta.changes)
    return { ok: false, status: 409, error: CONSENT_MSG.already };
  const reason = sameAddress ? existing.askReason : "first";
  const names = { listingName: listing.firstName, agencyName: listing.agencyName };
  const sent = await mailLink(env, origin, { listingId, email, hash, token, reason, ...names }, now);
  return sent ? { ok: true } : { ok: false, status: 503, error: CONSENT_MSG.mailFailed };
}

async function mailLink(
  env: AskEnv,
  origin: string,
  o: {
    listingId: string;
    email: string;
    hash: string;
    token: string;
    listingName: string;
    agencyName: string;
    reason: "first" | "name" | "photos";
  },
  now: number,
): Promise<boolean> {
  const sent = await sendEmail(env, {
    to: o.email,
    ...consentAskEmail({
      siteName: siteName(env),
      agencyName: o.agencyName,
      listingName: o.listingName,
      reason: o.reason,
      href: `${origin}${CONSENT_PATH}/${o.token}`,
    }),
  });
  if (sent)
    await getDb(env)
      .update(wc)
      .set({ mailedAt: now })
      .where(and(eq(wc.listingId, o.listingId), eq(wc.tokenHash, o.hash)));
  return sent;
}

/**
 * Mails the asks a save made (a new name, most photos new) and any whose mail was lost: each gets a new link.
 * After a save for its one listing; on the cron for all.
 */
export async function mailWaitingAsks(
  env: AskEnv,
  origin: string,
  listingId?: string,
  now = Date.now(),
): Promise<number> {
  const db = getDb(env);
  const waiting = await db
    .select({
      listingId: wc.listingId,
      email: wc.email,
      reason: wc.askReason,
      listingName: l.firstName,
      agencyName: sql<string>`coalesce(${a.name}, ${u.firstName})`,
    })
    .from(wc)
    .innerJoin(l, eq(l.id, wc.listingId))
    .innerJoin(u, eq(u.id, l.userId))
    .leftJoin(a, eq(a.userId, l.userId))
    .where(and(eq(wc.state, "asked"), isNull(wc.tokenHash), listingId ? eq(wc.listingId, listingId) : undefined))
    .limit(MAILS_PER_RUN);
  let mailed = 0;
  for (const w of waiting) {
    const { token, hash } = await newLink();
    const [claimed] = await db
      .update(wc)
      .set({ tokenHash: hash })
      .where(and(eq(wc.listingId, w.listingId), isNull(wc.tokenHash), eq(wc.state, "asked")))
      .returning({ id: wc.listingId });
    if (!claimed) continue;
    if (await mailLink(env, origin, { ...w, hash, token }, now)) mailed++;
  }
  return mailed;
}

/** What she agreed to, for a save to compare with; null when she has not agreed (nothing to ask again). */
export async function agreedBaseline(db: Db, listingId: string): Promise<AgreedTo | null> {
  const [row] = await db
    .select({ name: wc.agreedName, imageIds: wc.agreedImageIds })
    .from(wc)
    .where(and(eq(wc.listingId, listingId), eq(wc.state, "agreed")))
    .limit(1);
  return row ? { name: row.name ?? "", imageIds: parseAgreedImageIds(row.imageIds) } : null;
}

/**
 * The save's part, in its batch: a new name or most photos new since she agreed asks her again, and the
 * listing waits for her (hidden at once). The new link goes out after the commit (mailWaitingAsks).
 */
export function askAgainStatements(
  db: Db,
  listingId: string,
  agreed: AgreedTo | null,
  after: AgreedTo,
  now: number,
): BatchItem<"sqlite">[] {
  if (!agreed) return [];
  const reason = askAgainReason(agreed, after);
  if (!reason) return [];
  return [
    db
      .update(wc)
      .set({ state: "asked", askReason: reason, askedAt: now, tokenHash: null, mailedAt: null, decidedAt: null })
      .where(and(eq(wc.listingId, listingId), eq(wc.state, "agreed"))),
    db
      .update(l)
      .set(visibilitySet({ awaitingConsent: true }, now))
      .where(and(eq(l.id, listingId), ne(l.awaitingConsent, true))),
  ];
}

export type ConsentSummary = {
  listingId: string;
  state: "asked" | "agreed" | "declined" | "withdrawn";
  email: string;
  mailedAt: number | null;
  proposedOnAgencyPage: boolean;
  onAgencyPage: boolean;
};

/** The agency's own view of its workers' consents, by listing (the address is the one it gave). */
export function consentSummariesQuery(db: Db, owner: SQL | Placeholder | string) {
  return db
    .select({
      listingId: wc.listingId,
      state: wc.state,
      email: wc.email,
      mailedAt: wc.mailedAt,
      proposedOnAgencyPage: wc.proposedOnAgencyPage,
      onAgencyPage: wc.onAgencyPage,
    })
    .from(wc)
    .innerJoin(l, eq(l.id, wc.listingId))
    .where(eq(l.userId, owner));
}

/** The rows of consentSummariesQuery, by listing. */
export function toConsentSummaries(rows: ConsentSummary[]): Record<string, Omit<ConsentSummary, "listingId">> {
  return Object.fromEntries(rows.map(({ listingId, ...c }) => [listingId, c]));
}
