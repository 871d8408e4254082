// Two-factor offered at the start (docs/decisions/0056-two-factor-offered-at-the-start.md): after confirming the
// address a new provider is offered a passkey or an authenticator app, with one line on why, and may skip; the
// dashboard keeps a reminder, which can be dismissed, until two-factor sign-in (the authenticator app) is on.

/** The one line on why, said on the offer and on the reminder. */
export const TWO_FACTOR_WHY =
  "Your listing is your income: a second step at sign-in keeps it yours even if someone learns your password.";

export const TWO_FACTOR_OFFER = {
  title: "Protect your listing",
  app: "Use an authenticator app",
  appHint: "A six-digit code from an app on your phone after your password, every time you sign in.",
  skip: "Skip for now",
  reminder: "Two-factor sign-in is off.",
  reminderPasskey: "You have a passkey, but your password alone still signs in.",
  turnOn: "Turn on two-factor sign-in",
  dismiss: "Not now",
} as const;

/** A dismissed reminder comes back after this long while two-factor is still off. */
export const REMINDER_SNOOZE_MS = 30 * 24 * 60 * 60 * 1000;

/** The dashboard's reminder shows while two-factor is off, unless dismissed in the last 30 days. */
export function showsTwoFactorReminder(s: { twoFactorOn: boolean; dismissedAt: number | null; now: number }): boolean {
  if (s.twoFactorOn) return false;
  return s.dismissedAt == null || s.now - s.dismissedAt >= REMINDER_SNOOZE_MS;
}

/** The intent of the reminder's 'Not now' (a form post to the dashboard). */
export const DISMISS_TWO_FACTOR_INTENT = "dismissTwoFactor";

/** Where the offer sends someone who has just confirmed their address, on to where they were going. */
export function twoFactorOfferPath(next: string): string {
  return `/account/secure?${new URLSearchParams({ redirectTo: next })}`;
}
