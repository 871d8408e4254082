// The e-mail an administrator's verification decision sends to the listing's owner: what was decided, the
// reason for a refusal, and what happens next. Nothing else about the decision (who decided, the files)
// leaves the admin screens.
import { hideReasons } from "~/features/listings/visibility";
import type { VisibilityInputs } from "~/features/listings/visibility";
import { greetingName, render } from "~/platform/email/template";
import type { EmailContent } from "~/platform/email/template";
import { kindLabel } from "./verification";
import type { VerificationKind } from "./verification";

export type DecisionEmailInput = {
  origin: string;
  siteName: string;
  firstName: string;
  listingName: string;
  kind: VerificationKind;
  /** A review opened by the app after a verified listing changed (docs/decisions/0007-reverification-after-changes.md). */
  rereview: boolean;
  status: "approved" | "rejected";
  reason: string;
  /** The listing's visibility inputs after the decision, for the next step. */
  listing: VisibilityInputs;
};

/** What the owner can do next after an approved ID review, by the first thing that still hides the listing. */
export function nextStepAfterApproval(listing: VisibilityInputs): string {
  switch (hideReasons(listing)[0]) {
    case undefined:
      return "It is live now: visitors can find it.";
    case "unpaid":
      return "Choose a plan for it on the Subscriptions page: it goes live as soon as it is paid for.";
    case "stale":
      return "Press 'Still available' beside it on your dashboard and it goes live again.";
    case "paused":
      return "It is on a break: it goes live again when the break ends, or when you resume it from your dashboard.";
    case "awaitingConsent":
      return "It goes live as soon as its worker agrees to it through the link we e-mailed her.";
    case "agencyHeld":
      return "It goes live once we have checked your agency's operator certificate, or your statement that none is needed.";
    case "numberHeld":
      return "It goes live once we have checked its contact number, which is on another account's listing.";
    default:
      return "You switched it off: switch Live on from your dashboard when you want it shown.";
  }
}

/** After an ID approval: the card's tick is a second, separate check (its photos), which the ID does not give. */
export const PHOTO_TICK = {
  lead: "The tick beside a name on its card means its photos are verified, a separate check: send them from",
  link: "Verify Photos",
  tail: "when you are ready.",
} as const;
const photoTickText = `${PHOTO_TICK.lead} ${PHOTO_TICK.link} ${PHOTO_TICK.tail}`;

/**
 * The subject names no listing: it shows on a lock screen, where a working name says what the mail is about.
 * The billing mails are as discreet (app/features/billing/emails.ts).
 */
export function decisionSubject(kind: VerificationKind, status: "approved" | "rejected"): string {
  return `Your ${kind === "id" ? "ID" : "photo"} verification request was ${status === "approved" ? "approved" : "not approved"}`;
}

/** A photo request decided photo by photo with some photos refused: what the owner reads, here and on the dashboard. */
export const PARTLY_APPROVED = (listingName: string, reason: string) => [
  `Some photos of ${listingName} are verified; the others were not approved.`,
  `Reason: ${reason}`,
  "Each photo's outcome is on the Verify Photos page, where you can appeal a refusal or send the photo again.",
];

export function verificationDecisionEmail(o: DecisionEmailInput): EmailContent {
  const hi = `Hi ${greetingName(o.firstName)},`;
  const dashboard = { href: `${o.origin}/dashboard`, label: "Open your dashboard" };
  if (o.status === "approved" && o.kind === "photo" && o.reason) {
    // Decided photo by photo, some refused (docs/decisions/0069-photos-decided-one-by-one.md).
    return render(decisionSubject(o.kind, "approved"), [hi, "", ...PARTLY_APPROVED(o.listingName, o.reason)], {
      href: `${o.origin}/photo-verification`,
      label: "Verify Photos",
    });
  }
  if (o.status === "approved") {
    const lines =
      o.kind === "photo"
        ? [`The photos of ${o.listingName} are verified: the listing now shows that its photos are genuine.`]
        : o.rereview
          ? [`We checked the changes to ${o.listingName}: it stays verified.`]
          : [`${o.listingName} is verified.`, nextStepAfterApproval(o.listing), "", photoTickText];
    return render(decisionSubject(o.kind, "approved"), [hi, "", ...lines], dashboard);
  }
  const again =
    o.kind === "id"
      ? { href: `${o.origin}/verification`, label: "Get Verified" }
      : { href: `${o.origin}/photo-verification`, label: "Verify Photos" };
  const lines = o.rereview
    ? [
        `We checked the changes to ${o.listingName} and could not confirm it is still the verified person.`,
        "It is hidden until it is verified again.",
      ]
    : [`${kindLabel(o.kind)} for ${o.listingName} was not approved.`];
  return render(
    decisionSubject(o.kind, "rejected"),
    [hi, "", ...lines, `Reason: ${o.reason}`, "", "You can send a new request at any time."],
    again,
  );
}

/**
 * An ID or photo refusal overturned reopens the request (docs/decisions/0068-upheld-appeal-reopens-the-request.md):
 * what the provider reads in the e-mail and on the dashboard.
 */
export function reopenedLines(kind: "id" | "photo", origin?: string): string[] {
  const at = (path: string) => (origin === undefined ? "" : ` (${origin}${path})`);
  return kind === "id"
    ? [
        "The documents you sent were deleted at the first decision, as our privacy page promises, so the request cannot be approved on them now.",
        `Please send new ones from Get Verified${at("/verification")}: your request will be first in the queue.`,
      ]
    : [
        "Photos of you sent with a request are deleted at the first decision, as our privacy page promises, so the photos are checked again rather than approved on the record.",
        `Please ask for a new check from Verify Photos${at("/photo-verification")}: your request will be first in the queue.`,
      ];
}
