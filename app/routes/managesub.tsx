// Subscription and Account Settings (spec provider §2 'Manage'): the current plan, and deleting a listing
// or the whole account. The route only dispatches; each concern lives with the feature that owns it:
// - plan (cancel, resume, keep, downgrade, upgrade, Pay now): app/features/billing/manage/;
// - security (sessions, password, e-mail, second factor, passkeys, the log, deleting the account):
//   app/features/accounts/settings/ and app/features/accounts/second-factor/;
// - data and deleting a listing: app/features/dashboard/ (YourDataSection, delete-listing-intent.server.ts).
// Deleting a listing works without JavaScript through a confirmation step rendered by the action; with
// JavaScript the browser's own confirm() asks the spec's question instead. Deleting the account always asks
// in the page: the question comes with the current password.
import { data } from "@remix-run/cloudflare";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useHydrated } from "~/ui/useHydrated";
import { Alert } from "~/ui/Alert";
import { FlashNotice } from "~/ui/FlashNotice";
import { InfoPage } from "~/features/site/InfoPage";
import { ERROR_MSG } from "~/features/site/messages";
import { readFlash } from "~/features/site/flash.server";
import { readForm } from "~/platform/http/body.server";
import { NO_STORE, pipeHeaders } from "~/platform/http/page-answer";
import { privateMeta } from "~/features/site/seo";
import { requireUser, requireUserForPost } from "~/features/accounts/guards.server";
import { ChangeEmailForm } from "~/features/accounts/settings/ChangeEmailForm";
import { ChangePasswordForm } from "~/features/accounts/settings/ChangePasswordForm";
import { SessionList } from "~/features/accounts/settings/SessionList";
import { SecurityLogSection } from "~/features/accounts/settings/SecurityLogSection";
import { DeleteConfirmStep } from "~/features/dashboard/DeleteConfirmStep";
import type { DeleteConfirm } from "~/features/dashboard/DeleteConfirmStep";
import { DeleteAccountSection, useAccountDeletion } from "~/features/accounts/settings/DeleteAccountSection";
import type { AccountFormResult } from "~/features/accounts/settings/account-settings";
import { accountSettingsAction, loadAccountSettings } from "~/features/accounts/settings/account-settings.server";
import { loadSecurityEvents } from "~/features/accounts/settings/security-events.server";
import { deleteAccountIntent } from "~/features/dashboard/delete-account-intent.server";
import { PasskeysSection } from "~/features/accounts/second-factor/PasskeysSection";
import { PASSKEY_REMOVE_INTENT } from "~/features/accounts/second-factor/passkeys";
import { loadPasskeySection, removePasskeyAction } from "~/features/accounts/second-factor/passkeys.server";
import { TwoFactorSummary } from "~/features/accounts/second-factor/SecondFactorSummary";
import { totpStatus } from "~/features/accounts/second-factor/totp.server";
import { planLabel } from "~/features/dashboard/dashboard";
import { YourDataSection } from "~/features/dashboard/YourDataSection";
import { deleteListingIntent } from "~/features/dashboard/delete-listing-intent.server";
import { loadBillingSection } from "~/features/billing/billing.server";
import { pendingPlanRequest } from "~/features/billing/plan-requests.server";
import { PaymentHistory } from "~/features/billing/ListingPlans";
import { SubscriptionSection } from "~/features/billing/manage/SubscriptionSection";
import { PlanNextStep } from "~/features/billing/manage/PlanNextStep";
import { YourListings } from "~/features/dashboard/YourListings";
import type { PlanResult } from "~/features/billing/manage/plan-result";
import { isPlanIntent, planIntent, upgradeOffer } from "~/features/billing/manage/plan-intents.server";
import { isPastDueIntent, pastDueIntent } from "~/features/billing/manage/past-due-intents.server";
import { listOwnListingNames } from "~/features/listings/own-listing.server";
import { UPGRADE_PARAM } from "~/features/billing/upgrade";

export const meta: MetaFunction = () => privateMeta("Subscription and Account Settings");

export const headers = pipeHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const user = await requireUser(request, context);
  const upgradeParam = new URL(request.url).searchParams.get(UPGRADE_PARAM);
  const [listings, pending, security, flash, account, passkeys, twoFactor, billing, upgrade] = await Promise.all([
    listOwnListingNames(env, user.id),
    pendingPlanRequest(env, user.id),
    // Only ever the signed-in user's own log.
    loadSecurityEvents(env, user.id),
    readFlash(request, env),
    // The sessions list and whether a fresh second factor stands in for the password.
    loadAccountSettings(request, env, user),
    loadPasskeySection(request, env, user.id),
    totpStatus(env, user.id),
    loadBillingSection(env, user.id),
    // Sent here from the plans page: Featured for a listing on Standard is its upgrade (amount first).
    upgradeParam ? upgradeOffer(env, user.id, upgradeParam) : null,
  ]);
  const paidPlans = [...new Set(billing.listings.flatMap((l) => (l.plan ? [l.plan] : [])))];
  return data(
    {
      // The spec's 'Unpaid' until a listing has a paid plan; then the plans the listings have.
      plan: paidPlans.length > 0 ? paidPlans.join(" and ") : planLabel(user.accountType),
      billing,
      upgrade,
      pendingTier: pending?.tier ?? null,
      listings,
      security,
      notice: flash.notice,
      // New for every notice read: the page starts its password forms empty after each change that went through.
      noticeId: flash.notice ? crypto.randomUUID() : null,
      account,
      passkeys,
      twoFactor: { enabled: twoFactor.enabled, recoveryCodesLeft: twoFactor.recoveryCodesLeft },
    },
    { headers: flash.headers },
  );
}

type ActionResult = PlanResult & {
  confirm?: DeleteConfirm;
  accountDeleted?: true;
  /** Deleting the account: the current password was missing or wrong (shown beside the field). */
  passwordError?: string;
} & Partial<AccountFormResult>;

export async function action({ request, context }: ActionFunctionArgs) {
  const cf = context.cloudflare;
  const user = await requireUserForPost(request, cf.env, "/managesub");
  const form = await readForm(request);
  const intent = form?.get("intent");
  if (intent === PASSKEY_REMOVE_INTENT) return removePasskeyAction(request, cf, user, form);
  const account = form ? await accountSettingsAction(request, cf, user, intent, form) : null;
  if (account) return account;
  if (isPastDueIntent(intent)) return pastDueIntent({ request, cf, user, form }, intent);
  if (isPlanIntent(intent)) return planIntent({ request, cf, user, form }, intent);
  if (intent === "deleteListing") return deleteListingIntent(request, cf, user, form);
  if (intent === "deleteAccount") return deleteAccountIntent(request, cf, user, form);
  return data<ActionResult>({ error: ERROR_MSG.unknownAction }, { status: 400, headers: NO_STORE });
}

/**
 * After each change that went through (it redirects back here with a notice), the password forms start
 * empty: typed passwords do not stay in the page after they were used. Keyed on the notice, not on every
 * navigation: a refused attempt's reload must not wipe what the person is typing for the next one.
 */
function useVisitAfterNotice(noticeId: string | null) {
  const [visit, setVisit] = useState(0);
  useEffect(() => {
    if (noticeId) setVisit((n) => n + 1);
  }, [noticeId]);
  return visit;
}

export default function ManageSubscription() {
  const { plan, pendingTier, listings, security, notice, noticeId, account, passkeys, twoFactor, billing, upgrade } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionResult | undefined;
  const deletion = useAccountDeletion();
  const accountFetcher = deletion.fetcher;
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const visit = useVisitAfterNotice(noticeId);

  const confirm = actionData?.confirm;
  // A refused photo choice is told beside the photos, not at the top.
  const error = accountFetcher.data?.error ?? (actionData?.choosePhotos ? undefined : actionData?.error);
  const busy = navigation.state !== "idle" || accountFetcher.state !== "idle";
  const accountResult = (form: AccountFormResult["accountForm"]) =>
    actionData?.accountForm === form ? actionData.result : undefined;
  const passwordError =
    accountFetcher.state === "idle" && accountFetcher.data
      ? accountFetcher.data.passwordError
      : actionData?.passwordError;

  return (
    <InfoPage title="Subscription and Account Settings">
      <div className="space-y-8">
        {error ? (
          <Alert tone="error" data-testid="delete-error" reveal={accountFetcher.data ?? actionData}>
            {error}
          </Alert>
        ) : (
          <FlashNotice notice={notice} />
        )}
        {confirm ? (
          <DeleteConfirmStep
            confirm={confirm}
            passwordError={passwordError}
            freshSecondFactor={account.freshSecondFactor}
            onSubmit={hydrated && confirm.kind === "account" ? deletion.submitWithJs : undefined}
            busy={busy}
          />
        ) : null}
        <SubscriptionSection plan={plan} listings={billing.listings} pendingTier={pendingTier} />
        <PlanNextStep
          result={actionData ?? (upgrade ? { upgrade } : undefined)}
          listings={billing.listings}
          busy={busy}
        />
        <YourListings listings={listings} plans={billing.listings} busy={busy} />
        <PaymentHistory payments={billing.payments} />
        <SessionList sessions={account.sessions} error={accountResult("revokeSession")?.error?.[""]?.[0]} busy={busy} />
        <ChangePasswordForm
          key={`password-${visit}`}
          lastResult={accountResult("changePassword")}
          freshSecondFactor={account.freshForCredentials}
          busy={navigation.formData?.get("intent") === "changePassword"}
        />
        <ChangeEmailForm
          key={`email-${visit}`}
          lastResult={accountResult("changeEmail")}
          freshSecondFactor={account.freshForCredentials}
          busy={navigation.formData?.get("intent") === "changeEmail"}
        />
        <TwoFactorSummary {...twoFactor} />
        <PasskeysSection {...passkeys} />
        <SecurityLogSection events={security} />
        <YourDataSection />
        <DeleteAccountSection busy={busy} />
        <p>
          <Link to="/dashboard" className="inline-flex min-h-11 items-center text-accent underline underline-offset-2">
            Back to Dashboard
          </Link>
        </p>
      </div>
    </InfoPage>
  );
}
