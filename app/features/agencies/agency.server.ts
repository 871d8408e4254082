// An agency's details, its certificate check and suspension (docs/decisions/0058-worker-consent-and-agency-checks.md).
// Whether the agency may publish is stored on each of its listings (`agency_held`, an input of the one
// visibility rule), written in the same batch as the change that decides it, so a listing is never public
// for an agency that may not publish.
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Placeholder, SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { WaitUntil } from "~/platform/request-context";
import { getDb, schema } from "~/platform/data/db.server";
import type { Db } from "~/platform/data/db.server";
import { nzDate } from "~/platform/time/nz-time";
import { auditInsert, CHANGED } from "~/features/audit/audit.server";
import { visibilitySet } from "~/features/listings/visibility.server";
import { announceChange } from "~/features/listings/relist.server";
import { AGENCY_MSG, certificateChanged, freeSlug, mayPublish, parseAgency, slugFromName } from "./agency";
import type { AgencyDetails, AgencyValues } from "./agency";

type AgencyEnv = Pick<Env, "DB" | "PROFILES" | "ListingsRoom">;

const a = schema.agencies;
const l = schema.listings;

export type StoredAgency = AgencyDetails & {
  certificateCheckedAt: number | null;
  suspendedAt: number | null;
  /** Its public page's slug; null until it saves its details (docs/decisions/0059-agency-page.md). */
  slug: string | null;
};

/** The agency's own row, by its owner (the session's subquery, a placeholder or an id). */
export function agencyQuery(db: Db, owner: SQL | Placeholder | string) {
  return db.select().from(a).where(eq(a.userId, owner)).limit(1);
}

export function toStoredAgency([row]: Awaited<ReturnType<typeof agencyQuery>>): StoredAgency | null {
  if (!row) return null;
  return {
    name: row.name,
    regions: row.regions ? (row.regions.split(",") as AgencyDetails["regions"]) : [],
    description: row.description,
    contactLine: row.contactLine,
    openingHours: row.openingHours,
    certificateNumber: row.certificateNumber,
    certificateExpires: row.certificateExpires,
    noCertificateReason: row.noCertificateReason,
    certificateCheckedAt: row.certificateCheckedAt,
    suspendedAt: row.suspendedAt,
    slug: row.slug,
  };
}

export async function loadAgency(env: Pick<Env, "DB">, userId: string): Promise<StoredAgency | null> {
  return toStoredAgency(await agencyQuery(getDb(env), userId));
}

/** Every listing of the agency: held or not, by the rule, in the caller's batch. */
function holdStatement(db: Db, userId: string, held: boolean, now: number) {
  return db
    .update(l)
    .set({ ...visibilitySet({ agencyHeld: held }, now) })
    .where(and(eq(l.userId, userId), eq(l.agencyHeld, !held)));
}

/** The agency's listings as they were, to announce the ones whose public state changed. */
async function listingStates(db: Db, userId: string) {
  return db.select({ id: l.id, live: l.live, location: l.location }).from(l).where(eq(l.userId, userId));
}

async function announceAll(
  env: AgencyEnv,
  ctx: WaitUntil,
  userId: string,
  before: { id: string; live: boolean; location: string }[],
  now: number,
) {
  const after = new Map((await listingStates(getDb(env), userId)).map((r) => [r.id, r.live]));
  for (const b of before)
    if (after.get(b.id) !== b.live) await announceChange(env, ctx, b.id, { live: b.live, location: b.location }, now);
}

export type SaveAgencyResult =
  | { ok: true; needsCheck: boolean }
  | { ok: false; status: 400 | 409; fieldErrors: Partial<Record<keyof AgencyValues, string>> };

/**
 * The owner saves the agency's details. A change to the certificate (or the statement) waits for an
 * administrator's check again, and until then the agency's listings are held: all in one batch.
 */
/** The page's slug: kept while the name stays, else the name's, made unique among the other agencies. */
async function slugFor(db: Db, userId: string, name: string, before: StoredAgency | null): Promise<string> {
  if (before?.slug && before.name === name) return before.slug;
  const base = slugFromName(name);
  const rows = await db
    .select({ slug: a.slug })
    .from(a)
    .where(and(sql`(${a.slug} = ${base} OR ${a.slug} LIKE ${`${base}-%`})`, sql`${a.userId} <> ${userId}`));
  return freeSlug(base, new Set(rows.map((r) => r.slug ?? "")));
}

export async function saveAgency(
  env: AgencyEnv,
  ctx: WaitUntil,
  userId: string,
  values: AgencyValues,
  now = Date.now(),
): Promise<SaveAgencyResult> {
  const parsed = parseAgency(values, nzDate(now));
  if (!parsed.ok) return { ok: false, status: 400, fieldErrors: parsed.fieldErrors };
  const d = parsed.details;
  const db = getDb(env);
  const before = await loadAgency(env, userId);
  const recheck = certificateChanged(before, d);
  const slug = await slugFor(db, userId, d.name, before);
  const row = {
    name: d.name,
    slug,
    regions: d.regions.join(","),
    description: d.description,
    contactLine: d.contactLine,
    openingHours: d.openingHours,
    certificateNumber: d.certificateNumber,
    certificateExpires: d.certificateExpires,
    noCertificateReason: d.noCertificateReason,
    updatedAt: now,
    ...(recheck ? { certificateCheckedAt: null, certificateCheckedBy: null } : {}),
  };
  const listings = recheck ? await listingStates(db, userId) : [];
  const statements: BatchItem<"sqlite">[] = [
    db
      .insert(a)
      .values({ userId, ...row })
      .onConflictDoUpdate({ target: a.userId, set: row }),
  ];
  if (recheck) statements.push(holdStatement(db, userId, true, now));
  try {
    await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  } catch (e) {
    // Another agency took the same slug between the read and this write: nothing was written.
    if (String(e).includes("agencies.slug"))
      return { ok: false, status: 409, fieldErrors: { name: AGENCY_MSG.slugTaken } };
    throw e;
  }
  if (listings.length) await announceAll(env, ctx, userId, listings, now);
  return {
    ok: true,
    needsCheck: !mayPublish({
      certificateCheckedAt: recheck ? null : (before?.certificateCheckedAt ?? null),
      suspendedAt: before?.suspendedAt ?? null,
    }),
  };
}

export type AdminAgencyAction = "check" | "suspend" | "lift";

export const AGENCY_ADMIN_MSG = {
  notFound: "No such agency.",
  nothingToCheck: "This agency has not given a certificate or a statement yet.",
  changed: "Nothing changed: the agency is already in that state.",
} as const;

/**
 * An administrator checks the certificate (as the agency now states it), suspends the agency, or lifts a
 * suspension; the listings follow by the rule in the same batch, with the audit row.
 */
export async function actOnAgency(
  env: AgencyEnv,
  ctx: WaitUntil,
  adminId: string,
  userId: string,
  action: AdminAgencyAction,
  now = Date.now(),
): Promise<{ ok: true } | { ok: false; status: 404 | 409; error: string }> {
  const db = getDb(env);
  const agency = await loadAgency(env, userId);
  if (!agency) return { ok: false, status: 404, error: AGENCY_ADMIN_MSG.notFound };
  if (action === "check" && !agency.certificateNumber && !agency.noCertificateReason)
    return { ok: false, status: 409, error: AGENCY_ADMIN_MSG.nothingToCheck };
  const next = {
    certificateCheckedAt: action === "check" ? now : agency.certificateCheckedAt,
    suspendedAt: action === "suspend" ? now : action === "lift" ? null : agency.suspendedAt,
  };
  // Guarded by what was read: the agency's own save in between (a new certificate) is not checked unseen.
  const guard = and(
    eq(a.userId, userId),
    sql`${a.certificateNumber} IS ${agency.certificateNumber}`,
    sql`${a.noCertificateReason} IS ${agency.noCertificateReason}`,
    action === "check" ? sql`${a.certificateCheckedAt} IS NULL` : undefined,
    action === "suspend" ? sql`${a.suspendedAt} IS NULL` : action === "lift" ? isNotNull(a.suspendedAt) : undefined,
  );
  const listings = await listingStates(db, userId);
  const detail = action === "check" ? (agency.certificateNumber ?? "no certificate needed") : agency.name;
  const [written] = await db.batch([
    db
      .update(a)
      .set({ ...next, ...(action === "check" ? { certificateCheckedBy: adminId } : {}) })
      .where(guard),
    auditInsert(db, { adminId, action: AUDIT[action], detail: `${agency.name}: ${detail}` }, now, CHANGED),
    db
      .update(l)
      .set({ ...visibilitySet({ agencyHeld: !mayPublish(next) }, now) })
      // Only as the agency now stands (the update above may have lost a race and written nothing).
      .where(
        and(
          eq(l.userId, userId),
          sql`exists (select 1 from ${a} where ${a.userId} = ${userId} and ${a.certificateCheckedAt} is ${next.certificateCheckedAt} and ${a.suspendedAt} is ${next.suspendedAt})`,
        ),
      ),
  ]);
  if (!written.meta.changes) return { ok: false, status: 409, error: AGENCY_ADMIN_MSG.changed };
  await announceAll(env, ctx, userId, listings, now);
  return { ok: true };
}

const AUDIT = { check: "agency_certificate_checked", suspend: "agency_suspend", lift: "agency_lift" } as const;
