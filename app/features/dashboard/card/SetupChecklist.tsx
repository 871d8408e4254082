import { Link } from "@remix-run/react";
import { setupPending, setupSteps } from "~/features/listings/owner-steps";
import type { StepState } from "~/features/listings/owner-steps";
import { CheckIcon } from "~/ui/icons";
import { imageCount } from "../dashboard";
import type { DashboardListing } from "../dashboard";

const STATE_TEXT: Record<StepState, string> = { done: "Done", waiting: "Waiting", todo: "To do" };

function Mark({ state }: { state: StepState }) {
  const style =
    state === "done"
      ? "border-emerald-400 bg-emerald-400 text-ink"
      : state === "waiting"
        ? "border-sky-300 text-sky-300"
        : "border-amber-400 text-amber-400";
  return (
    <span className={`mt-0.5 inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full border-2 ${style}`}>
      {state === "done" ? <CheckIcon className="h-4 w-4" strokeWidth={3} /> : null}
      {state === "waiting" ? <span className="h-2 w-2 rounded-full bg-current" /> : null}
    </span>
  );
}

/**
 * What a listing still needs before visitors see it (verify ID, photos, a paid plan), each with its state and
 * the link that does it. Shown until every step is done; the badge alone named only the first.
 */
export function SetupChecklist({ listing }: { listing: DashboardListing }) {
  const steps = setupSteps({ ...listing, listingId: listing.modelId, photoCount: imageCount(listing.ImageUrls) });
  if (!setupPending(steps)) return null;
  return (
    <section
      aria-label={`Steps to go live for ${listing.firstName}`}
      className="rounded-lg border border-line bg-ink p-3"
      data-testid="setup-checklist"
    >
      <h3 className="text-sm font-semibold">To go live</h3>
      <ol className="mt-2 space-y-2">
        {steps.map((step) => (
          <li
            key={step.key}
            className="flex gap-3 text-sm"
            data-testid={`setup-step-${step.key}`}
            data-state={step.state}
          >
            <Mark state={step.state} />
            <div className="min-w-0">
              <p>
                <span className="font-semibold">{step.label}</span>
                <span className="sr-only">: {STATE_TEXT[step.state]}.</span>
              </p>
              <p className="text-muted">{step.detail}</p>
              {step.href && step.action ? (
                <Link
                  to={step.href}
                  className="inline-flex min-h-11 items-center font-semibold text-accent underline underline-offset-2"
                >
                  {step.action}
                  <span className="sr-only"> for {listing.firstName}</span>
                </Link>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
