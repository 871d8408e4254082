// The plan changes posted from /managesub: cancel, resume, keep, downgrade (with its photo choice) and
// upgrade (quote first, then charge). The rules are ../billing.server.ts and ../subscriptions.ts;
// docs/billing.md maps them.
import { redirect } from "@remix-run/cloudflare";
import { isId } from "~/platform/data/ids";
import { ERROR_MSG } from "~/features/site/messages";
import { setToast } from "~/features/site/flash.server";
import { siteOrigin } from "~/platform/http/site-origin.server";
import { KEEP_FIELD } from "~/features/photos/plan-photos";
import { GatewayUnavailableError, PAYMENT_UNAVAILABLE_MSG, paymentGateway } from "~/features/payments/select.server";
import { loadBillingSection } from "../billing.server";
import { changeSubscription, scheduleDowngrade } from "../plan-changes.server";
import type { PhotoChoiceView } from "../plan-changes.server";
import { upgradeNow, upgradeQuote } from "../upgrade.server";
import type { PhotoChoice } from "../PhotoChoiceForm";
import type { UpgradeConfirm } from "../ListingPlans";
import { reply } from "./manage-reply.server";
import type { PlanIntentArgs } from "./manage-reply.server";
import { listOwnListingNames, ownerWriteLimited } from "~/features/listings/own-listing.server";
import { NO_STORE } from "~/platform/http/page-answer";

export const PLAN_INTENTS = ["cancelPlan", "resumePlan", "downgradePlan", "keepPlan", "upgradePlan"] as const;
type PlanIntent = (typeof PLAN_INTENTS)[number];

export function isPlanIntent(intent: unknown): intent is PlanIntent {
  return PLAN_INTENTS.includes(intent as PlanIntent);
}

export async function planIntent(args: PlanIntentArgs, intent: PlanIntent) {
  const { env, ctx } = args.cf;
  const listingId = args.form?.get("listingId");
  if (!isId(listingId)) return reply({ error: "Listing not found." }, 404);
  if (await ownerWriteLimited(env, args.user.id)) return reply({ error: ERROR_MSG.tooManyChanges }, 429);
  if (intent === "upgradePlan") return upgrade(args, listingId);
  if (intent === "downgradePlan") return downgrade(args, listingId);
  const event =
    intent === "cancelPlan"
      ? ({ type: "cancel" } as const)
      : intent === "resumePlan"
        ? ({ type: "resume" } as const)
        : ({ type: "keepPlan" } as const);
  const changed = await changeSubscription(env, ctx, args.user.id, listingId, event);
  if (!changed.ok) return reply({ error: changed.error }, changed.status);
  throw redirect("/managesub", { status: 303, headers: NO_STORE });
}

async function upgrade({ request, cf, user, form }: PlanIntentArgs, listingId: string) {
  const { env } = cf;
  if (form?.get("confirmed") !== "yes") {
    // The amount first: nothing is charged until the owner has seen it and confirmed.
    const quote = await upgradeQuote(env, user.id, listingId);
    if (!quote.ok) return reply({ error: quote.error }, quote.status);
    const name = (await loadBillingSection(env, user.id)).listings.find((l) => l.listingId === listingId)?.firstName;
    return reply({ upgrade: { listingId, name: name ?? "", amountCents: quote.amountCents } });
  }
  return chargeUpgrade({ request, cf, user, form }, listingId);
}

/**
 * The upgrade's confirmation for /managesub?upgrade={id}, where the plans page sends the owner of a listing
 * on a paid Standard plan who chose Featured (`upgradeInstead`): the same amount-first step as the listing's
 * 'Upgrade to Featured' button. Null when `raw` is not one of the owner's listings that can be upgraded.
 */
export async function upgradeOffer(env: Env, userId: string, raw: string | null): Promise<UpgradeConfirm | null> {
  if (!isId(raw)) return null;
  const quote = await upgradeQuote(env, userId, raw);
  if (!quote.ok) return null;
  const name = (await listOwnListingNames(env, userId)).find((l) => l.listingId === raw)?.firstName ?? "";
  return { listingId: raw, name, amountCents: quote.amountCents };
}

async function chargeUpgrade({ request, cf, user, form }: PlanIntentArgs, listingId: string) {
  const { env, ctx } = cf;
  const expected = Number(form?.get("expectedCents"));
  if (!Number.isInteger(expected) || expected < 0) return reply({ error: "Confirm the amount again." }, 400);
  try {
    const origin = siteOrigin(env, request);
    const charged = await upgradeNow(env, ctx, paymentGateway(env, ctx, origin), user.id, listingId, expected, origin);
    if (!charged.ok) return reply({ error: charged.error }, charged.status);
    // The upgrade went through (or waits for the bank): said by the toast on the page it comes back to.
    const toast = charged.status === "succeeded" ? "upgraded" : "upgradeProcessing";
    throw redirect("/managesub", { status: 303, headers: await setToast(new Headers(NO_STORE), env, toast) });
  } catch (e) {
    if (e instanceof GatewayUnavailableError) return reply({ error: PAYMENT_UNAVAILABLE_MSG }, 503);
    throw e;
  }
}

/**
 * No-JS friendly: the first post asks which photos stay public (when there are too many), the second
 * carries the ticked boxes.
 */
async function downgrade({ cf, user, form }: PlanIntentArgs, listingId: string) {
  const withName = async (choice: PhotoChoiceView): Promise<PhotoChoice> => ({
    ...choice,
    name: (await listOwnListingNames(cf.env, user.id)).find((l) => l.listingId === choice.listingId)?.firstName ?? "",
  });
  const keep = form?.get("choosing") === "1" ? form.getAll(KEEP_FIELD) : null;
  const scheduled = await scheduleDowngrade(cf.env, cf.ctx, user.id, listingId, keep);
  if (scheduled.ok === "choose") return reply({ choosePhotos: await withName(scheduled.choice) });
  if (!scheduled.ok) {
    const choosePhotos = scheduled.choice ? await withName(scheduled.choice) : undefined;
    return reply({ error: scheduled.error, choosePhotos }, scheduled.status);
  }
  throw redirect("/managesub", { status: 303, headers: NO_STORE });
}
