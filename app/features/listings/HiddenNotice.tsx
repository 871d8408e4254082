import { Link } from "@remix-run/react";
import type { HiddenStep } from "./owner-steps";

/**
 * Above a hidden listing's profile, for the only people who can open it: its owner ('Only you can see this:
 * hidden until …', with the next step and what follows) or an administrator. A hidden profile otherwise
 * looks exactly like a public one.
 */
export function HiddenNotice({ steps, owner }: { steps: HiddenStep[]; owner: boolean }) {
  const [first, ...rest] = steps;
  const lead = owner ? "Only you can see this" : "Visitors cannot see this listing";
  return (
    <section
      aria-labelledby="hidden-notice-heading"
      className="space-y-2 rounded-xl border border-amber-400 bg-amber-950/60 p-4 text-amber-50"
      data-testid="hidden-notice"
    >
      <h2 id="hidden-notice-heading" className="font-semibold">
        {first ? `${lead}: hidden until ${first.until}.` : `${lead}: it is hidden.`}
      </h2>
      {first ? <StepLine step={first} owner={owner} /> : null}
      {rest.length ? (
        <div className="text-sm">
          <p>After that:</p>
          <ul className="list-disc space-y-1 pl-5">
            {rest.map((step) => (
              <li key={step.reason}>
                Hidden until {step.until}. <StepLink step={step} owner={owner} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

function StepLine({ step, owner }: { step: HiddenStep; owner: boolean }) {
  return (
    <p className="text-sm">
      {step.next} <StepLink step={step} owner={owner} />
    </p>
  );
}

/** The owner's link to the step; an administrator is not the one to take it. */
function StepLink({ step, owner }: { step: HiddenStep; owner: boolean }) {
  if (!owner || !step.link) return null;
  return (
    // Inline in its sentence (the target-size rule's exception for links in text).
    <Link className="font-semibold text-white underline underline-offset-2" to={step.link.href}>
      {step.link.label}
    </Link>
  );
}
