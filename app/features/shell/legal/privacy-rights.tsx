// The Privacy Policy's second half: the principles, your rights, what happens when something goes wrong,
// harmful content, the Safety Net, complaints and changes.
import { Link } from "@remix-run/react";
import { PRIVACY_EMAIL, SUPPORT_EMAIL } from "~/features/site/site";
import {
  ALERT_MONTHS,
  CHECKS_PER_DAY,
  DECLINED_DAYS,
  HANDLED_CORRECTION_DAYS,
  OPEN_CORRECTION_DAYS,
  TOUR_AHEAD_DAYS,
} from "~/features/safety-net/retention";
import {
  BLOCK_MONTHS,
  CODE_MINUTES,
  CODES_PER_NUMBER_HOUR,
  REQUEST_KEEP_DAYS,
  REQUESTS_PER_NUMBER_DAY,
} from "~/features/bookings/limits";
import { mailLink } from "./legal-document";
import type { LegalSection } from "./legal-document";

const privacy = mailLink(PRIVACY_EMAIL);
const support = mailLink(SUPPORT_EMAIL);

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

export const PRIVACY_RIGHTS_SECTIONS: readonly LegalSection[] = [
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
        <p id="takedown">
          If you are the person in a listing, or its photos are yours, and you did not agree, use{" "}
          <strong>Ask us to take it down</strong> under the profile. It asks for an e-mail address for the outcome and,
          if you wish, a photo that proves it. The proof photo is sealed (encrypted) before it is stored, only our
          administrators see it, and it is deleted when the case is decided. The listing&apos;s owner reads a copy of
          what you wrote, never your address or your photo. If the owner disputes it, an administrator decides and gives
          the reason; either side may appeal that decision once. The current waits are on our{" "}
          <Link to="/review-times">review times</Link> page.
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
            phone numbers or e-mail addresses the provider has, so that other providers can be warned and can check a
            caller before a booking. We collect them from the provider who was there. We do not take a name: nothing
            could be checked against one.
          </li>
          <li>
            <strong>How we protect it.</strong> Phone numbers and e-mail addresses are never stored as text, only as a
            keyed code that cannot be turned back into them. What the provider wrote, our questions and their answers,
            the reason for a decline and the text of an alert are encrypted with a key kept apart from the database.
            Only our administrators and the reporter can read the report; verified providers in the region read the
            alert.
          </li>
          <li>
            <strong>Accuracy.</strong> An administrator reads every report before anything is shared, may ask the
            reporter questions, and writes the alert other providers see without anything that identifies the reporter.
            Reports can be declined. The reporter can read, answer and withdraw their own reports at any time, even
            without a verified listing, and gets them in the copy of their data from their account page.
          </li>
          <li>
            <strong>Who sees what.</strong> Verified providers see alerts for their regions (a tour stop&apos;s region
            from {TOUR_AHEAD_DAYS} days before it starts): region, month, kind of incident and a short description. A
            number check shows only how many alerts a number or address is on, with their kinds and months, never the
            text or who reported it. Checks are limited to {CHECKS_PER_DAY} a day for each account, and we keep only
            that daily count, not what was checked.
          </li>
          <li>
            <strong>How long we keep it.</strong> Alerts and their codes are deleted {ALERT_MONTHS} months after
            publication, declined reports {DECLINED_DAYS} days after the decision, and withdrawn reports and removed
            alerts at once. Correction requests are deleted {HANDLED_CORRECTION_DAYS} days after we handle them, and any
            we have not handled {OPEN_CORRECTION_DAYS} days after they arrive. &ldquo;At once&rdquo; means gone from the
            database we run; our database host keeps a rolling copy of its history for up to 30 days so that it can be
            restored after an accident, and that copy ages out by itself. In it, the texts are encrypted and numbers and
            addresses are codes, as above: what remains readable until then is the report&apos;s date, region and kind,
            which account sent it, and a correction request&apos;s reply address and words.
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
    id: "booking-requests",
    title: "Booking requests",
    body: (
      <>
        <p>
          A provider may take booking requests through their profile. You can send one without an account; this is what
          happens to it.
        </p>
        <ul>
          <li>
            <strong>What we collect and why.</strong> The name you give, the date, time and length you ask for, incall
            or outcall with your suburb, your message and your mobile number, so that the provider can answer you. We
            text a code to the number ({CODE_MINUTES} minutes, 5 tries) to make sure it is yours.
          </li>
          <li>
            <strong>How we protect it.</strong> Your number is never stored as text: we keep a keyed code made from it
            (to count requests, at most {CODES_PER_NUMBER_HOUR} codes an hour and {REQUESTS_PER_NUMBER_DAY} requests a
            day, and for a provider&apos;s block list) and a copy encrypted with a key kept apart from the database,
            which only the provider can read, and only until they decline or the day after the booking&apos;s time. What
            you wrote is encrypted the same way.
          </li>
          <li>
            <strong>Screening.</strong> Before a provider whose ID we have verified sees your request, your number is
            checked against the <a href="#safety-net">Safety Net</a>&apos;s published alerts; they see only whether it
            is on any, with the kind and month of each. A provider can block a number: its requests then do not reach
            them, and nothing tells the sender.
          </li>
          <li>
            <strong>What we send.</strong> The texts say only the time and the provider&apos;s first name (and the
            site&apos;s name only if the provider chooses). The provider is told by an e-mail with a link, never the
            request.
          </li>
          <li>
            <strong>How long we keep it.</strong> Everything about a request is deleted {REQUEST_KEEP_DAYS} days after
            the booking&apos;s time; the codes that count requests after a day; a block {BLOCK_MONTHS} months after it
            was made, unless the provider renews it. The provider gets their requests and blocks in the copy of their
            data. You can ask our Privacy Officer at {privacy} about a request you sent.
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
