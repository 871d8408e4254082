// The visitor's 'Request a booking' page (/view/{listingId}/request): the form, then the code step, then the
// same 'sent' answer for every request that got through, blocked numbers' included. Plain form posts, so it
// works without JavaScript (docs/decisions/0052-booking-requests.md). The route module only wires these up.
import { data, redirect } from "@remix-run/cloudflare";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { readFlash, setFlash } from "~/features/site/flash.server";
import { NOTICE } from "~/features/site/messages";
import { isId } from "~/platform/data/ids";
import { readForm, textFields } from "~/platform/http/body.server";
import { noStore } from "~/platform/http/page-answer";
import { limiterKey, overLimit } from "~/platform/http/rate-limit.server";
import { canSendSms } from "~/platform/sms/sms.server";
import { addDays, nzDate } from "~/platform/time/nz-time";
import { hasBookingsKey } from "./booking-key.server";
import { checkCode, resendCode, sendCode } from "./codes.server";
import { bookableListing, deliverRequest } from "./deliver.server";
import { MAX_DAYS_AHEAD } from "./limits";
import { parseRequestForm, readCode, REQUEST_MSG } from "./request-rules";
import type { RequestPageData, RequestPageResult } from "./views";

export const PAGE_MSG = {
  unavailable: "Booking requests are not available right now. Please use the SMS button on the profile instead.",
  tooFast: "Too many tries from your connection. Please wait a minute and try again.",
  unknown: "Something was missing from the form. Please try again.",
} as const;

/** Texts and the bookings key: without either the form cannot work, and says so (503). */
export function bookingsAvailable(env: Env): boolean {
  return canSendSms(env) && hasBookingsKey(env);
}

async function listingOr404(env: Env, listingId: string | undefined) {
  const listing = isId(listingId) ? await bookableListing(env, listingId) : null;
  if (!listing) throw data("This listing does not take booking requests.", { status: 404, headers: noStore() });
  return listing;
}

export async function requestPage(request: Request, context: AppLoadContext, listingId: string | undefined) {
  const env = context.cloudflare.env;
  const listing = await listingOr404(env, listingId);
  const flash = await readFlash(request, env);
  const available = bookingsAvailable(env);
  const today = nzDate(Date.now());
  const page: RequestPageData = {
    listingId: listing.id,
    firstName: listing.firstName,
    available,
    sent: flash.notice === NOTICE.bookingRequestSent,
    today,
    lastDay: addDays(today, MAX_DAYS_AHEAD),
  };
  return data(page, { status: available ? 200 : 503, headers: flash.headers });
}

const answer = (result: RequestPageResult, status = 400) => data(result, { status, headers: noStore() });

/** The field values to show again after a refusal (what the visitor typed; never stored). */
function echo(fields: Record<string, string>): Record<string, string> {
  const keep = ["name", "date", "time", "length", "place", "suburb", "message", "phone"];
  return Object.fromEntries(keep.map((k) => [k, (fields[k] ?? "").slice(0, 400)]));
}

export async function requestAction(request: Request, context: AppLoadContext, listingId: string | undefined) {
  const { env } = context.cloudflare;
  if (!bookingsAvailable(env)) throw data(PAGE_MSG.unavailable, { status: 503, headers: noStore() });
  const listing = await listingOr404(env, listingId);
  const form = await readForm(request);
  const fields = form ? textFields(form) : {};
  const codeStep = (errors: Partial<Record<"code" | "form", string>>, status = 400) =>
    answer({ step: "code", codeId: fields.codeId ?? "", masked: (fields.masked ?? "").slice(0, 20), errors }, status);
  // Every post is counted per client network before anything else, so a script gets nowhere fast. "open" on an
  // outage: the day's limits in D1 still hold.
  if (await overLimit(env.BOOKING_LIMITER, limiterKey("booking", request.headers), "open"))
    return fields.intent === "send" || !fields.intent
      ? answer({ step: "form", errors: { form: PAGE_MSG.tooFast }, values: echo(fields) }, 429)
      : codeStep({ form: PAGE_MSG.tooFast }, 429);
  const now = Date.now();
  const ip = request.headers.get("CF-Connecting-IP");

  if (fields.intent === "send") {
    const parsed = parseRequestForm(fields, now);
    if (!parsed.ok) return answer({ step: "form", errors: parsed.errors, values: echo(fields) });
    const sent = await sendCode(env, listing, parsed.request, ip, now);
    if (!sent.ok)
      return answer(
        { step: "form", errors: { [sent.refusal.field]: sent.refusal.error }, values: echo(fields) },
        sent.status,
      );
    return answer({ step: "code", codeId: sent.codeId, masked: sent.masked, errors: {} }, 200);
  }

  if (!isId(fields.codeId)) return answer({ step: "form", errors: { form: PAGE_MSG.unknown }, values: {} });

  if (fields.intent === "resend") {
    const sent = await resendCode(env, listing, fields.codeId, ip, now);
    if (!sent.ok) return codeStep({ form: sent.refusal.error }, sent.status);
    return answer({ step: "code", codeId: sent.codeId, masked: sent.masked, errors: {}, resent: true }, 200);
  }

  if (fields.intent === "verify") {
    const code = readCode(fields.code);
    if (!code) return codeStep({ code: REQUEST_MSG.code });
    const checked = await checkCode(env, listing.id, fields.codeId, code, now);
    if (!checked.ok) return codeStep({ [checked.field]: checked.error });
    const delivered = await deliverRequest(context.cloudflare, request, listing, checked.row, checked.input, now);
    if (!delivered.ok) return codeStep({ form: delivered.refusal.error }, delivered.status);
    // Post/redirect/get: a reload shows the answer again without posting the code twice.
    const headers = await setFlash(noStore(), env, "bookingRequestSent");
    throw redirect(new URL(request.url).pathname, { status: 303, headers });
  }
  return answer({ step: "form", errors: { form: PAGE_MSG.unknown }, values: echo(fields) });
}
