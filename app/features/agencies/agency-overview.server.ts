// The administrators' overview of every agency (its certificate, its listings and their consent states) and
// the cron's reminder 30 days before a certificate expires (docs/decisions/0058-worker-consent-and-agency-checks.md).
import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import { getDb, schema } from "~/platform/data/db.server";
import { sendEmail, siteName } from "~/platform/email/email.server";
import { render } from "~/platform/email/template";
import { nzDate } from "~/platform/time/nz-time";
import { reminderDue } from "./agency";

const a = schema.agencies;
const l = schema.listings;
const u = schema.users;

type MailEnv = Pick<Env, "DB" | "SITE_NAME"> & Parameters<typeof sendEmail>[0];

export type AgencyOverview = {
  userId: string;
  email: string;
  name: string;
  certificateNumber: string | null;
  certificateExpires: string | null;
  noCertificateReason: string | null;
  certificateCheckedAt: number | null;
  suspendedAt: number | null;
  listings: { id: string; firstName: string; live: boolean; verified: boolean; consent: string }[];
};

/** The administrators' list: every agency account, its certificate, its listings and their consent state. */
export async function loadAgencyOverview(env: Pick<Env, "DB">): Promise<AgencyOverview[]> {
  const db = getDb(env);
  const wc = schema.workerConsents;
  const [accounts, listings] = await db.batch([
    db
      .select({ userId: u.id, email: u.email, fallback: u.firstName, agency: a })
      .from(u)
      .leftJoin(a, eq(a.userId, u.id))
      .where(eq(u.agency, true))
      .orderBy(asc(u.createdAt))
      .limit(200),
    db
      .select({
        id: l.id,
        userId: l.userId,
        firstName: l.firstName,
        live: l.live,
        verified: l.verified,
        consent: wc.state,
      })
      .from(l)
      .innerJoin(u, eq(u.id, l.userId))
      .leftJoin(wc, eq(wc.listingId, l.id))
      .where(eq(u.agency, true))
      .orderBy(asc(l.createdAt)),
  ]);
  return accounts.map((r) => ({
    userId: r.userId,
    email: r.email,
    name: r.agency?.name ?? r.fallback,
    certificateNumber: r.agency?.certificateNumber ?? null,
    certificateExpires: r.agency?.certificateExpires ?? null,
    noCertificateReason: r.agency?.noCertificateReason ?? null,
    certificateCheckedAt: r.agency?.certificateCheckedAt ?? null,
    suspendedAt: r.agency?.suspendedAt ?? null,
    listings: listings
      .filter((x) => x.userId === r.userId)
      .map((x) => ({
        id: x.id,
        firstName: x.firstName,
        live: x.live,
        verified: x.verified,
        consent: x.consent ?? "not asked",
      })),
  }));
}

/** The cron's part: one reminder per certificate, 30 days before it expires. */
export async function remindExpiringCertificates(env: MailEnv, origin: string, now = Date.now()): Promise<number> {
  const db = getDb(env);
  const today = nzDate(now);
  const due = await db
    .select({
      userId: a.userId,
      name: a.name,
      expires: a.certificateExpires,
      remindedFor: a.expiryRemindedFor,
      email: u.email,
    })
    .from(a)
    .innerJoin(u, eq(u.id, a.userId))
    .where(and(isNotNull(a.certificateExpires), sql`${a.certificateExpires} >= ${today}`));
  let sent = 0;
  for (const d of due.filter((x) => reminderDue(x.expires, today, x.remindedFor))) {
    const [claimed] = await db
      .update(a)
      .set({ expiryRemindedFor: d.expires })
      .where(and(eq(a.userId, d.userId), sql`${a.expiryRemindedFor} IS NOT ${d.expires}`))
      .returning({ id: a.userId });
    if (!claimed) continue;
    const ok = await sendEmail(env, {
      to: d.email,
      ...render(
        `Your operator certificate expires on ${d.expires}`,
        [
          "Hi,",
          "",
          `The operator certificate on file for ${d.name} on ${siteName(env)} expires on ${d.expires}.`,
          "When you have the renewed certificate, enter its number and new expiry date on your dashboard. We check it before your listings carry on.",
        ],
        { href: `${origin}/dashboard`, label: "Open your dashboard" },
      ),
    });
    if (ok) sent++;
  }
  return sent;
}
