// The account e-mails. Plain text is what the dev outbox shows; the HTML part is for mail clients.
// Names come from sign-up forms, so everything interpolated into HTML is escaped.
import { CONFIRM_TOKEN_TTL_MS } from "./auth-session";
import { UNCONFIRMED_ACCOUNT_DAYS } from "~/features/site/retention";
import { greetingName, render } from "~/platform/email/template";
import type { EmailContent } from "~/platform/email/template";

/**
 * A notice to an account's owner about something done to, or tried on, their account: the greeting, what
 * happened, and the way back in when it was not them, a password reset. Without a first name (mail to a
 * stranger's address) the greeting is "Hi there,".
 */
export function securityNotice(
  o: { origin: string; firstName?: string },
  subject: string,
  body: string[],
): EmailContent {
  return render(subject, [`Hi ${greetingName(o.firstName ?? "")},`, "", ...body], {
    href: `${o.origin}/login?action=reset`,
    label: "Reset your password",
  });
}

/** "1 passkey", "3 passkeys". */
export function passkeyCount(n: number): string {
  return `${n} passkey${n === 1 ? "" : "s"}`;
}

export function passwordResetEmail(o: {
  origin: string;
  token: string;
  firstName: string;
  siteName: string;
  /** How many passkeys the account has: the page the link opens can remove them all. */
  passkeys?: number;
}): EmailContent {
  const passkeys = o.passkeys ?? 0;
  return render(
    `Reset your ${o.siteName} password`,
    [
      `Hi ${greetingName(o.firstName)},`,
      "",
      "Someone asked to reset the password of your account. The link below works once, for one hour.",
      ...(passkeys > 0
        ? [
            `Your account also has ${passkeyCount(passkeys)}, and a passkey signs in without the password. The page the link opens removes all of them unless you untick 'Also remove all passkeys': keep it ticked if you think someone else got into your account.`,
          ]
        : []),
      "If it was not you, ignore this e-mail: your password stays as it is.",
    ],
    { href: `${o.origin}/reset-password/${o.token}`, label: "Set a new password" },
  );
}

/**
 * The link that finishes a sign-up. Anyone can type any address into the sign-up form, so the mail says what
 * to do when it was not you: nothing, and the account never starts.
 */
export function confirmEmailEmail(o: {
  origin: string;
  token: string;
  firstName: string;
  siteName: string;
}): EmailContent {
  return render(
    `Confirm your e-mail address for ${o.siteName}`,
    [
      `Hi ${greetingName(o.firstName)},`,
      "",
      `Someone, hopefully you, just signed up to ${o.siteName} with this address.`,
      `Open the link below and press the button there to confirm it. It works once, within ${CONFIRM_TOKEN_TTL_MS / 3_600_000} hours. Opened in the browser you signed up in, it also signs you in; anywhere else, log in afterwards.`,
      `If it was not you, ignore this e-mail: the account never starts and is deleted after ${UNCONFIRMED_ACCOUNT_DAYS} days.`,
    ],
    { href: `${o.origin}/confirm-email/${o.token}`, label: "Confirm your e-mail address" },
  );
}

/** Sent instead of an error when someone signs up with an address that already has an account. */
export function signupAttemptEmail(o: { origin: string; firstName: string; siteName: string }): EmailContent {
  return securityNotice(o, `Someone tried to sign up to ${o.siteName} with your address`, [
    "Someone just tried to create a new account with your e-mail address, which already has an account.",
    "No new account was made and nobody was logged in.",
    "If it was you, log in instead; if you forgot your password, reset it from the login page.",
  ]);
}

export function loginFailuresEmail(o: { origin: string; firstName: string; siteName: string }): EmailContent {
  return securityNotice(o, `Several failed sign-ins to your ${o.siteName} account`, [
    "Someone has just entered a wrong password for your account several times in a row.",
    "Further sign-ins are slowed down for a while. Your password has not been changed.",
    "If it was you, wait a few minutes or reset your password; a reset always works and lifts the delay.",
    "If it was not you, nothing more is needed, but a new password never hurts.",
  ]);
}

export function passwordChangedEmail(o: {
  origin: string;
  firstName: string;
  siteName: string;
  /** What a reset did to the account's passkeys. */
  passkeys?: { passkeysRemoved: number; passkeysKept: number };
}): EmailContent {
  const removed = o.passkeys?.passkeysRemoved ?? 0;
  const kept = o.passkeys?.passkeysKept ?? 0;
  return securityNotice(o, `Your ${o.siteName} password was changed`, [
    "The password of your account was just changed and every signed-in device was logged out.",
    ...(removed > 0
      ? [`All your passkeys (${passkeyCount(removed)}) were removed too. Add them again from Account Settings.`]
      : []),
    ...(kept > 0 ? [`Your ${passkeyCount(kept)} still sign in: remove any you do not trust in Account Settings.`] : []),
    "If it was not you, reset your password now.",
  ]);
}
