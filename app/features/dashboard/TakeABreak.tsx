// 'Take a break' on a dashboard card (docs/dashboard.md): a live listing can leave the public list until a date, or
// until resumed; a paused one says until when and can come back at once. Plain form posts, so it works
// without JavaScript; a refused date comes back beside its field.
import { Form } from "@remix-run/react";
import { isPaused, MAX_PAUSE_DAYS, PAUSE_UNTIL_FIELD, pausedLine } from "~/features/listings/upkeep";
import { addDays, nzDate } from "~/platform/time/nz-time";
import type { DashboardListing } from "./dashboard";

const BUTTON =
  "inline-flex min-h-11 items-center justify-center rounded-lg border border-line px-3 text-sm font-semibold hover:border-accent hover:text-accent";

type Props = {
  listing: Pick<DashboardListing, "modelId" | "firstName" | "live" | "pausedAt" | "pausedUntil">;
  now: number;
  error: string | null;
};

export function TakeABreak({ listing, now, error }: Props) {
  const { modelId: listingId, firstName, live, pausedAt, pausedUntil } = listing;
  if (pausedAt !== null) {
    const pause = { pausedAt, pausedUntil };
    return (
      <div className="space-y-2 rounded-lg border border-line bg-ink p-3" data-testid="pause-panel">
        <p className="text-sm font-semibold" data-testid="pause-line" suppressHydrationWarning>
          {isPaused(pause, now)
            ? pausedLine(pause, now)
            : "Your break is over: the listing is back on the list within half an hour, or now if you resume."}
        </p>
        <Form method="post">
          <input type="hidden" name="intent" value="resume" />
          <input type="hidden" name="listingId" value={listingId} />
          <button type="submit" className={BUTTON} aria-label={`Resume now: ${firstName}`}>
            Resume now
          </button>
        </Form>
      </div>
    );
  }
  if (!live) return null;
  const today = nzDate(now);
  const fieldId = `pause-until-${listingId}`;
  const errorId = `${fieldId}-error`;
  return (
    <details className="rounded-lg border border-line bg-ink p-3" open={Boolean(error)} data-testid="take-a-break">
      <summary className="min-h-11 cursor-pointer content-center text-sm font-semibold">Take a break</summary>
      <Form method="post" className="mt-2 space-y-2">
        <input type="hidden" name="intent" value="pause" />
        <input type="hidden" name="listingId" value={listingId} />
        <p className="text-sm text-muted" id={`${fieldId}-hint`}>
          Your listing leaves the public list, with no badge, until the date you choose (New Zealand time), or until you
          resume. Your plan keeps running meanwhile.
        </p>
        <label htmlFor={fieldId} className="block text-sm font-medium">
          Back on (optional)
        </label>
        <input
          id={fieldId}
          name={PAUSE_UNTIL_FIELD}
          type="date"
          min={addDays(today, 1)}
          max={addDays(today, MAX_PAUSE_DAYS)}
          aria-invalid={error ? true : undefined}
          aria-describedby={[`${fieldId}-hint`, error ? errorId : null].filter(Boolean).join(" ")}
          className="min-h-11 w-full rounded-lg border border-line bg-panel px-3 text-base text-white aria-[invalid=true]:border-red-500"
        />
        {error ? (
          <p id={errorId} className="text-sm text-red-300" data-testid="pause-error">
            {error}
          </p>
        ) : null}
        <button type="submit" className={BUTTON} aria-label={`Pause listing: ${firstName}`}>
          Pause listing
        </button>
      </Form>
    </details>
  );
}

/** The stale-listing check asked (or hid the listing): one button says it is still available. */
export function ConfirmListing({ listingId, firstName }: { listingId: string; firstName: string }) {
  return (
    <div className="space-y-2 rounded-lg border border-amber-400/60 bg-ink p-3" data-testid="stale-panel">
      <p className="text-sm font-semibold">Is this listing still current? Confirm it to keep it on the list.</p>
      <Form method="post">
        <input type="hidden" name="intent" value="confirm" />
        <input type="hidden" name="listingId" value={listingId} />
        <button type="submit" className={BUTTON} aria-label={`Still available: ${firstName}`}>
          Still available
        </button>
      </Form>
    </div>
  );
}
