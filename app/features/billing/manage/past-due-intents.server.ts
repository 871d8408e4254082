// 'Pay now' and 'Use another card' on a past-due listing, posted from /managesub
// (docs/decisions/0027-putting-a-failed-renewal-right.md; the service is ../past-due.server.ts).
import { redirect } from "@remix-run/cloudflare";
import { isId } from "~/platform/data/ids";
import { ERROR_MSG } from "~/features/site/messages";
import { setFlash } from "~/features/site/flash.server";
import { siteOrigin } from "~/platform/http/site-origin.server";
import { GatewayUnavailableError, PAYMENT_UNAVAILABLE_MSG, paymentGateway } from "~/features/payments/select.server";
import { payPastDue } from "../past-due.server";
import type { PastDueOutcome } from "../past-due.server";
import { reply } from "./manage-reply.server";
import type { PlanIntentArgs } from "./manage-reply.server";
import { listOwnListingNames, ownerWriteLimited } from "~/features/listings/own-listing.server";
import { NO_STORE } from "~/platform/http/page-answer";

export const PAST_DUE_INTENTS = ["payNow", "useAnotherCard"] as const;
type PastDueIntent = (typeof PAST_DUE_INTENTS)[number];

export function isPastDueIntent(intent: unknown): intent is PastDueIntent {
  return PAST_DUE_INTENTS.includes(intent as PastDueIntent);
}

async function putPastDueRight(
  { request, cf, user }: PlanIntentArgs,
  listingId: string,
  intent: PastDueIntent,
): Promise<PastDueOutcome> {
  const origin = siteOrigin(cf.env, request);
  try {
    const gateway = paymentGateway(cf.env, cf.ctx, origin);
    const how = intent === "payNow" ? "cardOnFile" : "anotherCard";
    return await payPastDue(cf.env, cf.ctx, gateway, user, listingId, how, origin);
  } catch (e) {
    if (e instanceof GatewayUnavailableError) return { ok: false, status: 502, error: PAYMENT_UNAVAILABLE_MSG };
    throw e;
  }
}

/** Pays (or sends to the hosted checkout); a decline answers with the next step, another card. */
export async function pastDueIntent(args: PlanIntentArgs, intent: PastDueIntent) {
  const { env } = args.cf;
  const listingId = args.form?.get("listingId");
  if (!isId(listingId)) return reply({ error: "Listing not found." }, 404);
  if (await ownerWriteLimited(env, args.user.id)) return reply({ error: ERROR_MSG.tooManyChanges }, 429);
  const paid = await putPastDueRight(args, listingId, intent);
  if (paid.ok && paid.via === "checkout") throw redirect(paid.redirectUrl, { status: 303, headers: NO_STORE });
  if (paid.ok) {
    const notice = paid.status === "succeeded" ? "paymentReceived" : "paymentProcessing";
    throw redirect("/managesub", { status: 303, headers: await setFlash(new Headers(NO_STORE), env, notice) });
  }
  if (paid.declined) {
    const name = (await listOwnListingNames(env, args.user.id)).find((l) => l.listingId === listingId)?.firstName ?? "";
    return reply({ declined: { listingId, name } }, paid.status);
  }
  return reply({ error: paid.error }, paid.status);
}
