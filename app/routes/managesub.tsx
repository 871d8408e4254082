// Subscription and Account Settings (spec provider §2 'Manage'): the current plan, and deleting a listing
// or the whole account. Deleting a listing works without JavaScript through a confirmation step rendered by
// the action; with JavaScript the browser's own confirm() asks the spec's question instead. Deleting the
// account always asks in the page: the question comes with the current password (issue 13).
// The signed-in sessions and the password and e-mail changes (issue 13) are app/features/accounts/settings/
// (its components and account-settings.server.ts).
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useFetcher, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useHydrated } from "~/ui/useHydrated";
import { ChangeEmailForm } from "~/features/accounts/settings/ChangeEmailForm";
import { ChangePasswordForm } from "~/features/accounts/settings/ChangePasswordForm";
import { CurrentPasswordField } from "~/features/accounts/settings/CurrentPasswordField";
import { SessionList } from "~/features/accounts/settings/SessionList";
import { FIELD, type AccountFormResult } from "~/features/accounts/settings/account-settings";
import { InfoPage } from "~/features/site/InfoPage";
import { Alert } from "~/ui/Alert";
import { Button, buttonClass } from "~/ui/Button";
import { FlashNotice } from "~/ui/FlashNotice";
import { PasskeysSection } from "~/features/accounts/second-factor/PasskeysSection";
import { clearSessionCookie } from "~/platform/http/token-cookie.server";
import {
  DELETE_ACCOUNT_CONFIRM,
  deleteErrorText,
  deleteListingConfirm,
  planLabel,
} from "~/features/dashboard/dashboard";
import { isId } from "~/platform/data/ids";
import { ERROR_MSG } from "~/features/site/messages";
import { PLANS } from "~/features/billing/plans";
import { getCurrentSession } from "~/features/accounts/auth.server";
import { requireUser, requireUserForPost } from "~/features/accounts/guards.server";
import { cookieIsSecure } from "~/platform/env";
import { listOwnListingNames, ownerWriteLimited } from "~/features/dashboard/dashboard.server";
import { deleteAccount, deleteListing } from "~/features/listings/delete.server";
import { findManageableListing } from "~/features/listings/access.server";
import { adminDeleteAudit } from "~/features/moderation/moderation.server";
import { CLEAR_STORAGE_HEADER } from "~/platform/http/responses.server";
import { pendingPlanRequest } from "~/features/billing/plan-requests.server";
import { readFlash, setFlash, setToast } from "~/features/site/flash.server";
import { readForm } from "~/platform/http/body.server";
import { loadSecurityLog, requestMeta } from "~/features/accounts/security-log.server";
import { securityEventLabel, SECURITY_LOG_RETENTION_DAYS } from "~/features/accounts/security-log";
import { formatNzTime } from "~/features/moderation/moderation";
import { accountSettingsAction, loadAccountSettings } from "~/features/accounts/settings/account-settings.server";
import { reauthenticate } from "~/features/accounts/account-changes.server";
import { PASSKEY_REMOVE_INTENT } from "~/features/accounts/second-factor/passkeys";
import { loadPasskeySection, removePasskeyAction } from "~/features/accounts/second-factor/passkeys.server";
import { TwoFactorSummary } from "~/features/accounts/second-factor/SecondFactorSummary";
import { totpStatus } from "~/features/accounts/second-factor/totp.server";
import {
  changeSubscription,
  loadBillingSection,
  scheduleDowngrade,
  upgradeNow,
  upgradeQuote,
  type PhotoChoiceView,
} from "~/features/billing/billing.server";
import { KEEP_FIELD } from "~/features/photos/plan-photos";
import { GatewayUnavailableError, PAYMENT_UNAVAILABLE_MSG, paymentGateway } from "~/features/payments/select.server";
import { siteOrigin } from "~/platform/http/site-origin.server";
import { payNow, payWithAnotherCard, type PastDueOutcome } from "~/features/billing/past-due.server";
import {
  DeclinedNextStep,
  ListingPlanActions,
  PlanSummary,
  PaymentHistory,
  UpgradeConfirmation,
  type UpgradeConfirm,
} from "~/features/billing/ListingPlans";
import { PhotoChoiceForm, type PhotoChoice } from "~/features/billing/PhotoChoiceForm";
import { formatPlanPrice } from "~/features/billing/plans";
import { pastDueText } from "~/features/billing/emails";
import { PaymentsWaiting } from "~/features/billing/PaymentsWaiting";

export const meta: MetaFunction = () => [
  { title: "Subscription and Account Settings | Kiwi Companions" },
  { name: "robots", content: "noindex" },
];

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

const NO_STORE = { "Cache-Control": "no-store" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const user = await requireUser(request, context);
  const [listings, pending, securityLog, flash, account, passkeys, twoFactor, billing] = await Promise.all([
    listOwnListingNames(env, user.id),
    pendingPlanRequest(env, user.id),
    // Only ever the signed-in user's own log.
    loadSecurityLog(env, user.id),
    readFlash(request, env),
    // The sessions list and whether a fresh second factor stands in for the password.
    loadAccountSettings(request, env, user),
    loadPasskeySection(request, env, user.id),
    totpStatus(env, user.id),
    loadBillingSection(env, user.id),
  ]);
  const paidPlans = [...new Set(billing.listings.flatMap((l) => (l.plan ? [l.plan] : [])))];
  const security = securityLog.map((e) => ({
    id: e.id,
    when: formatNzTime(e.createdAt),
    at: new Date(e.createdAt).toISOString(),
    event: securityEventLabel(e.event),
    place: e.place,
    device: e.device,
  }));
  return data(
    {
      // The spec's 'Unpaid' until a listing has a paid plan; then the plans the listings have.
      plan: paidPlans.length > 0 ? paidPlans.join(" and ") : planLabel(user.accountType),
      billing,
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

/** 'Pay now' and 'Use another card' on a past-due listing (app/features/billing/past-due.server.ts). */
async function putPastDueRight(
  cf: ActionFunctionArgs["context"]["cloudflare"],
  request: Request,
  user: { id: string; email: string },
  modelId: string,
  intent: "payNow" | "useAnotherCard",
): Promise<PastDueOutcome> {
  const origin = siteOrigin(cf.env, request);
  try {
    const gateway = paymentGateway(cf.env, cf.ctx, origin);
    return intent === "payNow"
      ? await payNow(cf.env, cf.ctx, gateway, user, modelId, origin)
      : await payWithAnotherCard(cf.env, gateway, user, modelId, origin);
  } catch (e) {
    if (e instanceof GatewayUnavailableError) return { ok: false, status: 502, error: PAYMENT_UNAVAILABLE_MSG };
    throw e;
  }
}

type Confirm = { kind: "listing"; modelId: string; name: string } | { kind: "account" };
type ActionResult = {
  error?: string;
  upgrade?: UpgradeConfirm;
  /** The card on file was declined: the next step is another card. */
  declined?: { modelId: string; name: string };
  choosePhotos?: PhotoChoice;
  confirm?: Confirm;
  accountDeleted?: true;
  /** Deleting the account: the current password was missing or wrong (shown beside the field). */
  passwordError?: string;
} & Partial<AccountFormResult>;

export async function action({ request, context }: ActionFunctionArgs) {
  const { env, ctx } = context.cloudflare;
  const user = await requireUserForPost(request, env, "/managesub");
  const form = await readForm(request);
  const intent = form?.get("intent");
  const confirmed = form?.get("confirmed") === "yes";
  const reply = (body: ActionResult, status = 200, headers: HeadersInit = NO_STORE) => data(body, { status, headers });
  if (intent === PASSKEY_REMOVE_INTENT) return removePasskeyAction(request, context.cloudflare, user, form);

  const account = form ? await accountSettingsAction(request, context.cloudflare, user, intent, form) : null;
  if (account) return account;

  if (intent === "payNow" || intent === "useAnotherCard") {
    const modelId = form?.get("modelId");
    if (!isId(modelId)) return reply({ error: "Listing not found." }, 404);
    if (await ownerWriteLimited(env, user.id)) return reply({ error: ERROR_MSG.tooManyChanges }, 429);
    const paid = await putPastDueRight(context.cloudflare, request, user, modelId, intent);
    if (paid.ok && paid.via === "checkout") throw redirect(paid.redirectUrl, { status: 303, headers: NO_STORE });
    if (paid.ok) {
      const notice = paid.status === "succeeded" ? "paymentReceived" : "paymentProcessing";
      throw redirect("/managesub", { status: 303, headers: await setFlash(new Headers(NO_STORE), env, notice) });
    }
    if (paid.declined) {
      const name = (await listOwnListingNames(env, user.id)).find((l) => l.modelId === modelId)?.firstName ?? "";
      return reply({ declined: { modelId, name } }, paid.status);
    }
    return reply({ error: paid.error }, paid.status);
  }

  if (
    intent === "cancelPlan" ||
    intent === "resumePlan" ||
    intent === "downgradePlan" ||
    intent === "keepPlan" ||
    intent === "upgradePlan"
  ) {
    const modelId = form?.get("modelId");
    if (!isId(modelId)) return reply({ error: "Listing not found." }, 404);
    if (await ownerWriteLimited(env, user.id)) return reply({ error: ERROR_MSG.tooManyChanges }, 429);
    const withName = async (choice: PhotoChoiceView): Promise<PhotoChoice> => ({
      ...choice,
      name: (await listOwnListingNames(env, user.id)).find((l) => l.modelId === choice.modelId)?.firstName ?? "",
    });
    if (intent === "upgradePlan") {
      if (!confirmed) {
        // The amount first: nothing is charged until the owner has seen it and confirmed.
        const quote = await upgradeQuote(env, user.id, modelId);
        if (!quote.ok) return reply({ error: quote.error }, quote.status);
        const name = (await loadBillingSection(env, user.id)).listings.find((l) => l.modelId === modelId)?.firstName;
        return reply({ upgrade: { modelId, name: name ?? "", amountCents: quote.amountCents } });
      }
      const expected = Number(form?.get("expectedCents"));
      if (!Number.isInteger(expected) || expected < 0) return reply({ error: "Confirm the amount again." }, 400);
      try {
        const origin = siteOrigin(env, request);
        const charged = await upgradeNow(
          env,
          ctx,
          paymentGateway(env, ctx, origin),
          user.id,
          modelId,
          expected,
          origin,
        );
        if (!charged.ok) return reply({ error: charged.error }, charged.status);
        // The upgrade went through (or waits for the bank): said by the toast on the page it comes back to.
        const toast = charged.status === "succeeded" ? "upgraded" : "upgradeProcessing";
        throw redirect("/managesub", { status: 303, headers: await setToast(new Headers(NO_STORE), env, toast) });
      } catch (e) {
        if (e instanceof GatewayUnavailableError) return reply({ error: PAYMENT_UNAVAILABLE_MSG }, 503);
        throw e;
      }
    }
    if (intent === "downgradePlan") {
      // No-JS friendly: the first post asks which photos stay public (when there are too many), the second
      // carries the ticked boxes.
      const keep = form?.get("choosing") === "1" ? form.getAll(KEEP_FIELD) : null;
      const scheduled = await scheduleDowngrade(env, ctx, user.id, modelId, keep);
      if (scheduled.ok === "choose") return reply({ choosePhotos: await withName(scheduled.choice) });
      if (!scheduled.ok) {
        const choosePhotos = scheduled.choice ? await withName(scheduled.choice) : undefined;
        return reply({ error: scheduled.error, choosePhotos }, scheduled.status);
      }
      throw redirect("/managesub", { status: 303, headers: NO_STORE });
    }
    const event =
      intent === "cancelPlan"
        ? ({ type: "cancel" } as const)
        : intent === "resumePlan"
          ? ({ type: "resume" } as const)
          : ({ type: "keepPlan" } as const);
    const changed = await changeSubscription(env, ctx, user.id, modelId, event);
    if (!changed.ok) return reply({ error: changed.error }, changed.status);
    throw redirect("/managesub", { status: 303, headers: NO_STORE });
  }

  if (intent === "deleteListing") {
    const modelId = form?.get("modelId");
    const error = deleteErrorText("listing");
    if (!isId(modelId)) return reply({ error }, 400);
    const listing = await findManageableListing(env, user, modelId);
    if (!listing) return reply({ error }, 403);
    if (!confirmed) return reply({ confirm: { kind: "listing", modelId, name: listing.firstName } });
    if (await ownerWriteLimited(env, user.id)) return reply({ error: ERROR_MSG.tooManyChanges }, 429);
    try {
      // An administrator deleting here is an administrator action: audited in the same batch.
      const meta = listing.userId === user.id ? requestMeta(request, context.cloudflare.cf) : undefined;
      await deleteListing(env, ctx, modelId, { audit: user.isAdmin ? adminDeleteAudit(user) : undefined, meta });
    } catch (e) {
      console.error("managesub: listing delete failed", modelId, e);
      return reply({ error }, 500);
    }
    // Spec §4: deleting a listing reloads the list.
    throw redirect("/managesub", {
      status: 303,
      headers: await setFlash(new Headers(NO_STORE), env, "listingDeleted"),
    });
  }

  if (intent === "deleteAccount") {
    if (!confirmed) return reply({ confirm: { kind: "account" } });
    // The password again (or a fresh second factor): an open or stolen session alone cannot delete the account.
    const current = await getCurrentSession(request, env);
    const identity = current
      ? await reauthenticate(request, context.cloudflare, user, current.session, form?.get(FIELD.currentPassword))
      : ({ ok: false, status: 400, error: deleteErrorText("account") } as const);
    if (!identity.ok) return reply({ confirm: { kind: "account" }, passwordError: identity.error }, identity.status);
    try {
      await deleteAccount(env, ctx, user.id);
    } catch (e) {
      console.error("managesub: account delete failed", e);
      return reply({ error: deleteErrorText("account") }, 500);
    }
    // The session rows are gone; the cookie goes too, and the browser is asked to drop local storage.
    const headers = new Headers({ ...NO_STORE, "Set-Cookie": clearSessionCookie(cookieIsSecure(env)) });
    headers.set(...CLEAR_STORAGE_HEADER);
    // With JavaScript the page clears local storage itself and leaves for the home page.
    if (form?.get("js") === "1") return reply({ accountDeleted: true }, 200, headers);
    throw redirect("/", { status: 303, headers });
  }

  return reply({ error: ERROR_MSG.unknownAction }, 400);
}

export default function ManageSubscription() {
  const { plan, pendingTier, listings, security, notice, noticeId, account, passkeys, twoFactor, billing } =
    useLoaderData<typeof loader>();
  const planOf = new Map(billing.listings.map((l) => [l.modelId, l]));
  const actionData = useActionData<typeof action>() as ActionResult | undefined;
  const accountFetcher = useFetcher<ActionResult>({ key: "delete-account" });
  const navigation = useNavigation();
  const submit = useSubmit();
  const hydrated = useHydrated();
  // After each change that went through (it redirects back here with a notice), the password forms start
  // empty: typed passwords do not stay in the page after they were used. Keyed on the notice, not on every
  // navigation: a refused attempt's reload must not wipe what the person is typing for the next one.
  const [visit, setVisit] = useState(0);
  useEffect(() => {
    if (noticeId) setVisit((n) => n + 1);
  }, [noticeId]);

  useEffect(() => {
    if (!accountFetcher.data?.accountDeleted) return;
    // Spec §4: deleting the account clears local storage (the cached user, drafts, favourites) and goes home.
    try {
      localStorage.clear();
      sessionStorage.clear();
    } catch {
      // Storage may be unavailable; the server already asked the browser to clear it.
    }
    window.location.replace("/");
  }, [accountFetcher.data]);

  /** With JavaScript: the browser asks (spec §5 wording); on OK the form goes out already confirmed. */
  function confirmThen(question: string) {
    return (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (!window.confirm(question)) return;
      const body = new FormData(event.currentTarget);
      body.set("confirmed", "yes");
      body.set("js", "1");
      submit(body, { method: "post", action: "/managesub" });
    };
  }

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

  /** The account's confirmation step, with JavaScript: sent by the fetcher so the page can clear storage. */
  function deleteAccountWithJs(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = new FormData(event.currentTarget);
    body.set("js", "1");
    accountFetcher.submit(body, { method: "post", action: "/managesub" });
  }

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
          <ConfirmStep
            confirm={confirm}
            passwordError={passwordError}
            freshSecondFactor={account.freshSecondFactor}
            onSubmit={hydrated && confirm.kind === "account" ? deleteAccountWithJs : undefined}
            busy={busy}
          />
        ) : null}

        <section aria-labelledby="plan-title" className="space-y-4 rounded-2xl border border-line bg-panel p-6">
          <h2 id="plan-title" className="text-xl font-semibold">
            Subscription
          </h2>
          {billing.listings.some((l) => l.plan) ? (
            <PlanSummary listings={billing.listings} />
          ) : (
            <p className="text-lg">
              Current plan:{" "}
              <strong className="text-accent" data-testid="current-plan">
                {plan}
              </strong>
            </p>
          )}
          <PaymentsWaiting open={billing.listings.some((l) => l.paymentOpen)} />
          {pendingTier ? (
            <p className="text-sm text-zinc-300">
              You chose the {PLANS[pendingTier].name} plan: create your listing, then pay for it on the plans page.
            </p>
          ) : null}
          {billing.listings.some((l) => !l.plan) ? (
            <>
              <p className="text-zinc-300">To access all features, please upgrade your plan.</p>
              <Link to="/subscriptions" className={buttonClass({ size: "roomy" })}>
                Upgrade Plan
              </Link>
            </>
          ) : null}
        </section>

        {actionData?.declined ? (
          <DeclinedNextStep
            declined={actionData.declined}
            deadline={planOf.get(actionData.declined.modelId)?.deadline ?? null}
            busy={busy}
          />
        ) : null}
        {actionData?.upgrade ? <UpgradeConfirmation confirm={actionData.upgrade} busy={busy} /> : null}
        {actionData?.choosePhotos ? (
          <PhotoChoiceForm choice={actionData.choosePhotos} error={actionData.error} busy={busy} />
        ) : null}

        <section aria-labelledby="listings-title" className="space-y-4 rounded-2xl border border-line bg-panel p-6">
          <h2 id="listings-title" className="text-xl font-semibold">
            Your listings
          </h2>
          {listings.length === 0 ? (
            <p className="text-muted">You have no listings.</p>
          ) : (
            <ul className="divide-y divide-line">
              {listings.map((l) => (
                <li key={l.modelId} className="space-y-3 py-3" data-testid="managed-listing">
                  <span className="block space-y-1">
                    <span className="block font-medium">{l.firstName}</span>
                    <ListingPlanLine plan={planOf.get(l.modelId)} />
                  </span>
                  {/* The plan's actions and Delete as one group under the name, in every row alike, whichever
                      actions a plan has (a lone 'Choose a plan' otherwise sat in the middle of its row). */}
                  <div className="flex flex-wrap items-center gap-2">
                    {planOf.get(l.modelId) ? <ListingPlanActions listing={planOf.get(l.modelId)!} busy={busy} /> : null}
                    <Form
                      method="post"
                      onSubmit={hydrated ? confirmThen(deleteListingConfirm(l.firstName)) : undefined}
                    >
                      <input type="hidden" name="intent" value="deleteListing" />
                      <input type="hidden" name="modelId" value={l.modelId} />
                      <Button
                        type="submit"
                        variant="danger"
                        disabled={busy}
                        aria-label={`Delete Listing ${l.firstName}`}
                      >
                        Delete Listing
                      </Button>
                    </Form>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>

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

        <section
          aria-labelledby="security-title"
          className="space-y-4 rounded-2xl border border-line bg-panel p-6"
          data-testid="security-log"
        >
          <h2 id="security-title" className="text-xl font-semibold">
            Account security
          </h2>
          <p className="text-sm text-zinc-300">
            Sign-ins, failed sign-ins, changes to your password, e-mail address, two-factor sign-in and passkeys,
            signed-out sessions, password resets and deletions on your account in the last {SECURITY_LOG_RETENTION_DAYS}{" "}
            days, in New Zealand time. If one was not you, reset your password.
          </p>
          {security.length === 0 ? (
            <p className="text-muted">Nothing recorded yet.</p>
          ) : (
            // One card per entry: a table of four columns was wider than a phone.
            <ol className="space-y-2" data-testid="security-events">
              {security.map((e) => (
                <li
                  key={e.id}
                  className="space-y-1 rounded-xl border border-line bg-ink/60 p-3 text-sm break-words"
                  data-testid="security-event"
                >
                  <p className="font-medium text-white">{e.event}</p>
                  <p className="text-zinc-300">
                    <time dateTime={e.at}>{e.when}</time>
                  </p>
                  <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 text-muted">
                    <dt>Where (approximate):</dt>
                    <dd>{e.place || "Unknown"}</dd>
                    <dt>Device:</dt>
                    <dd>{e.device || "Unknown"}</dd>
                  </dl>
                </li>
              ))}
            </ol>
          )}
        </section>

        <section aria-labelledby="your-data-title" className="space-y-4 rounded-2xl border border-line bg-panel p-6">
          <h2 id="your-data-title" className="text-xl font-semibold">
            Your data
          </h2>
          <p className="text-zinc-300">
            One file with your account details, every listing with its photos and stats, and your security log.
          </p>
          <Link to="/account/your-data" className={buttonClass({ variant: "secondary" })} data-testid="your-data-link">
            Download my data
          </Link>
        </section>

        <section aria-labelledby="account-title" className="space-y-4 rounded-2xl border border-rose-900 bg-panel p-6">
          <h2 id="account-title" className="text-xl font-semibold">
            Delete account
          </h2>
          <p className="text-zinc-300">
            This permanently removes your account, every listing, photo and statistic, and signs you out everywhere.
          </p>
          {/* No confirm() here: the confirmation step asks the question and the current password. */}
          <Form method="post">
            <input type="hidden" name="intent" value="deleteAccount" />
            <Button type="submit" variant="danger" disabled={busy}>
              Delete My Account
            </Button>
          </Form>
        </section>

        <p>
          <Link to="/dashboard" className="inline-flex min-h-11 items-center text-accent underline underline-offset-2">
            Back to Dashboard
          </Link>
        </p>
      </div>
    </InfoPage>
  );
}

/**
 * The question asked in the page before anything is deleted: for a listing without JavaScript, for the
 * account always, with the current password (or a fresh second factor) that deleting it needs.
 */
function ConfirmStep({
  confirm,
  passwordError,
  freshSecondFactor,
  onSubmit,
  busy,
}: {
  confirm: Confirm;
  passwordError?: string;
  freshSecondFactor: boolean;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  busy: boolean;
}) {
  const question = confirm.kind === "listing" ? deleteListingConfirm(confirm.name) : DELETE_ACCOUNT_CONFIRM;
  const ref = useRef<HTMLElement>(null);
  // The step appears at the top of a long page: bring it into view and put the keyboard there.
  useEffect(() => {
    ref.current?.scrollIntoView({ block: "start" });
    ref.current?.focus();
  }, [confirm.kind]);
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby="confirm-title"
      className="space-y-4 rounded-2xl border-2 border-rose-400 bg-rose-950/40 p-6"
      data-testid="delete-confirm"
    >
      <h2 id="confirm-title" className="text-xl font-semibold">
        Please confirm
      </h2>
      <p className="text-lg">{question}</p>
      <div className="flex flex-wrap items-end gap-3">
        <Form method="post" onSubmit={onSubmit} className="space-y-4">
          <input type="hidden" name="intent" value={confirm.kind === "listing" ? "deleteListing" : "deleteAccount"} />
          {confirm.kind === "listing" ? <input type="hidden" name="modelId" value={confirm.modelId} /> : null}
          <input type="hidden" name="confirmed" value="yes" />
          {confirm.kind === "account" ? (
            <CurrentPasswordField
              id="delete-account-password"
              errors={passwordError ? [passwordError] : null}
              freshSecondFactor={freshSecondFactor}
            />
          ) : null}
          <Button type="submit" variant="destructive" size="roomy" busy={busy}>
            {confirm.kind === "listing" ? "Yes, delete this listing" : "Yes, delete my account"}
          </Button>
        </Form>
        <Link to="/managesub" className={buttonClass({ variant: "secondary", size: "roomy" })}>
          Cancel
        </Link>
      </div>
    </section>
  );
}

function ListingPlanLine({
  plan,
}: {
  plan: ReturnType<typeof useLoaderData<typeof loader>>["billing"]["listings"][number] | undefined;
}) {
  if (!plan) return null;
  return (
    <span className="block text-sm text-zinc-300" data-testid="listing-plan">
      {plan.plan ? `${plan.plan}: ` : ""}
      {plan.statusLabel}
      {plan.periodEnd && !plan.gift && !plan.deadline
        ? ` (${plan.status === "cancelling" ? "ends" : "renews"} ${plan.periodEnd})`
        : ""}
      {plan.deadline ? (
        <strong className="mt-1 block text-rose-200" data-testid="payment-deadline">
          {pastDueText(plan.deadline)}
        </strong>
      ) : null}
      {plan.upgradeCents !== null && plan.upgradeCents > 0
        ? `. Upgrade to Featured now for ${formatPlanPrice(plan.upgradeCents)}`
        : ""}
      {plan.expiredBadge ? (
        <span className="ml-2 rounded-full border border-red-400 px-2 py-0.5 text-xs text-red-300">
          {plan.expiredBadge}
        </span>
      ) : null}
    </span>
  );
}
