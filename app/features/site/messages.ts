// Texts said in more than one place: the pages' own errors and labels, and the one-shot notices that
// follow a redirect. The features that say one of these too (moderation's unknown action, verification's
// sent requests) point here rather than keep a second copy: this module sits under every feature.

/** Refusals the page actions answer with (and the JSON API with the same words). */
export const ERROR_MSG = {
  unknownAction: "Unknown action",
  invalidListingId: "Invalid model id",
  /** An owner's toggles, saves, uploads and deletes over their per-account budget. */
  tooManyChanges: "Too many changes, please wait a minute and try again.",
  modelNotFound: "Model not found",
  // The same words as auth-schemas' MSG.notAuthenticated, not imported from there: that module builds zod
  // schemas on load and would bring zod into every page that imports this table.
  notAuthenticated: "Not authenticated",
} as const;

/** Words that several screens put on their buttons and headings. */
export const LABEL = {
  submitting: "Submitting...",
  noRegion: "No region yet",
  backToLogin: "Back to Login",
  backToDashboard: "Back to the dashboard",
  setNewPassword: "Set a New Password",
} as const;

/**
 * What a page says once after a form posted to it redirected back (post/redirect/get). The flash cookie
 * carries the key, never the text, so a forged cookie can at most show one of these.
 */
export const NOTICE = {
  listingDeleted: "The listing has been deleted.",
  // A confirmation link opened in a browser signed in to another account (app/features/accounts/sign-in/confirm-email-page.server.ts).
  emailConfirmedElsewhere:
    "That e-mail address is now confirmed. You are still signed in to this account: sign out and log in to use the other one.",
  // The same link confirmed in a browser that did not sign up: never signed in there (decision 0022, login CSRF).
  emailConfirmedLogIn:
    "Your e-mail address is confirmed. This is not the browser you signed up in, so you are not signed in here: log in with your e-mail address and password.",
  // The owner's session and account changes on /managesub (app/features/accounts/settings/account-settings.ts).
  sessionSignedOut: "That session has been signed out.",
  otherSessionsSignedOut: "Every other session has been signed out.",
  passwordChanged: "Your password has been changed. Every other session has been signed out.",
  emailChangeSent:
    "We sent a link to the new address. Your e-mail address changes when you open it (it works once, for 24 hours).",
  passkeyRemoved: "The passkey has been removed.",
  reportHidden: "The listing is hidden (no longer live) and its open reports are closed.",
  reportDismissed: "The report has been dismissed.",
  // Takedown cases (app/features/takedowns, docs/decisions/0063-takedown-cases.md).
  takedownAgreed: "Thank you. The content has been taken down, and the person who asked has been told.",
  takedownDisputed: "Your answer has been sent. An administrator will decide, and we will e-mail you the outcome.",
  takedownDecided: "The case is decided. The proof photo has been deleted and both sides have been told.",
  takedownPhotosHidden: "The disputed photos are hidden until the case is decided.",
  appealDecided: "The appeal is decided and the person who appealed has been told.",
  // The side-by-side queue (app/features/verification/matches/).
  matchReleased: "The photo is released and now shows on its listing.",
  matchRemoved: "The photo is removed.",
  matchTakenDown: "The photo is taken down as impersonation; the same photo is refused if anyone uploads it again.",
  requestApproved: "Request approved. The documents have been deleted.",
  requestRejected:
    "Request rejected. The provider will see your reason on their dashboard; the documents have been deleted.",
  // 'Pay now' on a past-due listing (app/features/billing/past-due.server.ts).
  paymentReceived: "Payment received. Your listing's plan is active again.",
  paymentProcessing: "Payment processing… This page shows the result once your card's bank has answered.",
  // The last Safety Net report of an account without access withdrawn: its Safety Net page is gone with it.
  safetyReportWithdrawn: "Your Safety Net report is withdrawn and deleted, with any alert made from it.",
  // An administrator's grants on /admin/subscriptions (app/features/billing/admin/subscriptions-page.server.ts).
  weeksGranted: "Free weeks granted, with your reason on the audit log. The listing's row shows the plan's new end.",
  featuredGranted: "Featured granted, with your reason on the audit log. The listing's row shows until when.",
  featuredRevoked: "Featured revoked, with your reason on the audit log.",
  // A visitor's booking request, sent (app/features/bookings/request-page.server.ts).
  bookingRequestSent: "Your request has been sent.",
  // The spec's words after a verification request is sent (provider §4); verification's ID_MSG and
  // PHOTO_VERIFY_MSG say them from here.
  verificationSent: "Verification request sent successfully. We will review it shortly.",
  photosSent: "Request sent! Our team will review your photos shortly.",
  // One photo sent for its own check (docs/decisions/0055-each-photo-verified.md).
  photoCheckSent: "Photo sent for checking. We compare it with your verified photos, usually within 24-48 hours.",
} as const;

export type NoticeKey = keyof typeof NOTICE;

export function isNoticeKey(value: unknown): value is NoticeKey {
  return typeof value === "string" && Object.hasOwn(NOTICE, value);
}
