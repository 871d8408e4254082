import { data, redirect } from "@remix-run/cloudflare";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { InfoPage } from "~/features/site/InfoPage";
import { PlanCard } from "~/features/billing/PlanCard";
import type { PlanCardState } from "~/features/billing/PlanCard";
import { HowPlansWork } from "~/features/billing/plans-page/HowPlansWork";
import { PaymentSecurity } from "~/features/billing/plans-page/PaymentSecurity";
import { PickListing } from "~/features/billing/plans-page/PickListing";
import { PlanRequestNotice } from "~/features/billing/plans-page/PlanRequestNotice";
import { YourListingState } from "~/features/billing/plans-page/YourListingState";
import { Alert } from "~/ui/Alert";
import {
  FOR_LISTING_PARAM,
  loginPathForPlan,
  parsePlanTier,
  PLAN_LIST,
  PLANS,
  subscriptionPath,
  TIER_ERROR,
} from "~/core/plans";
import { originOf, seoMeta } from "~/features/site/seo";
import { formatDollarsAndCents } from "~/platform/money";
import { subscribeFormSchema } from "~/features/billing/subscribe-form";
import { getSessionUser } from "~/features/accounts/auth.server";
import { pendingPlanRequest, recordPlanRequest } from "~/features/billing/plan-requests.server";
import { ownListingsWithPlans, publicStatusOf } from "~/features/billing/billing.server";
import { startCheckout } from "~/features/billing/checkout.server";
import { GatewayUnavailableError, PAYMENT_UNAVAILABLE_MSG, paymentGateway } from "~/features/payments/select.server";
import { siteOrigin } from "~/platform/http/site-origin.server";
import { isPaidStatus, statusLabel, isSubscriptionStatus } from "~/features/billing/subscriptions";
import { isId } from "~/platform/data/ids";
import { readForm } from "~/platform/http/body.server";
import { upgradeInstead } from "~/features/billing/upgrade";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  seoMeta({
    title: "Subscription Plans",
    description: `Advertise on Kiwi Companions: Standard ${formatDollarsAndCents(PLANS.standard.priceCents)} per week or Featured ${formatDollarsAndCents(PLANS.featured.priceCents)} per week, GST included. Cancel any time.`,
    path: "/subscriptions",
    origin: data?.origin,
  });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const url = new URL(request.url);
  const user = await getSessionUser(request, env);
  const [pending, listings] = user
    ? await Promise.all([pendingPlanRequest(env, user.id), ownListingsWithPlans(env, user.id)])
    : [null, []];
  const chosen = parsePlanTier(url.searchParams.get("tier")) ?? pending?.tier ?? null;
  // Free weeks are paid for here like an unpaid listing (the payment keeps the free days).
  const paidFor = (l: (typeof listings)[number]) =>
    isSubscriptionStatus(l.status) && isPaidStatus(l.status) && l.gift !== true;
  const picking = chosen !== null && url.searchParams.get("pick") === "1";
  // Come from one listing's Upgrade on the dashboard: the plan chosen here is for that listing.
  const asked = url.searchParams.get(FOR_LISTING_PARAM);
  const forListing = listings.find((l) => l.listingId === asked);
  return {
    forListing: forListing ? { listingId: forListing.listingId, firstName: forListing.firstName } : null,
    origin: originOf(request.url),
    // An unknown ?tier= is ignored rather than refused: it only decides which card is highlighted.
    chosen,
    // A choice kept for an account with no listing yet: it is paid for once the listing exists.
    pendingTier: listings.length === 0 ? (pending?.tier ?? null) : null,
    signedIn: user !== null,
    // Before paying: is each listing public yet, what does it still need, and when would a paid week start.
    yours: picking
      ? []
      : listings.map((l) => ({
          listingId: l.listingId,
          firstName: l.firstName,
          paid: paidFor(l),
          status: publicStatusOf(l),
        })),
    // An agency with several listings says which one the plan is for (docs/billing.md).
    pick: picking
      ? listings.map((l) => ({
          listingId: l.listingId,
          firstName: l.firstName,
          paid: paidFor(l),
          publicStatus: publicStatusOf(l),
          status: isSubscriptionStatus(l.status)
            ? statusLabel({
                status: l.status,
                pendingPlan: l.pendingPlan,
                gift: l.gift === true,
                startsWhenPublic: l.waits,
              })
            : "Unpaid",
          plan: l.plan && isSubscriptionStatus(l.status) && isPaidStatus(l.status) ? PLANS[l.plan].name : null,
        }))
      : null,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const parsed = subscribeFormSchema.safeParse({ tier: form?.get("tier") ?? undefined });
  if (!parsed.success) return data({ error: TIER_ERROR }, { status: 400 });
  const { tier } = parsed.data;
  const env = context.cloudflare.env;
  const user = await getSessionUser(request, env);
  // Subscribing needs an account (spec §6); the login page brings the visitor back with the plan still chosen.
  if (!user) throw redirect(loginPathForPlan(tier), 303);
  const listings = await ownListingsWithPlans(env, user.id);
  if (listings.length === 0) {
    // Nothing to pay for yet: the choice is kept, and paid for once the listing exists.
    await recordPlanRequest(env, user.id, tier);
    // Post/redirect/get: a reload shows the recorded choice instead of submitting it again.
    throw redirect(subscriptionPath(tier), 303);
  }
  const asked = form?.get("listingId");
  if (asked == null && listings.length > 1) throw redirect(`${subscriptionPath(tier)}&pick=1`, 303);
  const listingId = asked == null ? listings[0].listingId : asked;
  const listing = isId(listingId) ? listings.find((l) => l.listingId === listingId) : undefined;
  if (!listing) return data({ error: "Listing not found." }, { status: 404 });
  // Featured for a listing on a paid Standard plan is an upgrade, quoted on /managesub.
  const upgrade = upgradeInstead(listing, tier);
  if (upgrade) throw redirect(upgrade, 303);
  const { ctx } = context.cloudflare;
  const origin = siteOrigin(env, request);
  try {
    const started = await startCheckout(env, paymentGateway(env, ctx, origin), user, listing.listingId, tier, origin);
    if (!started.ok) return data({ error: started.error }, { status: started.status });
    throw redirect(started.redirectUrl, 303);
  } catch (error) {
    if (error instanceof GatewayUnavailableError) {
      return data({ error: PAYMENT_UNAVAILABLE_MSG }, { status: 503 });
    }
    throw error;
  }
}

function cardState(tier: string, chosen: string | null, pendingTier: string | null): PlanCardState {
  if (pendingTier === tier && chosen === tier) return "requested";
  return chosen === tier ? "chosen" : "none";
}

export default function SubscriptionsPage() {
  const { chosen, pendingTier, pick, yours, forListing } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <InfoPage
      width="medium"
      title="Choose Your Subscription"
      lead="Weekly plans for advertisers. Prices are in New Zealand dollars and include GST. Cancel any time, effective at the end of your billing period."
    >
      <div className="space-y-12">
        {actionData?.error ? (
          <Alert tone="error" reveal={actionData}>
            {actionData.error}
          </Alert>
        ) : null}
        {pendingTier ? <PlanRequestNotice tier={pendingTier} /> : null}
        {pick && chosen ? <PickListing tier={chosen} listings={pick} /> : null}
        {yours.length > 0 ? <YourListingState listings={yours} /> : null}

        {forListing ? (
          <p className="text-lg" data-testid="plans-for-listing">
            Choosing a plan for <strong>{forListing.firstName}</strong>.
          </p>
        ) : null}
        <div className="grid gap-6 md:grid-cols-2">
          {PLAN_LIST.map((plan) => (
            <PlanCard
              key={plan.tier}
              plan={plan}
              state={cardState(plan.tier, chosen, pendingTier)}
              listingId={forListing?.listingId}
            />
          ))}
        </div>

        <HowPlansWork />

        <PaymentSecurity />
      </div>
    </InfoPage>
  );
}
