// The provider's answer to a request: accept, suggest another time, or decline
// (docs/decisions/0052-booking-requests.md). Accepting or suggesting sends the visitor one discreet text; declining
// sends nothing, or a neutral line when the provider asks. The status changes first, guarded by the status it was
// read with; a text that cannot go out puts the request back as it was and says so, so nothing is half done.
import { and, eq, inArray } from "drizzle-orm";
import { getDb, schema } from "~/platform/data/db.server";
import { siteName as siteNameOf } from "~/platform/email/email.server";
import { signalInbox } from "~/platform/realtime/inbox.server";
import type { WaitUntil } from "~/platform/request-context";
import { canSendSms, sendSms, SMS_UNAVAILABLE_MSG } from "~/platform/sms/sms.server";
import type { SmsEnv } from "~/platform/sms/sms.server";
import { formatPhone } from "~/core/profile";
import { openNumber } from "./inbox.server";
import type { RequestRow } from "./inbox.server";
import { acceptText, declineText, suggestText } from "./texts";

const r = schema.bookingRequests;
const l = schema.listings;

export const DECISION_MSG = {
  notFound: "This request is not in your inbox any more.",
  closed: "This request can no longer be answered: it was answered already, or its time has passed.",
  changed: "This request changed meanwhile. Please look at it again.",
  notSent: "The text could not be sent, so nothing was changed. Please try again in a few minutes.",
  smsOff: SMS_UNAVAILABLE_MSG,
  accepted: "Accepted. They have been sent a text.",
  suggested: "Suggested. They have been sent a text.",
  declined: "Declined.",
  declinedWithText: "Declined. They have been sent a short, neutral text.",
} as const;

export type Decision =
  | { kind: "accept"; signWithSite: boolean }
  | { kind: "suggest"; at: number; signWithSite: boolean }
  | { kind: "decline"; withText: boolean; signWithSite: boolean };

export type DecisionResult = { ok: true; message: string } | { ok: false; status: 404 | 409 | 503; error: string };

type DecideEnv = SmsEnv & Pick<Env, "InboxRoom" | "SITE_NAME">;

/** The request with its listing's name and phone, if it is one of this account's listings'. */
export async function ownRequest(env: Pick<Env, "DB">, userId: string, requestId: string) {
  const [row] = await getDb(env)
    .select({ request: r, listingName: l.firstName, listingPhone: l.contactPhone })
    .from(r)
    .innerJoin(l, eq(l.id, r.listingId))
    .where(and(eq(r.id, requestId), eq(l.userId, userId)))
    .limit(1);
  return row ?? null;
}

function textFor(d: Decision, row: RequestRow, signature: { name: string; phone: string; siteName: string | null }) {
  if (d.kind === "accept") return acceptText({ startsAt: row.startsAt, minutes: row.minutes, ...signature });
  if (d.kind === "suggest") return suggestText({ startsAt: row.startsAt, suggestedAt: d.at, ...signature });
  return d.withText ? declineText({ startsAt: row.startsAt, ...signature }) : null;
}

const NEXT = { accept: "accepted", suggest: "suggested", decline: "declined" } as const;

export async function decideRequest(
  env: DecideEnv,
  ctx: WaitUntil,
  userId: string,
  requestId: string,
  d: Decision,
  now: number,
): Promise<DecisionResult> {
  const found = await ownRequest(env, userId, requestId);
  if (!found) return { ok: false, status: 404, error: DECISION_MSG.notFound };
  const row = found.request;
  const number = await openNumber(env, row, now);
  if ((row.status !== "new" && row.status !== "suggested") || !number)
    return { ok: false, status: 409, error: DECISION_MSG.closed };
  const text = textFor(d, row, {
    name: found.listingName,
    phone: found.listingPhone ? formatPhone(found.listingPhone) : "",
    siteName: d.signWithSite ? siteNameOf(env) : null,
  });
  if (text && !canSendSms(env)) return { ok: false, status: 503, error: DECISION_MSG.smsOff };

  const db = getDb(env);
  const before = {
    status: row.status,
    decidedAt: row.decidedAt,
    suggestedAt: row.suggestedAt,
    numberSealed: row.numberSealed,
  };
  const [changed] = await db
    .update(r)
    .set({
      status: NEXT[d.kind],
      decidedAt: now,
      ...(d.kind === "suggest" ? { suggestedAt: d.at } : {}),
      // A declined request's number is no longer the provider's to read.
      ...(d.kind === "decline" ? { numberSealed: "" } : {}),
    })
    .where(and(eq(r.id, row.id), inArray(r.status, ["new", "suggested"]), eq(r.status, row.status)))
    .returning({ id: r.id });
  if (!changed) return { ok: false, status: 409, error: DECISION_MSG.changed };
  if (text && !(await sendSms(env, { to: number, text }))) {
    await db
      .update(r)
      .set(before)
      .where(and(eq(r.id, row.id), eq(r.status, NEXT[d.kind]), eq(r.decidedAt, now)));
    return { ok: false, status: 503, error: DECISION_MSG.notSent };
  }
  signalInbox(env, ctx, userId);
  const message =
    d.kind === "accept"
      ? DECISION_MSG.accepted
      : d.kind === "suggest"
        ? DECISION_MSG.suggested
        : text
          ? DECISION_MSG.declinedWithText
          : DECISION_MSG.declined;
  return { ok: true, message };
}
