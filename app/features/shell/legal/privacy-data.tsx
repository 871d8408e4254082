// The Privacy Policy's first half: what we hold, why, who sees it, how long we keep it and how we protect it.
import { Link } from "@remix-run/react";
import { BLOCK_MONTHS, REQUEST_KEEP_DAYS } from "~/features/bookings/limits";
import { INACTIVE_LISTING_MONTHS, POSTAL_ADDRESS, PRIVACY_EMAIL } from "~/features/site/site";
import { SITE_NAME } from "~/features/site/site-name";
import {
  PENDING_ID_DOCUMENT_DAYS,
  REPORT_RETENTION_DAYS,
  TAKEDOWN_NETWORK_DAYS,
  TAKEDOWN_RETENTION_DAYS,
  APPEAL_RETENTION_DAYS,
  SECURITY_LOG_RETENTION_DAYS,
  UNCONFIRMED_ACCOUNT_DAYS,
} from "~/features/site/retention";
import { mailLink } from "./legal-document";
import type { LegalSection } from "./legal-document";

const privacy = mailLink(PRIVACY_EMAIL);

export const PRIVACY_DATA_SECTIONS: readonly LegalSection[] = [
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
            name, account or device. If your browser runs no JavaScript, the identifier is made on our side instead, as
            a one-way code of your IP address and browser name under that day&apos;s key (see below), so it cannot be
            turned back into either once the key is gone.
          </li>
          <li>
            <strong>Visit counts</strong>: advertisers see how often their listing was shown, opened, liked and
            contacted, counting each visitor once a day. To know whether we have counted you today, we keep a mark for
            two days: a one-way code of your IP address (for IPv6, its first half, your network) made with a key of that
            day. Each day&apos;s key is made from a random value that is kept apart from our database and deleted two
            days later, so from then on nobody, not even us, can tell whose address made a mark, even from a backup.
            Your IP address itself is never stored. Advertisers only ever see totals, and the region of New Zealand
            their views came from only as totals.
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
          provider (Cloudflare), the card payment gateway, our e-mail provider and our text-message provider (which
          sends the codes and answers of booking requests to the visitor's number). Some of them store data outside New
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
          Booking requests: {REQUEST_KEEP_DAYS} days after the booking&apos;s time, and blocks {BLOCK_MONTHS} months
          unless renewed (see <a href="#booking-requests">booking requests</a>).
        </li>
        <li>
          Visit marks, and the daily key that makes them: two days. What they add up to (a listing&apos;s daily totals)
          holds no visitor and stays with the listing.
        </li>
        <li>
          Support messages and reports: as long as we need them to deal with the matter, and no more than two years; a
          decided report is deleted {REPORT_RETENTION_DAYS / 365} years after it was made.
        </li>
        <li>
          Takedown cases (&apos;This is me&apos;): a proof photo is deleted at the decision; the case, its words and the
          owner&apos;s answer are kept {TAKEDOWN_RETENTION_DAYS / 365} years after the decision, as the record that the
          Harmful Digital Communications Act&apos;s steps were followed, then deleted. The key of the network a case
          came from, which only limits how many cases one network sends a day, is deleted after {TAKEDOWN_NETWORK_DAYS}{" "}
          day.
        </li>
        <li>
          Appeals: the words of a decided appeal (your message, the refusal and the decision&apos;s reason) are deleted{" "}
          {APPEAL_RETENTION_DAYS / 365} years after the decision; a mark that the one appeal was used stays as long as
          what it appealed.
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
];
