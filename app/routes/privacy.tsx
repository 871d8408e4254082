import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { InfoPage, InfoSection, TableOfContents } from "~/features/site/InfoPage";
import { originOf, seoMeta } from "~/features/site/seo";
import {
  INACTIVE_LISTING_MONTHS,
  POSTAL_ADDRESS,
  PRIVACY_EMAIL,
  PRIVACY_UPDATED,
  SITE_NAME,
  SUPPORT_EMAIL,
} from "~/features/site/site";
import {
  PENDING_ID_DOCUMENT_DAYS,
  REPORT_RETENTION_DAYS,
  SECURITY_LOG_RETENTION_DAYS,
  UNCONFIRMED_ACCOUNT_DAYS,
} from "~/features/site/retention";
import { ALERT_MONTHS, CHECKS_PER_DAY, DECLINED_DAYS } from "~/features/safety-net/retention";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  seoMeta({
    title: "Privacy Policy",
    description:
      "What Kiwi Companions stores, why, for how long, and your rights under New Zealand's Privacy Act 2020. No browser fingerprinting, no third-party trackers.",
    path: "/privacy",
    origin: data?.origin,
  });

export async function loader({ request }: LoaderFunctionArgs) {
  return { origin: originOf(request.url) };
}

const privacy = <a href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</a>;
const support = <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>;

/** The 13 information privacy principles of section 22 of the Privacy Act 2020, in plain words. */
const PRINCIPLES = [
  [
    "Purpose",
    "We collect personal information only when we need it for a lawful purpose connected with running this site.",
  ],
  ["Source", "We collect it from you directly wherever we can."],
  [
    "Telling you",
    "When we collect it, we tell you why, who will see it, and that you can see and correct it (this policy does that).",
  ],
  ["Manner", "We collect it lawfully and fairly, without being unreasonably intrusive."],
  ["Security", "We protect it against loss, misuse and access by people who should not have it."],
  ["Access", "You can ask to see the personal information we hold about you."],
  ["Correction", "You can ask us to correct it."],
  ["Accuracy", "We check it is accurate, up to date and relevant before we use it."],
  ["Retention", "We keep it no longer than we need it."],
  ["Use", "We use it only for the purpose we collected it for, unless an exception in the Act applies."],
  [
    "Disclosure",
    "We share it only in the limited cases the Act allows, such as with your permission or to prevent a serious threat to someone's safety.",
  ],
  ["Overseas", "We send it overseas only where it will be protected in ways comparable to New Zealand law."],
  [
    "Unique identifiers",
    "We do not use identifiers given to you by other agencies, such as your driver licence or IRD number, to identify you.",
  ],
] as const;

const SECTIONS: readonly { id: string; title: string; body: ReactNode }[] = [
  {
    id: "who-we-are",
    title: "Who we are",
    body: (
      <>
        <p>
          {SITE_NAME} runs this website and is responsible for the personal information described here under the Privacy
          Act 2020. Our Privacy Officer can be reached at {privacy} or by post at {POSTAL_ADDRESS.join(", ")}.
        </p>
      </>
    ),
  },
  {
    id: "what-we-store",
    title: "What we store",
    body: (
      <>
        <p>We keep only what the site needs to work:</p>
        <ul>
          <li>
            <strong>Your account</strong>: e-mail address, name, the phone number you sign up with, whether you are an
            Independent or an Agency, and your plan. Your password is stored only as a salted one-way hash, so nobody
            here can read it.
          </li>
          <li>
            <strong>Sign-in sessions</strong>: a random session identifier in a cookie and a matching record on our
            side, so that signing out really ends the session.
          </li>
          <li>
            <strong>Passkeys</strong>, if you add one: its public key (which cannot sign anyone in by itself), the name
            you give it, and when it was added and last used. Your fingerprint, face or PIN never leaves your device.
          </li>
          <li>
            <strong>Listings</strong>: what advertisers publish (name, age, description, location, rates, services,
            contact phone and links), which is public once the listing is live, and monthly totals of views, contact
            clicks and likes for the advertiser's dashboard.
          </li>
          <li>
            <strong>Photos</strong>: re-encoded when uploaded, with embedded metadata such as camera details and GPS
            location removed, so a photo cannot give away where it was taken.
          </li>
          <li>
            <strong>ID documents</strong> for verification: stored privately, seen only by the people who review them,
            and deleted once the review is finished (or after {PENDING_ID_DOCUMENT_DAYS} days if nobody has reviewed
            them). We keep a record that you were verified and when, not the documents.
          </li>
          <li>
            <strong>Likes</strong>: when you like a profile, your browser makes up a random visitor identifier and keeps
            it; we store that identifier with the like so you cannot like a profile twice. It is not linked to your
            name, account or device.
          </li>
          <li>
            <strong>Messages to support</strong> and reports you send us, with your e-mail address.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "what-we-do-not-do",
    title: "What we do not do",
    body: (
      <ul>
        <li>No browser fingerprinting: we never build an identifier from your device, browser or screen settings.</li>
        <li>No third-party trackers, analytics, advertising cookies or social media pixels.</li>
        <li>We do not sell or rent personal information, and we do not use it for advertising.</li>
        <li>
          We never receive or store your full card number: card payments go straight to a PCI DSS certified payment
          gateway.
        </li>
      </ul>
    ),
  },
  {
    id: "cookies",
    title: "Cookies and browser storage",
    body: (
      <>
        <p>Everything we put in your browser is needed for the site itself:</p>
        <ul>
          <li>an age confirmation cookie, so you are not asked whether you are 18 on every page;</li>
          <li>a session cookie while you are signed in;</li>
          <li>a cookie lasting a few minutes while you add or use a passkey;</li>
          <li>the random visitor identifier for likes, in your browser's local storage;</li>
          <li>your favourites, kept only in your browser for the current session and never sent to us.</li>
        </ul>
      </>
    ),
  },
  {
    id: "location",
    title: "Your location",
    body: (
      <p>
        Our hosting provider works out an approximate country and city from your IP address for each request. We use the
        city to show listings near you, and the country to stop listings being posted from outside New Zealand, as our{" "}
        <Link to="/terms">terms</Link> require. We do not store your IP address, city or country with your account.
      </p>
    ),
  },
  {
    id: "how-we-use-it",
    title: "How we use it",
    body: (
      <ul>
        <li>to run your account, publish your listings and show you their statistics;</li>
        <li>to verify that advertisers are 18 or older and are who they say they are;</li>
        <li>to review listings, handle reports and complaints, and keep the site safe and lawful;</li>
        <li>to record your plan choice and arrange payment;</li>
        <li>to answer your messages and tell you about changes to your account or to our terms.</li>
      </ul>
    ),
  },
  {
    id: "sharing",
    title: "Who we share it with",
    body: (
      <>
        <p>
          Service providers who process information for us and may not use it for anything else: our hosting and storage
          provider (Cloudflare), the card payment gateway and our e-mail provider. Some of them store data outside New
          Zealand; we use only providers bound to protect it in ways comparable to the Privacy Act.
        </p>
        <p>
          The Police or other authorities, where the law requires it or where it is needed to prevent a serious threat
          to someone's life, health or safety, for example if we believe someone in a listing is under 18.
        </p>
      </>
    ),
  },
  {
    id: "retention",
    title: "How long we keep it",
    body: (
      <ul>
        <li>
          Accounts: until you delete your account, which also deletes your listings, photos and plan records. A sign-up
          whose e-mail address is never confirmed is deleted after {UNCONFIRMED_ACCOUNT_DAYS} days.
        </li>
        <li>
          Listings: until you delete them, or {INACTIVE_LISTING_MONTHS} months after their subscription expired without
          renewal.
        </li>
        <li>
          ID documents: only until the verification review is finished, and never more than {PENDING_ID_DOCUMENT_DAYS}{" "}
          days: a request nobody has reviewed by then is closed and its documents deleted (you can send them again).
        </li>
        <li>Sessions: until you sign out or the session expires.</li>
        <li>
          Support messages and reports: as long as we need them to deal with the matter, and no more than two years; a
          decided report is deleted {REPORT_RETENTION_DAYS / 365} years after it was made.
        </li>
        <li>
          Your account's security log (sign-ins, failed sign-ins, changes to your password, e-mail address, two-factor
          sign-in and passkeys, signed-out sessions, password resets and deletions, with an approximate place and the
          kind of device, never your IP address): {SECURITY_LOG_RETENTION_DAYS} days, or until you delete your account.
          You can read it on your Subscription and Account Settings page.
        </li>
      </ul>
    ),
  },
  {
    id: "security",
    title: "How we protect it",
    body: (
      <p>
        All traffic is encrypted (HTTPS). Passwords are hashed, ID documents and unpublished listings are not public,
        and only the staff who need it for their work can see personal information. Sign-in attempts are rate-limited to
        slow down password guessing.
      </p>
    ),
  },
  {
    id: "principles",
    title: "The information privacy principles",
    body: (
      <>
        <p>The Privacy Act 2020 sets 13 information privacy principles. In plain words, they mean:</p>
        <ol>
          {PRINCIPLES.map(([name, text]) => (
            <li key={name}>
              <strong>{name}.</strong> {text}
            </li>
          ))}
        </ol>
      </>
    ),
  },
  {
    id: "your-rights",
    title: "Seeing and correcting your information",
    body: (
      <>
        <p>
          You can ask for a copy of the personal information we hold about you, and ask us to correct it. Write to{" "}
          {privacy}. We may ask you to prove who you are first, so we do not hand your information to someone else.
        </p>
        <p>
          We answer as soon as we reasonably can and no later than 20 working days after receiving your request, and we
          do not charge for it. If we do not agree to a correction, you can ask us to attach your statement of the
          correction you asked for to the information.
        </p>
        <p>
          You can edit most of your account and listing details yourself, and delete your account, from your Dashboard.
        </p>
      </>
    ),
  },
  {
    id: "breaches",
    title: "If something goes wrong",
    body: (
      <p>
        If a privacy breach happens that has caused or is likely to cause serious harm (a notifiable privacy breach
        under Part 6 of the Privacy Act 2020), we notify the Privacy Commissioner and the people affected as soon as
        practicable after we become aware of it, tell them what happened and what they can do, and act to contain it.
      </p>
    ),
  },
  {
    id: "harmful-content",
    title: "Complaints about harmful content",
    body: (
      <>
        <p>
          If content on this site harms you, for example it shares an intimate image of you without your consent,
          harasses or threatens you, or pretends to be you, you can complain to us under the Harmful Digital
          Communications Act 2015. Use the Report button on the ad or profile, or e-mail {support} with:
        </p>
        <ul>
          <li>your name and how to contact you;</li>
          <li>the link to the content and which part of it you mean;</li>
          <li>why you think it is unlawful or harmful;</li>
          <li>whether we may give your name to the person who posted it.</li>
        </ul>
        <p>
          Within 48 hours of receiving your complaint we send a copy to the person who posted the content and tell them
          they have 48 hours to agree to its removal or to respond. If they agree, do not respond within 48 hours, or
          cannot be reached, we take the content down. If they object, we tell you, and you can take the matter further.
        </p>
        <p>
          Content that is clearly illegal, such as anything involving a person under 18, is removed straight away
          without waiting. For free, confidential help with online harm, contact{" "}
          <a href="https://netsafe.org.nz" rel="noopener noreferrer">
            Netsafe
          </a>
          , the approved agency under the Act, which can help resolve complaints and, if needed, support an application
          to the District Court.
        </p>
      </>
    ),
  },
  {
    id: "safety-net",
    title: "Safety Net",
    body: (
      <>
        <p>
          The Safety Net lets providers whose ID we have verified warn each other about clients who harmed them. Only
          those providers and our administrators can use it. Reports are personal information about the person reported
          as well as the reporter, so we handle them as follows.
        </p>
        <ul>
          <li>
            <strong>What we collect and why.</strong> The date, region and kind of incident, what happened, and any
            phone numbers, e-mail addresses or name the provider has, so that other providers can be warned and can
            check a caller before a booking. We collect them from the provider who was there.
          </li>
          <li>
            <strong>How we protect it.</strong> Phone numbers, e-mail addresses and names are never stored as text, only
            as a keyed code that cannot be turned back into them. The description is encrypted and only our
            administrators and the reporter can read it.
          </li>
          <li>
            <strong>Accuracy.</strong> An administrator reads every report before anything is shared, may ask the
            reporter questions, and writes the alert other providers see without anything that identifies the reporter.
            Reports can be declined, and the reporter can withdraw theirs at any time.
          </li>
          <li>
            <strong>Who sees what.</strong> Verified providers see alerts for their regions: region, month, kind of
            incident and a short description. A number check shows only how many alerts a number or address is on, with
            their kinds and months, never the text or who reported it. Checks are limited to {CHECKS_PER_DAY} a day for
            each account, and we keep only that daily count, not what was checked.
          </li>
          <li>
            <strong>How long we keep it.</strong> Alerts and their codes are deleted {ALERT_MONTHS} months after
            publication, declined reports {DECLINED_DAYS} days after the decision, and withdrawn reports at once.
          </li>
          <li>
            <strong>If you are the person reported.</strong> If you believe an alert is about you and is wrong, use the{" "}
            <Link to="/contact/safety-net-correction">Safety Net correction</Link> form. We reply within 48 hours, as
            the Harmful Digital Communications Act&apos;s process for complaints expects, and correct or remove the
            alert if it is wrong. Removing an alert deletes its codes. You can also ask our Privacy Officer at {privacy}{" "}
            for the information we hold about you.
          </li>
          <li>
            <strong>Breaches.</strong> A breach affecting Safety Net information is handled as any other (see{" "}
            <a href="#breaches">privacy breaches</a>): we tell the Privacy Commissioner and the people affected, on both
            sides of a report.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "privacy-complaints",
    title: "Privacy complaints",
    body: (
      <p>
        If you are unhappy with how we have handled your personal information, tell our Privacy Officer at {privacy} and
        we will try to put it right. If you are still not satisfied, you can complain to the Office of the Privacy
        Commissioner at{" "}
        <a href="https://www.privacy.org.nz" rel="noopener noreferrer">
          privacy.org.nz
        </a>
        .
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to this policy",
    body: (
      <p>
        When we change this policy we update the date at the top of this page, and we e-mail account holders about
        changes that affect them.
      </p>
    ),
  },
];

export default function PrivacyPage() {
  return (
    <InfoPage
      title="Privacy Policy"
      updated={PRIVACY_UPDATED}
      lead={
        <p>
          How {SITE_NAME} collects, uses and protects personal information, and your rights under New Zealand's Privacy
          Act 2020.
        </p>
      }
    >
      <TableOfContents entries={SECTIONS} />
      <div className="space-y-8">
        {SECTIONS.map((s) => (
          <InfoSection key={s.id} id={s.id} title={s.title}>
            {s.body}
          </InfoSection>
        ))}
      </div>
    </InfoPage>
  );
}
