// The terms' later sections: plans, payment, refunds, upgrades, cancellation, expiry, suspension, liability
// and the law. They follow terms-use.tsx; add new sections at the end, the numbers are part of the published terms.
import { PLANS } from "~/core/plans";
import { formatDollarsAndCents } from "~/platform/money";
import { INACTIVE_LISTING_MONTHS, SUPPORT_EMAIL } from "~/features/site/site";
import { mailLink } from "./legal-document";
import type { LegalSection } from "./legal-document";

const support = mailLink(SUPPORT_EMAIL);

export const TERMS_PLANS_SECTIONS: readonly LegalSection[] = [
  {
    id: "plans",
    title: "Plans",
    body: (
      <>
        <p>A listing is shown while its subscription is active. There are two weekly plans:</p>
        <ul>
          <li>
            <strong>Standard</strong>, {formatDollarsAndCents(PLANS.standard.priceCents)} per week: a basic listing with
            up to {PLANS.standard.maxPhotos} photos, analytics and standard support.
          </li>
          <li>
            <strong>Premium</strong>, shown on the site as <strong>Featured</strong>,{" "}
            {formatDollarsAndCents(PLANS.featured.priceCents)} per week: better visibility (priority in search and on
            the homepage, and a featured tag), up to {PLANS.featured.maxPhotos} photos, priority support and promotional
            features.
          </li>
        </ul>
        <p>
          Prices are in New Zealand dollars and include GST. We may change prices with at least 14 days' notice; a
          change applies from your next billing period.
        </p>
      </>
    ),
  },
  {
    id: "payment",
    title: "Payment and the posting fee",
    body: (
      <p>
        Posting a listing requires a fee, paid in advance for each billing period by credit or debit card through a
        third-party payment gateway certified to PCI DSS. We never receive or store your full card number. The posting
        fee is non-refundable once the listing has been published.
      </p>
    ),
  },
  {
    id: "refunds",
    title: "Refunds",
    body: (
      <p>
        Apart from the non-refundable posting fee, refund requests are decided case by case, for example where you were
        charged twice or the site was unavailable for a long time. Write to {support}. Nothing in these terms limits
        rights you have under the Consumer Guarantees Act 1993 or the Fair Trading Act 1986 that cannot be excluded by
        law.
      </p>
    ),
  },
  {
    id: "upgrades",
    title: "Upgrades",
    body: (
      <p>
        You may upgrade from Standard to Featured at any time. Upgrades are prorated: you pay the difference between the
        two plans for the days left in the current billing period, and the upgrade applies at once.
      </p>
    ),
  },
  {
    id: "cancellation",
    title: "Cancellation",
    body: (
      <p>
        You may cancel at any time from your account or by e-mailing {support}. Cancellation takes effect at the end of
        the billing period you have paid for; your listing stays visible until then, and there are no partial refunds
        for the rest of that period.
      </p>
    ),
  },
  {
    id: "expiry",
    title: "Expired subscriptions and reactivation",
    body: (
      <p>
        When a subscription expires, its listing is hidden from the public. We keep the listing until you delete it or
        until it has been inactive for a long time ({INACTIVE_LISTING_MONTHS} months without renewal), and you can
        reactivate it at any time before then by renewing your subscription.
      </p>
    ),
  },
  {
    id: "suspension",
    title: "Suspension and termination",
    body: (
      <>
        <p>
          We may remove content, suspend or terminate an account, or refuse service where we reasonably believe these
          terms or the law have been broken, verification has failed, or someone's safety is at risk. Where we can, we
          tell you why. We may share information with the Police or other authorities where the law requires or allows
          it.
        </p>
        <p>You may delete your listings or your whole account at any time from your account settings.</p>
      </>
    ),
  },
  {
    id: "liability",
    title: "Our liability",
    body: (
      <p>
        We provide the site as it is and do our best to keep it available and accurate, but we cannot promise it will
        always be. To the extent the law allows, we are not liable for the content of listings, for any arrangement
        between clients and advertisers, or for indirect loss, and our total liability to an advertiser is limited to
        the fees they paid us in the three months before the claim. You agree to cover our reasonable costs arising from
        content you post in breach of these terms.
      </p>
    ),
  },
  {
    id: "changes-law",
    title: "Changes to these terms and governing law",
    body: (
      <p>
        We may update these terms; the date at the top of this page shows the latest version, and we tell advertisers by
        e-mail about changes that affect them. These terms are governed by New Zealand law and the New Zealand courts
        have jurisdiction. Questions about them go to {support}.
      </p>
    ),
  },
];
