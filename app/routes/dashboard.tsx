// The owner dashboard (spec provider §2, §4): the provider's listings with their switches and this
// month's counters. The rules live in app/features/dashboard/dashboard.ts, the reads and writes in
// app/features/dashboard/dashboard.server.ts; this module wires them to the page.
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import {
  Await,
  useActionData,
  useAsyncError,
  useLoaderData,
  useRevalidator,
  useRouteError,
  type ClientLoaderFunctionArgs,
} from "@remix-run/react";
import { Suspense, useEffect, useState } from "react";
import { DashboardCard, DashboardCardSkeleton } from "~/features/dashboard/DashboardCard";
import { DashboardShell } from "~/features/dashboard/DashboardShell";
import { AddNewListing } from "~/features/dashboard/AddNewListing";
import { Alert } from "~/ui/Alert";
import { useProfileUpdates } from "~/features/site/Realtime";
import { greeting, listingsHeading, menuItems, showsAddNewListing } from "~/features/dashboard/dashboard";
import { expiryDelay, nextExpiry, parseDesired } from "~/features/listings/state";
import { isId } from "~/platform/data/ids";
import { ERROR_MSG } from "~/features/site/messages";
import { requireUser, requireUserForPost } from "~/features/accounts/guards.server";
import { loadDashboardListings, ownerWriteLimited, setListingFlag } from "~/features/dashboard/dashboard.server";
import { pauseListing, resumeListing } from "~/features/listings/pause.server";
import { confirmFromDashboard } from "~/features/listings/stale-check.server";
import { PAUSE_UNTIL_FIELD } from "~/features/listings/upkeep";
import { VerificationNotices } from "~/features/verification/VerificationNotices";
import { loadVerificationNotices } from "~/features/verification/notices.server";
import { readFlash } from "~/features/site/flash.server";
import { pastDueDeadlines } from "~/features/billing/billing.server";
import { readForm } from "~/platform/http/body.server";
import { NO_STORE, pipeHeaders } from "~/platform/http/page-answer";
import { privateMeta } from "~/features/site/seo";

export const meta: MetaFunction = () => privateMeta("Dashboard");

// Per-person pages: the loader's Cache-Control: no-store reaches the document response.
export const headers = pipeHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  // Routes match case-insensitively; /Dashboard (the spec's spelling) settles on one address.
  if (url.pathname !== "/dashboard") throw redirect(`/dashboard${url.search}`, 301);
  const user = await requireUser(request, context);
  const now = Date.now();
  const [listings, verificationNotices, flash, paymentDeadlines] = await Promise.all([
    loadDashboardListings(context.cloudflare.env, user.id, now),
    loadVerificationNotices(context.cloudflare.env, user.id, now),
    // "Request sent" after the verification pages redirect here.
    readFlash(request, context.cloudflare.env),
    // Past-due listings: the deadline before they are hidden, on their cards.
    pastDueDeadlines(context.cloudflare.env, user.id),
  ]);
  return data(
    {
      userId: user.id,
      accountFirstName: user.firstName,
      agency: user.agency,
      listings,
      verificationNotices,
      notice: flash.notice,
      now,
      paymentDeadlines,
    },
    { headers: flash.headers },
  );
}

type DashboardData = Awaited<ReturnType<typeof loader>>["data"];

/**
 * Entering the dashboard from another page shows the skeleton at once and fills in when the server
 * answers. Reloads of the dashboard itself (after a switch, at an expiry) wait for the data instead, so
 * the cards do not blink. The first document load uses the server's HTML (no hydration step here).
 */
export async function clientLoader({ serverLoader }: ClientLoaderFunctionArgs) {
  const data = serverLoader<typeof loader>() as Promise<DashboardData>;
  if (window.location.pathname !== "/dashboard") return { pending: data };
  return data;
}

type ToggleFailure = { error: string; modelId?: string; field?: string };

/**
 * The switches' form posts: intent 'active' | 'live', modelId, value 'true' | 'false'. With JavaScript
 * (the fetcher adds js=1) the answer is data; without it a redirect back (post/redirect/get).
 * 'Take a break' posts intent 'pause' (with the return date in `until`, empty for 'until I resume') or
 * 'resume'; a refused date comes back beside its field.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { env, ctx } = context.cloudflare;
  const user = await requireUserForPost(request, env, "/dashboard");
  const form = await readForm(request);
  const intent = form?.get("intent");
  const modelId = form?.get("modelId");
  const desired = parseDesired(form?.get("value") ?? undefined);
  const fail = (status: number, error: string) =>
    data<ToggleFailure>(
      { error, modelId: typeof modelId === "string" ? modelId : undefined },
      { status, headers: NO_STORE },
    );
  if (intent === "pause" || intent === "resume" || intent === "confirm") {
    if (!isId(modelId)) return fail(400, ERROR_MSG.invalidModelId);
    if (await ownerWriteLimited(env, user.id)) return fail(429, ERROR_MSG.tooManyChanges);
    const until = form?.get(PAUSE_UNTIL_FIELD);
    const result =
      intent === "pause"
        ? await pauseListing(env, ctx, user.id, modelId, typeof until === "string" ? until : "")
        : intent === "resume"
          ? await resumeListing(env, ctx, user.id, modelId)
          : await confirmFromDashboard(env, ctx, user.id, modelId);
    if (!result.ok)
      return data<ToggleFailure>(
        { error: result.error, modelId, field: result.field },
        { status: result.status, headers: NO_STORE },
      );
    if (form?.get("js") !== "1") throw redirect("/dashboard", { status: 303, headers: NO_STORE });
    return data({ ok: true as const, modelId }, { headers: NO_STORE });
  }
  if (intent !== "active" && intent !== "live") return fail(400, ERROR_MSG.unknownAction);
  if (!isId(modelId)) return fail(400, ERROR_MSG.invalidModelId);
  if (desired === null) return fail(400, "value must be true or false");
  if (await ownerWriteLimited(env, user.id)) return fail(429, ERROR_MSG.tooManyChanges);
  const result = await setListingFlag(env, ctx, user.id, modelId, intent, desired);
  if (!result.ok) return fail(result.status, result.error);
  if (form?.get("js") !== "1") throw redirect("/dashboard", { status: 303, headers: NO_STORE });
  return data({ ok: true as const, modelId }, { headers: NO_STORE });
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
  useProfileUpdates(({ modelId }) => {
    if (revalidator.state === "idle" && listings.some((l) => l.modelId === modelId)) revalidator.revalidate();
  });

  const heading = listingsHeading(agency);
  const failure = actionData && "error" in actionData ? (actionData as ToggleFailure) : null;
  // A refused return date shows beside its field on its card; anything else at the top of the page.
  const pauseError = failure?.field === PAUSE_UNTIL_FIELD ? failure : null;
  const pageError = failure && !pauseError ? failure.error : null;
  return (
    <DashboardShell greeting={greeting(listings, accountFirstName)} menu={menuItems(listings)}>
      <div className="mx-auto max-w-6xl space-y-6 px-3 py-6 sm:px-6 sm:py-10">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-3xl font-bold tracking-tight">{heading}</h1>
          {showsAddNewListing(listings.length, agency) ? <AddNewListing userId={data.userId} /> : null}
        </div>
        <VerificationNotices sent={data.notice} notices={data.verificationNotices} />
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
                pauseError={pauseError?.modelId === listing.modelId ? pauseError.error : null}
                paymentDeadline={data.paymentDeadlines[listing.modelId] ?? null}
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
 * A switch whose request never reached the server (offline, say) lands here rather than in the site-wide
 * error page: nothing was changed, so offer the dashboard again.
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
