// /subscriptions: how a plan works, and the terms an advertiser should know before paying.
import { FAIR_ORDER_TEXT } from "~/features/insights/rotation";

const SECTION_TITLE = "text-2xl font-semibold";

export function HowPlansWork() {
  return (
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
          {FAIR_ORDER_TEXT.map((line) => (
            <li key={line}>{line}</li>
          ))}
          <li>
            If you do not respond to requested changes within 24 hours, or decline them, the subscription is terminated.
          </li>
        </ul>
      </section>
    </div>
  );
}
