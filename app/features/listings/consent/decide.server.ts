// The worker's decisions through her link (docs/decisions/0058-worker-consent-and-agency-checks.md): opening it
// changes nothing (a mail scanner fetches every link); agreeing publishes exactly what she was shown, or
// nothing if the listing changed meanwhile; declining and withdrawing hide it at once and tell the agency,
// without a reason. Each is one batch: her decision and the listing's visibility are written together or not.
import { and, eq, exists, sql } from "drizzle-orm";
import type { WaitUntil } from "~/platform/request-context";
import { getDb, schema } from "~/platform/data/db.server";
import { linkHash, peekLink, spendStatement } from "~/platform/data/one-time-links.server";
import { sendEmail, siteName } from "~/platform/email/email.server";
import { visibilitySet } from "../visibility.server";
import { announceChange } from "../relist.server";
import type { ConsentState } from "../consent";
import { consentRefusedEmail } from "./emails";
import { CONSENT_LINK, CONSENT_MSG } from "./link.server";

type DecideEnv = Pick<Env, "DB" | "PROFILES" | "ListingsRoom" | "SITE_NAME"> & Parameters<typeof sendEmail>[0];

const wc = schema.workerConsents;
const l = schema.listings;
const u = schema.users;
const a = schema.agencies;

/** What her page shows besides the listing itself. */
export type ConsentView = {
  listingId: string;
  state: ConsentState;
  askReason: "first" | "name" | "photos";
  agencyName: string;
  listingName: string;
  /** The listing's version she is shown: agreeing names it, so a change in between is not agreed to. */
  seen: number;
  proposedOnAgencyPage: boolean;
  onAgencyPage: boolean;
  live: boolean;
};

export type Decision = "agree" | "decline" | "withdraw";

export type ConsentRefusal = { ok: false; status: 404 | 409; error: string };

/** Reads only. */
export async function openConsent(
  env: Pick<Env, "DB">,
  token: string,
): Promise<{ ok: true; view: ConsentView } | ConsentRefusal> {
  const link = await peekLink(getDb(env), CONSENT_LINK, token, {
    now: Date.now(),
    fields: { listingId: wc.listingId },
  });
  if (!link.ok) return { ok: false, status: 404, error: CONSENT_MSG.link };
  const [row] = await getDb(env)
    .select({
      listingId: wc.listingId,
      state: wc.state,
      askReason: wc.askReason,
      agencyName: sql<string>`coalesce(${a.name}, ${u.firstName})`,
      listingName: l.firstName,
      seen: l.updatedAt,
      proposedOnAgencyPage: wc.proposedOnAgencyPage,
      onAgencyPage: wc.onAgencyPage,
      live: l.live,
    })
    .from(wc)
    .innerJoin(l, eq(l.id, wc.listingId))
    .innerJoin(u, eq(u.id, l.userId))
    .leftJoin(a, eq(a.userId, l.userId))
    .where(eq(wc.listingId, link.row.listingId))
    .limit(1);
  if (!row) return { ok: false, status: 404, error: CONSENT_MSG.link };
  return { ok: true, view: row };
}

/** The state each decision starts from. Agreeing is open from any other, so she can change her mind. */
const FROM: Record<Decision, ConsentState[]> = {
  agree: ["asked", "declined", "withdrawn"],
  decline: ["asked"],
  withdraw: ["agreed"],
};
const TO: Record<Decision, ConsentState> = { agree: "agreed", decline: "declined", withdraw: "withdrawn" };

export async function decideConsent(
  env: DecideEnv,
  ctx: WaitUntil,
  origin: string,
  token: string,
  input: { decision: Decision; seen: number; onAgencyPage: boolean },
  now = Date.now(),
): Promise<{ ok: true; state: ConsentState } | ConsentRefusal> {
  const opened = await openConsent(env, token);
  if (!opened.ok) return opened;
  const { view } = opened;
  if (!FROM[input.decision].includes(view.state)) return { ok: false, status: 409, error: CONSENT_MSG.already };
  if (input.decision === "agree" && input.seen !== view.seen)
    return { ok: false, status: 409, error: CONSENT_MSG.changed };
  const db = getDb(env);
  const hash = (await linkHash(token))!;
  const listingId = view.listingId;
  const to = TO[input.decision];
  const img = schema.listingImages;
  const set =
    input.decision === "agree"
      ? {
          state: to,
          agreedName: sql<string>`(SELECT ${l.firstName} FROM ${l} WHERE ${l.id} = ${listingId})`,
          agreedImageIds: sql<string>`(SELECT json_group_array(${img.id}) FROM ${img} WHERE ${img.listingId} = ${listingId})`,
          onAgencyPage: input.onAgencyPage,
        }
      : { state: to };
  // Agreeing holds only while the listing is the version she was shown.
  const unchanged =
    input.decision === "agree"
      ? exists(
          db
            .select({ one: sql`1` })
            .from(l)
            .where(and(eq(l.id, listingId), eq(l.updatedAt, input.seen))),
        )
      : undefined;
  const decided = exists(
    db
      .select({ one: sql`1` })
      .from(wc)
      .where(and(eq(wc.listingId, l.id), eq(wc.state, to), eq(wc.decidedAt, now))),
  );
  const [written] = await db.batch([
    spendStatement(db, CONSENT_LINK, hash, {
      now,
      where: and(
        sql`${wc.state} IN (${sql.join(
          FROM[input.decision].map((s) => sql`${s}`),
          sql`, `,
        )})`,
        unchanged,
      ),
      set,
    }),
    db
      .update(l)
      .set({ ...visibilitySet({ awaitingConsent: to !== "agreed" }, now) })
      .where(and(eq(l.id, listingId), decided)),
  ]);
  if (!written.meta.changes) {
    const again = await openConsent(env, token);
    if (!again.ok) return again;
    return {
      ok: false,
      status: 409,
      error: again.view.seen !== input.seen ? CONSENT_MSG.changed : CONSENT_MSG.already,
    };
  }
  // Public pages, the KV snapshot, open pages: as an administrator's take-down does. The page cache follows
  // the write itself (its triggers bump the versions in the same statement).
  await announceChange(env, ctx, listingId, { live: view.live, location: await locationOf(env, listingId) }, now);
  if (to === "declined" || to === "withdrawn") ctx.waitUntil(tellAgency(env, origin, listingId, to));
  return { ok: true, state: to };
}

async function locationOf(env: Pick<Env, "DB">, listingId: string): Promise<string> {
  const [row] = await getDb(env).select({ location: l.location }).from(l).where(eq(l.id, listingId)).limit(1);
  return row?.location ?? "";
}

async function tellAgency(env: DecideEnv, origin: string, listingId: string, outcome: "declined" | "withdrawn") {
  const [row] = await getDb(env)
    .select({ email: u.email, listingName: l.firstName })
    .from(l)
    .innerJoin(u, eq(u.id, l.userId))
    .where(eq(l.id, listingId))
    .limit(1);
  if (!row) return;
  await sendEmail(env, {
    to: row.email,
    ...consentRefusedEmail({ siteName: siteName(env), listingName: row.listingName, outcome, origin }),
  });
}
