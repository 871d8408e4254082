import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { InfoPage } from "~/features/site/InfoPage";
import { FAIR_ORDER_TEXT } from "~/features/insights/rotation";
import { PlanCard, type PlanCardState } from "~/features/billing/PlanCard";
import { Alert } from "~/ui/Alert";
import {
  formatPlanPrice,
  loginPathForPlan,
  parsePlanTier,
  PLAN_LIST,
  PLANS,
  subscriptionPath,
  TIER_ERROR,
} from "~/features/billing/plans";
import { originOf, seoMeta } from "~/features/site/seo";
import { subscribeFormSchema } from "~/features/billing/subscribe-form";
import { getSessionUser } from "~/features/accounts/auth.server";
import { pendingPlanRequest, recordPlanRequest } from "~/features/billing/plan-requests.server";
import { ownListingsWithPlans, startCheckout } from "~/features/billing/billing.server";
import { GatewayUnavailableError, PAYMENT_UNAVAILABLE_MSG, paymentGateway } from "~/features/payments/select.server";
import { siteOrigin } from "~/platform/http/site-origin.server";
import { isPaidStatus, statusLabel, isSubscriptionStatus } from "~/features/billing/subscriptions";
import { isId } from "~/platform/data/ids";
import { LockIcon } from "~/ui/icons";
import { readForm } from "~/platform/http/body.server";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  seoMeta({
    title: "Subscription Plans",
    description: `Advertise on Kiwi Companions: Standard ${formatPlanPrice(PLANS.standard.priceCents)} per week or Featured ${formatPlanPrice(PLANS.featured.priceCents)} per week, GST included. Cancel any time.`,
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
  return {
    origin: originOf(request.url),
    // An unknown ?tier= is ignored rather than refused: it only decides which card is highlighted.
    chosen,
    // A choice kept for an account with no listing yet: it is paid for once the listing exists.
    pendingTier: listings.length === 0 ? (pending?.tier ?? null) : null,
    signedIn: user !== null,
    // An agency with several listings says which one the plan is for (issue 15).
    pick:
      chosen && url.searchParams.get("pick") === "1"
        ? listings.map((l) => ({
            modelId: l.modelId,
            firstName: l.firstName,
            // Free weeks are paid for here like an unpaid listing (the payment keeps the free days).
            paid: isSubscriptionStatus(l.status) && isPaidStatus(l.status) && l.gift !== true,
            status: isSubscriptionStatus(l.status)
              ? statusLabel({ status: l.status, pendingPlan: l.pendingPlan, gift: l.gift === true })
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
  const listingId = asked == null ? listings[0].modelId : asked;
  if (!isId(listingId) || !listings.some((l) => l.modelId === listingId)) {
    return data({ error: "Listing not found." }, { status: 404 });
  }
  const { ctx } = context.cloudflare;
  const origin = siteOrigin(env, request);
  try {
    const started = await startCheckout(env, paymentGateway(env, ctx, origin), user, listingId, tier, origin);
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

const SECTION_TITLE = "text-2xl font-semibold";

export default function SubscriptionsPage() {
  const { chosen, pendingTier, pick } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <InfoPage
      width="medium"
      title="Choose Your Subscription"
      lead={
        <p>
          Weekly plans for advertisers. Prices are in New Zealand dollars and include GST. Cancel any time, effective at
          the end of your billing period.
        </p>
      }
    >
      <div className="space-y-12">
        {actionData?.error ? (
          <Alert tone="error" reveal={actionData}>
            {actionData.error}
          </Alert>
        ) : null}
        {pendingTier ? (
          <div role="status" className="rounded-xl border border-accent bg-panel p-5" data-testid="plan-request-notice">
            <p className="font-semibold text-white">No payment has been taken: create your listing first.</p>
            <p className="mt-1 text-zinc-200">
              We have kept your choice of the {PLANS[pendingTier].name} plan. A plan is paid for one listing at a time:{" "}
              <Link to="/profile/new" className="text-accent underline underline-offset-2">
                create your listing
              </Link>
              , then choose the plan here again to pay for it.
            </p>
          </div>
        ) : null}
        {pick && chosen ? (
          <section
            aria-labelledby="pick-listing"
            className="rounded-xl border border-accent bg-panel p-5"
            data-testid="pick-listing"
          >
            <h2 id="pick-listing" className="text-xl font-semibold">
              Which listing is the {PLANS[chosen].name} plan for?
            </h2>
            <p className="mt-1 text-zinc-200">Each listing has its own plan and is billed separately.</p>
            <ul className="mt-4 space-y-3">
              {pick.map((listing) => (
                <li key={listing.modelId} className="flex flex-wrap items-center justify-between gap-3">
                  <span>
                    <strong>{listing.firstName}</strong>{" "}
                    <span className="text-sm text-zinc-300">
                      {listing.plan ? `${listing.plan}: ` : ""}
                      {listing.status}
                    </span>
                  </span>
                  {listing.paid ? (
                    <Link to="/managesub" className="text-accent underline underline-offset-2">
                      Manage
                    </Link>
                  ) : (
                    <Form method="post">
                      <input type="hidden" name="tier" value={chosen} />
                      <input type="hidden" name="listingId" value={listing.modelId} />
                      <button type="submit" className="rounded-lg bg-accent px-4 py-2 font-semibold text-ink">
                        Pay for {listing.firstName}
                      </button>
                    </Form>
                  )}
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <div className="grid gap-6 md:grid-cols-2">
          {PLAN_LIST.map((plan) => (
            <PlanCard key={plan.tier} plan={plan} state={cardState(plan.tier, chosen, pendingTier)} />
          ))}
        </div>

        <div className="grid gap-8 md:grid-cols-2">
          <section aria-labelledby="how-it-works" className="space-y-3">
            <h2 id="how-it-works" className={SECTION_TITLE}>
              How it works
            </h2>
            <ol className="list-decimal space-y-2 pl-6 leading-relaxed text-zinc-200 marker:text-accent">
              <li>Choose a plan. You need an account: we ask you to sign in or sign up first.</li>
              <li>Create your listing and verify your ID (verification typically takes 24-48 hours).</li>
              <li>Our team reviews your listing within 48 hours. If we ask for changes, reply within 24 hours.</li>
              <li>Once it is approved and paid for, your listing goes live for the week.</li>
            </ol>
          </section>

          <section aria-labelledby="good-to-know" className="space-y-3">
            <h2 id="good-to-know" className={SECTION_TITLE}>
              Good to know
            </h2>
            <ul className="list-disc space-y-2 pl-6 leading-relaxed text-zinc-200 marker:text-accent">
              <li>Cancel any time: cancellation takes effect at the end of the period, with no partial refunds.</li>
              <li>Upgrade from Standard to Featured at any time and pay only the prorated difference.</li>
              <li>When a subscription expires your listing is hidden, not deleted: renew to bring it back.</li>
              {FAIR_ORDER_TEXT.map((line) => (
                <li key={line}>{line}</li>
              ))}
              <li>
                If you do not respond to requested changes within 24 hours, or decline them, the subscription is
                terminated.
              </li>
            </ul>
          </section>
        </div>

        <section
          aria-labelledby="payment-security"
          className="rounded-2xl border border-line bg-panel p-6 sm:p-8"
          data-testid="payment-security"
        >
          <div className="flex items-center gap-3">
            <LockIcon width="28" height="28" className="shrink-0 text-accent" />
            <h2 id="payment-security" className={SECTION_TITLE}>
              Secure payments
            </h2>
          </div>
          <div className="mt-4 space-y-3 leading-relaxed text-zinc-200">
            <p>
              Card payments are processed by a PCI DSS certified payment provider. We accept Visa, Mastercard and
              UnionPay credit and debit cards. Your card details go straight to the provider: we never see or store your
              card number.
            </p>
            <p>
              Each listing has its own plan, paid by the week. The card you pay with is kept by the provider for the
              weekly renewal; you can cancel at any time on your subscription page, effective at the end of the week.
            </p>
            <p className="text-sm text-zinc-300">
              Questions? Read the{" "}
              <Link to="/faq" className="text-accent underline underline-offset-2">
                FAQ
              </Link>
              , the{" "}
              <Link to="/terms" className="text-accent underline underline-offset-2">
                terms
              </Link>{" "}
              or{" "}
              <Link to="/contact" className="text-accent underline underline-offset-2">
                contact support
              </Link>
              .
            </p>
          </div>
        </section>
      </div>
    </InfoPage>
  );
}
