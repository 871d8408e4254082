import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { InfoPage, InfoSection, TableOfContents } from "~/features/site/InfoPage";
import { formatDollarsAndCents } from "~/platform/money";
import { PLANS } from "~/features/billing/plans";
import { originOf, seoMeta } from "~/features/site/seo";
import { INACTIVE_LISTING_MONTHS, SITE_NAME, SUPPORT_EMAIL, TERMS_UPDATED } from "~/features/site/site";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  seoMeta({
    title: "Terms and Conditions",
    description:
      "The terms for using Kiwi Companions: a New Zealand host for user-generated classified ads. Adults only, Prostitution Reform Act 2003, plans, payments, refunds and cancellation.",
    path: "/terms",
    origin: data?.origin,
  });

export async function loader({ request }: LoaderFunctionArgs) {
  return { origin: originOf(request.url) };
}

const support = <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>;

/** Numbered in this order; the numbers are part of the published terms, so add new sections at the end. */
const TERMS_SECTIONS: readonly { id: string; title: string; body: ReactNode }[] = [
  {
    id: "about",
    title: "About these terms and our service",
    body: (
      <>
        <p>
          These terms apply to everyone who visits {SITE_NAME} or posts on it. By using the site you agree to them. If
          you do not agree, please do not use the site.
        </p>
        <p>
          {SITE_NAME} is a hosting platform for user-generated classified ads. Advertisers write and publish their own
          listings and are responsible for their content. We are not an agency or brothel operator: we do not employ
          advertisers, arrange bookings, take part in any arrangement between a client and an advertiser, or receive any
          share of their earnings.
        </p>
      </>
    ),
  },
  {
    id: "eligibility",
    title: "Adults only: minors are prohibited",
    body: (
      <>
        <p>
          You must be 18 or older to visit the site, create an account or appear in any listing. Minors are prohibited
          from using the site in any way.
        </p>
        <p>
          Any listing that involves, or appears to involve, a person under 18 is removed immediately, the account is
          terminated and we report it to the New Zealand Police. Using a person under 18 to provide commercial sexual
          services is an offence under sections 20 to 23 of the Prostitution Reform Act 2003.
        </p>
      </>
    ),
  },
  {
    id: "accounts",
    title: "Your account",
    body: (
      <>
        <p>
          Give us true and current details when you sign up and keep your password to yourself. You are responsible for
          everything done through your account. Tell us at once at {support} if you think someone else has used it.
        </p>
        <p>
          An Independent account holds one listing; an Agency account may hold several, one for each person it
          represents.
        </p>
      </>
    ),
  },
  {
    id: "verification",
    title: "Verification of advertisers",
    body: (
      <p>
        Before a listing goes live we verify the advertiser's age and identity with government-issued photo ID.
        Verification typically takes 24-48 hours. ID documents are used only for this check and are deleted once the
        review is finished, as our <Link to="/privacy">Privacy Policy</Link> explains. We may ask you to verify again at
        any time, for example after a report.
      </p>
    ),
  },
  {
    id: "advertiser-responsibilities",
    title: "Advertisers are responsible for their content",
    body: (
      <>
        <p>When you post a listing you confirm that:</p>
        <ul>
          <li>
            you are the person advertised, or an agency authorised in writing by that person, and everyone shown is 18
            or older;
          </li>
          <li>
            you own the photos and text or have permission to use them, and everyone in the photos has agreed to them
            being published here;
          </li>
          <li>you are legally entitled to provide the services you advertise in New Zealand;</li>
          <li>everything in the listing is true, including age, photos, location and prices.</li>
        </ul>
        <p>
          We review listings but do not check every statement in them, and we are not responsible for what advertisers
          publish.
        </p>
      </>
    ),
  },
  {
    id: "prohibited-content",
    title: "Prohibited content",
    body: (
      <>
        <p>You must not post or send through the site anything that:</p>
        <ul>
          <li>
            violates the Prostitution Reform Act 2003, including content that involves anyone under 18, anyone who is
            coerced or is not free to refuse a client, or that offers services without the safer sex practices section 9
            of the Act requires;
          </li>
          <li>is false or misleading, including photos of someone else or photos edited to misrepresent you;</li>
          <li>
            is otherwise illegal, including objectionable material under the Films, Videos, and Publications
            Classification Act 1993 and content that breaches the Harmful Digital Communications Act 2015;
          </li>
          <li>shares another person's personal information or intimate images without their consent;</li>
          <li>
            harasses, threatens or discriminates against anyone, or is spam, malware or an attempt to get around our
            controls.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "new-zealand-only",
    title: "Posting from New Zealand only",
    body: (
      <p>
        Listings are for services in New Zealand and may only be created and edited from a New Zealand IP address.
        Posting from a non-NZ IP address or through a VPN, proxy or similar service that hides your location is
        prohibited, and we block such attempts where we detect them.
      </p>
    ),
  },
  {
    id: "review",
    title: "Review of listings and required changes",
    body: (
      <>
        <p>
          Every new listing is reviewed by our team within 48 hours of being submitted, and we may review changes to it
          later.
        </p>
        <p>
          If we ask for changes, you have 24 hours to respond. If you do not respond within 24 hours, or you decline the
          changes, the subscription for that listing is terminated and the listing is not published.
        </p>
      </>
    ),
  },
  {
    id: "reporting",
    title: "Reporting ads and profiles",
    body: (
      <p>
        Every ad and profile has a Report button. Anyone may use it, or e-mail {support}, to tell us about content that
        breaks the law or these terms. We look at every report, may hide a listing while we do, and handle complaints
        about harmful digital communications within the 48-hour process described in our{" "}
        <Link to="/privacy#harmful-content">Privacy Policy</Link>.
      </p>
    ),
  },
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

export default function TermsPage() {
  return (
    <InfoPage
      title="Terms and Conditions"
      updated={TERMS_UPDATED}
      lead={
        <p>
          The rules for visiting {SITE_NAME} and for advertising on it, in {TERMS_SECTIONS.length} sections.
        </p>
      }
    >
      <TableOfContents numbered entries={TERMS_SECTIONS} />
      <div className="space-y-8">
        {TERMS_SECTIONS.map((s, i) => (
          <InfoSection key={s.id} id={s.id} title={s.title} number={i + 1}>
            {s.body}
          </InfoSection>
        ))}
      </div>
    </InfoPage>
  );
}
