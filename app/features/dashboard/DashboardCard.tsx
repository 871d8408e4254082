import { Link } from "@remix-run/react";
import { activityOf } from "~/core/activity";
import { weekAfterPaying } from "~/features/billing/public-status";
import { upgradePath } from "~/features/billing/upgrade";
import { plansPathFor, PLANS } from "~/core/plans";
import type { PublicStatus } from "~/features/billing/public-status";
import { coverUrl } from "./dashboard";
import type { DashboardListing } from "./dashboard";
import type { HeldPhotoView } from "~/features/verification/verification";
import { HeldNumber, HeldPhotos, PaymentDeadline } from "./card/CardNotices";
export { DashboardCardSkeleton } from "./card/DashboardCardSkeleton";
import {
  ACTIVE_WINDOW_HOURS,
  activeForText,
  badgeText,
  canToggleActive,
  canToggleLive,
  hoursLeft,
  isListingActive,
  statusLine,
} from "~/features/listings/state";
import { Photo } from "~/features/photos/Photo";
import { ListingToggle } from "./ListingToggle";
import { SetupChecklist } from "./card/SetupChecklist";
import { ConfirmListing, TakeABreak } from "./TakeABreak";
import { WorkerConsentForm } from "~/features/agencies/WorkerConsentForm";
import type { WorkerConsentSummary } from "~/features/agencies/WorkerConsentForm";

const BADGE_STYLE: Record<ReturnType<typeof badgeText>, string> = {
  LIVE: "bg-emerald-500 text-ink",
  Hidden: "bg-zinc-800 text-zinc-100 ring-1 ring-zinc-500",
  "Hidden - Get Verified": "bg-amber-400 text-ink",
  "Hidden - Choose a plan": "bg-amber-400 text-ink",
  "Hidden - Verification pending": "bg-sky-300 text-ink",
  "Hidden - Subscription expired": "bg-red-500 text-ink",
  "Hidden - confirm your listing": "bg-amber-400 text-ink",
  "Hidden - Waiting for the worker": "bg-sky-300 text-ink",
  "Hidden - Agency check pending": "bg-sky-300 text-ink",
  "Hidden - Number under review": "bg-sky-300 text-ink",
};

const BUTTON =
  "inline-flex min-h-11 flex-1 items-center justify-center rounded-lg border border-line px-3 text-sm font-semibold hover:border-accent hover:text-accent";

function activeHint(listing: DashboardListing, now: number): string {
  if (isListingActive(listing, now)) return activeForText(hoursLeft(listing.activeUntil, now));
  if (!listing.live) return "Turn Live on first to use Active Now.";
  const recent = activityOf(listing.active, listing.activeUntil, now);
  const base = `Shows you as Active Now for the next ${ACTIVE_WINDOW_HOURS} hours.`;
  return recent.kind === "recent" ? `${recent.label}. ${base}` : base;
}

function liveHint(listing: DashboardListing): string {
  // With an ID request waiting, 'Get verified' would ask for what has been sent already.
  if (!listing.verified && !listing.live)
    return listing.idPending
      ? "Your ID is being reviewed. The listing can go live once it is approved."
      : "Get verified to go live.";
  return listing.live ? "Visible to everyone." : "Hidden from the public.";
}

/** Kept: `value.toLocaleString("en-NZ")` builds a number format on every call, and each card shows several. */
const counts = new Intl.NumberFormat("en-NZ");

function Tile({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg border border-line bg-ink px-2 py-3 text-center">
      <dt className="text-xs leading-tight text-muted">{label}</dt>
      <dd className="mt-1 text-xl font-bold tabular-nums text-white">{counts.format(value)}</dd>
    </div>
  );
}

/** A 3:4 thumbnail beside the name keeps the switches within reach on a phone. */
function CardHeading({
  listing,
  cover,
  nameId,
  now,
  eager,
}: {
  listing: DashboardListing;
  cover: string | null;
  nameId: string;
  now: number;
  eager?: boolean;
}) {
  const badge = badgeText({ ...listing, paid: listing.plan !== null });
  return (
    <div className="flex gap-4 p-4">
      <div className="aspect-[3/4] w-24 shrink-0 overflow-hidden rounded-lg bg-zinc-900 sm:w-28">
        {cover ? (
          <Photo
            src={cover}
            alt={`Cover photo of ${listing.firstName}`}
            width={300}
            height={400}
            eager={eager}
            className="h-full w-full object-cover"
          />
        ) : (
          <div className="flex h-full w-full items-center justify-center p-1 text-center text-sm text-muted">
            No Image
          </div>
        )}
      </div>
      <div className="min-w-0 space-y-2">
        <span
          className={`inline-block rounded-full px-2.5 py-1 text-xs font-bold ${BADGE_STYLE[badge]}`}
          data-testid="listing-badge"
        >
          {badge}
        </span>
        <h2 id={nameId} className="text-xl font-semibold">
          {listing.firstName}
        </h2>
        <p className="text-sm text-muted" data-testid="listing-status" suppressHydrationWarning>
          {statusLine(listing, now)}
        </p>
      </div>
    </div>
  );
}

function CardToggles({ listing, now }: { listing: DashboardListing; now: number }) {
  return (
    <div className="grid gap-3">
      <ListingToggle
        listingId={listing.modelId}
        firstName={listing.firstName}
        flag="active"
        label="Active Now"
        on={isListingActive(listing, now)}
        enabled={canToggleActive(listing, now)}
        hint={activeHint(listing, now)}
      />
      <ListingToggle
        listingId={listing.modelId}
        firstName={listing.firstName}
        flag="live"
        label="Live"
        on={listing.live}
        enabled={canToggleLive(listing)}
        hint={liveHint(listing)}
      />
    </div>
  );
}

/**
 * Edit, View (only once there is a photo to show) and Upgrade, for this listing: on Standard to its upgrade's
 * quote, unpaid to the plans for it. A Featured listing has nothing to upgrade to, so no Upgrade.
 */
function CardLinks({
  listingId,
  firstName,
  viewable,
  plan,
}: {
  listingId: string;
  firstName: string;
  viewable: boolean;
  plan: string | null;
}) {
  return (
    <div className="flex gap-2">
      <Link to={`/profile/edit/${listingId}`} className={BUTTON} aria-label={`Edit ${firstName}`}>
        Edit
      </Link>
      {viewable ? (
        <Link to={`/view/${listingId}`} className={BUTTON} aria-label={`View ${firstName}`}>
          View
        </Link>
      ) : null}
      {plan === PLANS.featured.name ? null : (
        <Link
          to={plan === PLANS.standard.name ? upgradePath(listingId) : plansPathFor(listingId)}
          className={`${BUTTON} border-accent text-accent`}
          aria-label={`Upgrade ${firstName}`}
          data-testid="card-upgrade"
        >
          Upgrade
        </Link>
      )}
    </div>
  );
}

function MonthlyPerformance({ listing }: { listing: DashboardListing }) {
  return (
    <section aria-label={`Monthly Performance of ${listing.firstName}`}>
      <h3 className="mb-2 text-sm font-semibold uppercase tracking-wide text-zinc-300">Monthly Performance</h3>
      <dl className="grid grid-cols-3 gap-2" data-testid="listing-tiles">
        <Tile label="Views on listing" value={listing.profileClicks} />
        <Tile label="Likes" value={listing.likes} />
        <Tile label="Contacts opened" value={listing.contactClicks} />
      </dl>
    </section>
  );
}

export function DashboardCard({
  listing,
  now,
  eager,
  pauseError = null,
  paymentDeadline = null,
  worker = null,
  publicStatus = null,
  heldPhotos = [],
  numberHeld = false,
}: {
  listing: DashboardListing;
  now: number;
  eager?: boolean;
  /** The refused return date of this card's 'Take a break' form, if that was the last post. */
  pauseError?: string | null;
  /** Past due: when the listing is hidden unless the failed renewal is paid (worded). */
  paymentDeadline?: string | null;
  /** An agency's listing: its worker's consent, and this card's last consent post (docs/decisions/0058). */
  worker?: { consent: WorkerConsentSummary | null; error: string | null; sent: boolean } | null;
  /** Hidden: whether its paid week waits for it to be public. */
  publicStatus?: PublicStatus | null;
  /** New photos held because they match a photo of another account (decision 0057). */
  heldPhotos?: readonly HeldPhotoView[];
  /** A new contact number held because another account's listing has it (decision 0062). */
  numberHeld?: boolean;
}) {
  const cover = coverUrl(listing.ImageUrls);
  // The checklist is the one list of what the listing still needs (each step with its link and state); the
  // card's own controls cover a break, a confirmation and the Live switch. What none of them says is that a
  // paid week waits for the listing to be public (docs/decisions/0050-paid-week-starts-when-public.md).
  const week = publicStatus ? weekAfterPaying(listing.firstName, publicStatus) : null;
  const nameId = `listing-name-${listing.modelId}`;
  return (
    <article
      aria-labelledby={nameId}
      className="overflow-hidden rounded-xl border border-line bg-panel"
      data-testid="dashboard-card"
    >
      <CardHeading listing={listing} cover={cover} nameId={nameId} now={now} eager={eager} />
      <div className="space-y-4 px-4 pb-4">
        <SetupChecklist listing={listing} />
        {week ? (
          <p
            className="rounded-lg border border-sky-300/60 bg-sky-950/40 p-3 text-sm text-zinc-100"
            data-testid="public-week"
          >
            {week}
          </p>
        ) : null}
        <CardToggles listing={listing} now={now} />
        {worker ? (
          <WorkerConsentForm
            listingId={listing.modelId}
            firstName={listing.firstName}
            consent={worker.consent}
            error={worker.error}
            sent={worker.sent}
          />
        ) : null}
        {paymentDeadline ? <PaymentDeadline deadline={paymentDeadline} firstName={listing.firstName} /> : null}
        {heldPhotos.length ? <HeldPhotos photos={heldPhotos} firstName={listing.firstName} /> : null}
        {numberHeld ? <HeldNumber /> : null}
        {listing.staleAsked ? <ConfirmListing listingId={listing.modelId} firstName={listing.firstName} /> : null}
        <TakeABreak listing={listing} now={now} error={pauseError} />
        <CardLinks
          listingId={listing.modelId}
          firstName={listing.firstName}
          viewable={cover !== null}
          plan={listing.plan}
        />
        <MonthlyPerformance listing={listing} />
      </div>
    </article>
  );
}
