import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { InfoPage } from "~/components/InfoPage";
import { PlanCard, type PlanCardState } from "~/components/PlanCard";
import { Alert } from "~/components/ui/Alert";
import {
  formatPlanPrice,
  loginPathForPlan,
  parsePlanTier,
  PLAN_LIST,
  PLANS,
  subscribeFormSchema,
  subscriptionPath,
  TIER_ERROR,
} from "~/lib/plans";
import { originOf, seoMeta } from "~/lib/seo";
import { getSessionUser } from "~/server/auth.server";
import { pendingPlanRequest, recordPlanRequest } from "~/server/plan-requests.server";
import { LockIcon } from "~/components/icons";
import { readForm } from "~/server/http/body.server";

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
  const pending = user ? await pendingPlanRequest(env, user.id) : null;
  return {
    origin: originOf(request.url),
    // An unknown ?tier= is ignored rather than refused: it only decides which card is highlighted.
    chosen: parsePlanTier(url.searchParams.get("tier")) ?? pending?.tier ?? null,
    pendingTier: pending?.tier ?? null,
    signedIn: user !== null,
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
  await recordPlanRequest(env, user.id, tier);
  // Post/redirect/get: a reload shows the recorded choice instead of submitting it again.
  throw redirect(subscriptionPath(tier), 303);
}

function cardState(tier: string, chosen: string | null, pendingTier: string | null): PlanCardState {
  if (pendingTier === tier && chosen === tier) return "requested";
  return chosen === tier ? "chosen" : "none";
}

const SECTION_TITLE = "text-2xl font-semibold";

export default function SubscriptionsPage() {
  const { chosen, pendingTier } = useLoaderData<typeof loader>();
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
        {actionData?.error ? <Alert tone="error">{actionData.error}</Alert> : null}
        {pendingTier ? (
          <div role="status" className="rounded-xl border border-accent bg-panel p-5" data-testid="plan-request-notice">
            <p className="font-semibold text-white">No payment has been taken: online payment is not available yet.</p>
            <p className="mt-1 text-zinc-200">
              We have recorded your choice of the {PLANS[pendingTier].name} plan and will contact you to arrange
              payment. You can change your choice below at any time before then.
            </p>
          </div>
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
              Online payment is not available yet. When you choose a plan we record your choice and contact you to
              arrange payment; nothing is charged until then.
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
