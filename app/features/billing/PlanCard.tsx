import { Form, useNavigation } from "@remix-run/react";
import { formatDollarsAndCents } from "~/platform/money";
import type { Plan } from "~/core/plans";
import { CheckIcon } from "~/ui/icons";

export type PlanCardState = "none" | "chosen" | "requested";

/** The label says whether this is the visitor's current choice, so the state is not told by colour alone. */
export function planButtonLabel(plan: Plan, state: PlanCardState): string {
  if (state === "requested") return `${plan.name} requested`;
  if (state === "chosen") return `${plan.name} selected: continue`;
  return `Choose ${plan.name}`;
}

export function PlanCard({
  plan,
  state,
  listingId,
}: {
  plan: Plan;
  state: PlanCardState;
  /** The listing the plan is for, when the page was opened for one (its Upgrade on the dashboard). */
  listingId?: string;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("tier") === plan.tier;
  const highlighted = state !== "none";
  const headingId = `plan-${plan.tier}`;
  return (
    <article
      aria-labelledby={headingId}
      data-testid={`plan-${plan.tier}`}
      data-chosen={highlighted}
      className={`relative flex flex-col rounded-2xl border bg-panel p-6 sm:p-8 ${
        highlighted ? "border-accent ring-2 ring-accent" : plan.recommended ? "border-accent/60" : "border-line"
      }`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={headingId} className="text-2xl font-bold">
          {plan.name}
        </h2>
        {plan.recommended ? (
          <span className="rounded-full bg-accent px-3 py-1 text-xs font-bold uppercase tracking-wide text-ink">
            Recommended
          </span>
        ) : null}
        {highlighted ? (
          <span className="rounded-full border border-accent px-3 py-1 text-xs font-semibold text-accent">
            {state === "requested" ? "Requested" : "Your choice"}
          </span>
        ) : null}
      </div>
      <p className="mt-2 text-zinc-300">{plan.description}</p>
      <p className="mt-6 flex items-baseline gap-2">
        <span className="text-4xl font-bold tracking-tight text-white">{formatDollarsAndCents(plan.priceCents)}</span>
        <span className="text-zinc-300">per {plan.interval}</span>
      </p>
      <p className="mt-1 text-sm text-muted">NZD, GST included</p>
      <ul className="mt-6 flex-1 space-y-3" aria-label={`${plan.name} plan includes`}>
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-start gap-3 text-zinc-200">
            <CheckIcon width="20" height="20" strokeWidth="2.5" className="mt-0.5 shrink-0 text-accent" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <Form method="post" className="mt-8">
        <input type="hidden" name="tier" value={plan.tier} />
        {listingId ? <input type="hidden" name="listingId" value={listingId} /> : null}
        <button
          type="submit"
          disabled={submitting}
          className={`inline-flex min-h-12 w-full items-center justify-center rounded-lg px-5 font-semibold disabled:opacity-70 ${
            highlighted || plan.recommended
              ? "bg-accent text-ink hover:bg-accent-strong"
              : "border border-accent text-accent hover:bg-accent/10"
          }`}
        >
          {submitting ? "Saving your choice…" : planButtonLabel(plan, state)}
        </button>
      </Form>
    </article>
  );
}
