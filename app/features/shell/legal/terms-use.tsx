// The terms' first sections: the service, who may use it, accounts, what advertisers may post, review and reports.
// Numbered in this order; the numbers are part of the published terms (see terms-plans.tsx for the rest).
import { Link } from "@remix-run/react";
import { SUPPORT_EMAIL } from "~/features/site/site";
import { SITE_NAME } from "~/features/site/site-name";
import { mailLink } from "./legal-document";
import type { LegalSection } from "./legal-document";

const support = mailLink(SUPPORT_EMAIL);

export const TERMS_USE_SECTIONS: readonly LegalSection[] = [
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
];
