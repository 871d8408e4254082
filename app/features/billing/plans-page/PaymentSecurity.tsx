// /subscriptions: how card payments are handled (a PCI DSS provider's hosted page; we never see the card).
import { Link } from "@remix-run/react";
import { LockIcon } from "~/ui/icons";

const SECTION_TITLE = "text-2xl font-semibold";

export function PaymentSecurity() {
  return (
    <section
      aria-labelledby="payment-security"
      className="rounded-2xl border border-line bg-panel p-6 sm:p-8"
      data-testid="payment-security"
    >
      <div className="flex items-center gap-3">
        <LockIcon width="28" height="28" className="shrink-0 text-accent" />
        <h2 id="payment-security" className={SECTION_TITLE}>
          Secure payments
        </h2>
      </div>
      <div className="mt-4 space-y-3 leading-relaxed text-zinc-200">
        <p>
          Card payments are processed by a PCI DSS certified payment provider. We accept Visa, Mastercard and UnionPay
          credit and debit cards. Your card details go straight to the provider: we never see or store your card number.
        </p>
        <p>
          Each listing has its own plan, paid by the week. The card you pay with is kept by the provider for the weekly
          renewal; you can cancel at any time on your subscription page, effective at the end of the week.
        </p>
        <p className="text-sm text-zinc-300">
          Questions? Read the{" "}
          <Link to="/faq" className="text-accent underline underline-offset-2">
            FAQ
          </Link>
          , the{" "}
          <Link to="/terms" className="text-accent underline underline-offset-2">
            terms
          </Link>{" "}
          or{" "}
          <Link to="/contact" className="text-accent underline underline-offset-2">
            contact support
          </Link>
          .
        </p>
      </div>
    </section>
  );
}
