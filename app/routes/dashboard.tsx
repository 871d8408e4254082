// The owner dashboard (spec provider §2, §4): the provider's listings with their switches and this
// month's counters. The rules live in app/features/dashboard/dashboard.ts, the reads and writes in
// app/features/dashboard/dashboard.server.ts, the page's loader and action in dashboard-page.server.ts;
// this module wires them to the page.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Await, useActionData, useAsyncError, useLoaderData, useRevalidator, useRouteError } from "@remix-run/react";
import type { ClientActionFunctionArgs, ClientLoaderFunctionArgs } from "@remix-run/react";
import { Suspense, useEffect, useState } from "react";
import { DashboardCard, DashboardCardSkeleton } from "~/features/dashboard/DashboardCard";
import { DashboardShell } from "~/features/dashboard/DashboardShell";
import { AddNewListing } from "~/features/dashboard/AddNewListing";
import { PaymentsDue } from "~/features/dashboard/PaymentsDue";
import { Alert } from "~/ui/Alert";
import { useProfileUpdates } from "~/features/site/Realtime";
import {
  greeting,
  listingsHeading,
  menuItems,
  RELOAD_FAILED,
  SEND_FAILED,
  showsAddNewListing,
} from "~/features/dashboard/dashboard";
import { expiryDelay, nextExpiry } from "~/features/listings/state";
import { PAUSE_UNTIL_FIELD } from "~/features/listings/upkeep";
import { useInboxUpdates } from "~/features/bookings/components/useInboxUpdates";
import { VerificationNotices } from "~/features/verification/VerificationNotices";
import { AgencyDetailsForm } from "~/features/agencies/AgencyDetailsForm";
import type { AgencyValues } from "~/features/agencies/agency";
import { TwoFactorReminder } from "~/features/accounts/second-factor/TwoFactorOffer";
import { TakedownNotices } from "~/features/takedowns/TakedownNotices";
import { pipeHeaders } from "~/platform/http/page-answer";
import { unsent } from "~/platform/http/unsent";
import { dashboardAction, dashboardPage } from "~/features/dashboard/dashboard-page.server";
import type { ToggleFailure } from "~/features/dashboard/dashboard-page.server";
import { privateMeta } from "~/features/site/seo";

export const meta: MetaFunction = () => privateMeta("Dashboard");

// Per-person pages: the loader's Cache-Control: no-store reaches the document response.
export const headers = pipeHeaders;

export const loader = ({ request, context }: LoaderFunctionArgs) => dashboardPage(request, context);

type DashboardData = Awaited<ReturnType<typeof loader>>["data"] & {
  /** A reload failed (offline, say): these are the cards that were on screen, with a notice. */
  reloadFailed?: true;
};

/** The data the dashboard shows, kept for a reload of it that fails (the browser only). */
let onScreen: DashboardData | null = null;

/**
 * Entering the dashboard from another page shows the skeleton at once and fills in when the server
 * answers. Reloads of the dashboard itself (after a switch, at an expiry) wait for the data instead, so
 * the cards do not blink; a reload that fails keeps the cards on screen and says so, rather than replacing
 * the page with an error (spec provider §8: a failed toggle is logged, the data reloaded, the state
 * reverted). A redirect (signed out meanwhile) is followed. The first document load uses the server's HTML
 * (no hydration step here).
 */
export async function clientLoader({ serverLoader }: ClientLoaderFunctionArgs) {
  const data = serverLoader<typeof loader>() as Promise<DashboardData>;
  if (window.location.pathname !== "/dashboard") return { pending: data };
  try {
    return await data;
  } catch (error) {
    const shown = onScreen;
    if (error instanceof Response || !shown) throw error;
    console.error("dashboard: the reload failed", error);
    return { ...shown, reloadFailed: true as const };
  }
}

export const action = ({ request, context }: ActionFunctionArgs) => dashboardAction(request, context);

/**
 * A post that never got an answer the app can read (the network failed, or something on the way answered
 * 429 or 503 as text) is logged and answered as a refusal of that listing's change: the switch goes back,
 * the reason shows under it and the data is reloaded, and the page stays (spec provider §8). A redirect
 * (the session ended) is followed.
 */
export async function clientAction({ request, serverAction }: ClientActionFunctionArgs) {
  const form = await request.clone().formData();
  try {
    return await serverAction<typeof action>();
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error("dashboard: the change was not sent", error);
    const listingId = form.get("listingId");
    return { ...unsent(SEND_FAILED), listingId: typeof listingId === "string" ? listingId : undefined };
  }
}

export default function Dashboard() {
  const loaded = useLoaderData<typeof clientLoader>() as DashboardData | { pending: Promise<DashboardData> };
  // One Suspense/Await whether the data is here or on its way, so the tree (and the drawer's state)
  // stays the same when a reload swaps one for the other.
  const resolve = "pending" in loaded ? loaded.pending : loaded;
  return (
    <Suspense fallback={<DashboardSkeleton />}>
      <Await resolve={resolve} errorElement={<LoadFailed />}>
        {(d) => <DashboardView data={d} />}
      </Await>
    </Suspense>
  );
}

function DashboardView({ data }: { data: DashboardData }) {
  const { listings, agency, accountFirstName } = data;
  useEffect(() => {
    onScreen = data;
    return () => {
      onScreen = null;
    };
  }, [data]);
  const actionData = useActionData<typeof action>();
  const revalidator = useRevalidator();
  const { revalidate } = revalidator;
  // The clock the cards are drawn with: the server's at first, the browser's after every load and
  // whenever an Active Now window runs out.
  const [now, setNow] = useState(data.now);
  useEffect(() => setNow(Date.now()), [data]);
  useEffect(() => {
    const expiry = nextExpiry(listings, Date.now());
    if (expiry === null) return;
    // A second of slack so the server, asked again, agrees the window is over.
    const timer = setTimeout(
      () => {
        setNow(Date.now());
        revalidate();
      },
      expiryDelay(expiry, Date.now()) + 1000,
    );
    return () => clearTimeout(timer);
  }, [listings, revalidate]);

  // A change made elsewhere (the editor in another tab, an administrator) shows up without a refresh.
  useProfileUpdates(({ modelId: listingId }) => {
    if (revalidator.state === "idle" && listings.some((l) => l.modelId === listingId)) revalidator.revalidate();
  });
  // A booking request coming in (or answered in another tab) updates the menu's count of new ones.
  useInboxUpdates(data.userId, listings.length > 0);

  const heading = listingsHeading(agency);
  const failure = actionData && "error" in actionData ? (actionData as ToggleFailure) : null;
  // A refused return date shows beside its field on its card; anything else at the top of the page.
  const pauseError = failure?.field === PAUSE_UNTIL_FIELD ? failure : null;
  // So does a refused worker's address, on its card's consent form.
  const consentError = failure?.field === "worker-email" ? failure : null;
  // The agency's details keep what was typed, with each error beside its field.
  const agencyFailure =
    failure?.field === "agency"
      ? (actionData as unknown as {
          agencyErrors: Partial<Record<keyof AgencyValues, string>>;
          agencyValues: AgencyValues;
        })
      : null;
  const pageError = failure && !pauseError && !consentError && !agencyFailure ? failure.error : null;
  const sentFor = actionData && "sent" in actionData && "listingId" in actionData ? actionData.listingId : null;
  return (
    <DashboardShell
      greeting={greeting(listings, accountFirstName)}
      menu={menuItems(listings, data.safetyNet, data.newRequests, agency)}
    >
      <div className="mx-auto max-w-6xl space-y-6 px-3 py-6 sm:px-6 sm:py-10">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-3xl font-bold tracking-tight">{heading}</h1>
          {showsAddNewListing(listings.length, agency) ? <AddNewListing userId={data.userId} /> : null}
        </div>
        {data.twoFactor.show ? (
          <TwoFactorReminder hasPasskey={data.twoFactor.hasPasskey} busy={revalidator.state !== "idle"} />
        ) : null}
        <PaymentsDue
          listings={listings.map((l) => ({ listingId: l.modelId, firstName: l.firstName }))}
          deadlines={data.paymentDeadlines}
        />
        <TakedownNotices cases={data.takedowns} />
        <VerificationNotices sent={data.notice} notices={data.verificationNotices} />
        {data.agencyDetails ? (
          <AgencyDetailsForm
            values={agencyFailure?.agencyValues ?? data.agencyDetails.values}
            errors={agencyFailure?.agencyErrors ?? null}
            status={data.agencyDetails.status}
            saved={Boolean(actionData && "agencySaved" in actionData)}
          />
        ) : null}
        {data.reloadFailed ? (
          <Alert tone="warning" data-testid="dashboard-stale">
            {RELOAD_FAILED}
          </Alert>
        ) : null}
        {pageError ? <Alert tone="error">{pageError}</Alert> : null}
        {listings.length === 0 ? (
          <div className="rounded-2xl border border-line bg-panel p-8 text-center">
            <p className="text-lg">You have no listings yet.</p>
            <p className="mt-1 text-muted">Create your listing, then get verified so it can go live.</p>
          </div>
        ) : (
          <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3" data-testid="dashboard-listings">
            {listings.map((listing, i) => (
              <DashboardCard
                key={listing.modelId}
                listing={listing}
                now={now}
                eager={i < 3}
                pauseError={pauseError?.listingId === listing.modelId ? pauseError.error : null}
                paymentDeadline={data.paymentDeadlines[listing.modelId] ?? null}
                worker={
                  agency
                    ? {
                        consent: data.consents[listing.modelId] ?? null,
                        error: consentError?.listingId === listing.modelId ? consentError.error : null,
                        sent: sentFor === listing.modelId,
                      }
                    : null
                }
                publicStatus={data.publicStates[listing.modelId] ?? null}
                heldPhotos={data.heldPhotos[listing.modelId] ?? []}
                numberHeld={data.heldNumbers.includes(listing.modelId)}
              />
            ))}
          </div>
        )}
      </div>
    </DashboardShell>
  );
}

function DashboardSkeleton() {
  return (
    <DashboardShell greeting="Hello, " menu={[]}>
      <div
        className="mx-auto max-w-6xl space-y-6 px-3 py-6 sm:px-6 sm:py-10"
        aria-busy="true"
        data-testid="dashboard-skeleton"
      >
        <p className="sr-only" role="status">
          Loading your listings…
        </p>
        <div className="skeleton h-9 w-56 rounded" aria-hidden="true" />
        <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
          <DashboardCardSkeleton />
          <DashboardCardSkeleton />
          <DashboardCardSkeleton />
        </div>
      </div>
    </DashboardShell>
  );
}

/** The data for the skeleton could not be fetched: a redirect (signed out) is followed, anything else offered again. */
function LoadFailed() {
  const error = useAsyncError();
  const location = error instanceof Response ? error.headers.get("Location") : null;
  useEffect(() => {
    if (location) window.location.assign(location);
  }, [location]);
  return (
    <div className="mx-auto max-w-xl space-y-4 px-4 py-16 text-center">
      <p role="alert" className="text-lg">
        Your listings could not be loaded.
      </p>
      <a
        href="/dashboard"
        className="inline-flex min-h-11 items-center rounded-lg bg-accent px-4 font-semibold text-ink"
      >
        Try again
      </a>
    </div>
  );
}

/**
 * What the dashboard cannot show in place (clientAction and clientLoader keep a failed switch or reload on
 * the page) lands here rather than in the site-wide error page: offer the dashboard again.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  console.error("dashboard:", error);
  return (
    <div className="mx-auto max-w-xl space-y-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Your dashboard could not be shown</h1>
      <p className="text-muted">Please check your connection and try again.</p>
      <a
        href="/dashboard"
        className="inline-flex min-h-11 items-center rounded-lg bg-accent px-4 font-semibold text-ink"
      >
        Reload the dashboard
      </a>
    </div>
  );
}
