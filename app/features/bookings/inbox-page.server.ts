// The provider's booking-request inbox (/dashboard/requests): the per-listing switch, the requests with their
// screening, the answers (accept, suggest another time, decline), one-tap blocking and the block list
// (docs/decisions/0052-booking-requests.md). The route module only wires these up.
import { data } from "@remix-run/cloudflare";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { requireUser, requireUserForPost } from "~/features/accounts/guards.server";
import { ERROR_MSG } from "~/features/site/messages";
import { isId } from "~/platform/data/ids";
import { siteName } from "~/platform/email/email.server";
import { readForm, textFields } from "~/platform/http/body.server";
import { noStore } from "~/platform/http/page-answer";
import { canSendSms } from "~/platform/sms/sms.server";
import { isCalendarDate, nzDate, nzWallTime } from "~/platform/time/nz-time";
import { BOOKINGS_UNAVAILABLE_MSG, hasBookingsKey } from "./booking-key.server";
import { blockFromRequest, changeBlock } from "./blocks.server";
import { decideRequest } from "./decisions.server";
import type { Decision } from "./decisions.server";
import { loadInbox } from "./inbox.server";
import { readTime } from "./request-rules";
import { INBOX_PATH } from "./texts";
import { setTakesRequests } from "./switch.server";
import type { InboxData, InboxResult } from "./views";
import { ownerWriteLimited } from "~/features/listings/own-listing.server";

const fail = (status: number, error: string, more: { requestId?: string; field?: string } = {}) =>
  data<InboxResult>({ ok: false, error, ...more }, { status, headers: noStore() });
const done = (message: string, requestId?: string) =>
  data<InboxResult>({ ok: true, message, requestId }, { headers: noStore() });

function requireKey(env: Env) {
  if (!hasBookingsKey(env)) throw data(BOOKINGS_UNAVAILABLE_MSG, { status: 503, headers: noStore() });
}

export async function inboxPage(request: Request, context: AppLoadContext) {
  const env = context.cloudflare.env;
  const user = await requireUser(request, context);
  requireKey(env);
  const now = Date.now();
  const inbox = await loadInbox(env, user.id, now);
  const page: InboxData = { userId: user.id, ...inbox, smsReady: canSendSms(env), siteName: siteName(env), now };
  return data(page, { headers: noStore() });
}

export const INBOX_MSG = {
  suggestWhen: "Choose a date and time from now on.",
} as const;

/** The suggested time from the form's date and time (NZ), or null when it is not a time still to come. */
function suggestedTime(fields: Record<string, string>, now: number): number | null {
  const date = (fields.date ?? "").trim();
  const minutes = readTime(fields.time ?? "");
  if (!isCalendarDate(date) || minutes === null || date < nzDate(now)) return null;
  const at = nzWallTime(date, minutes);
  return at > now ? at : null;
}

function decisionFrom(fields: Record<string, string>, now: number): Decision | { error: string } | null {
  const signWithSite = fields.site === "on";
  if (fields.intent === "accept") return { kind: "accept", signWithSite };
  if (fields.intent === "decline") return { kind: "decline", withText: fields.text === "neutral", signWithSite };
  if (fields.intent === "suggest") {
    const at = suggestedTime(fields, now);
    return at === null ? { error: INBOX_MSG.suggestWhen } : { kind: "suggest", at, signWithSite };
  }
  return null;
}

export async function inboxAction(request: Request, context: AppLoadContext) {
  const { env, ctx } = context.cloudflare;
  const user = await requireUserForPost(request, env, INBOX_PATH);
  requireKey(env);
  const form = await readForm(request);
  const fields = form ? textFields(form) : {};
  if (await ownerWriteLimited(env, user.id)) return fail(429, ERROR_MSG.tooManyChanges);
  const now = Date.now();

  if (fields.intent === "switch") {
    if (!isId(fields.listingId)) return fail(400, ERROR_MSG.invalidListingId);
    if (fields.value !== "on" && fields.value !== "off") return fail(400, "value must be on or off");
    const result = await setTakesRequests(env, ctx, user.id, fields.listingId, fields.value === "on", now);
    return result.ok ? done(result.message) : fail(result.status, result.error);
  }
  if (fields.intent === "unblock" || fields.intent === "renew") {
    if (!/^[A-Za-z0-9_-]{43}$/.test(fields.key ?? "")) return fail(400, ERROR_MSG.unknownAction);
    const result = await changeBlock(env, user.id, fields.key, fields.intent, now);
    return result.ok ? done(result.message) : fail(result.status, result.error);
  }

  const requestId = fields.requestId;
  if (!isId(requestId)) return fail(400, ERROR_MSG.unknownAction);
  if (fields.intent === "block") {
    const result = await blockFromRequest(env, ctx, user.id, requestId, now);
    return result.ok ? done(result.message, requestId) : fail(result.status, result.error, { requestId });
  }
  const decision = decisionFrom(fields, now);
  if (!decision) return fail(400, ERROR_MSG.unknownAction);
  if ("error" in decision) return fail(400, decision.error, { requestId, field: "suggest" });
  const result = await decideRequest(env, ctx, user.id, requestId, decision, now);
  return result.ok ? done(result.message, requestId) : fail(result.status, result.error, { requestId });
}
