// The e-mails of the owner's own account changes on /managesub (docs/accounts.md). Like auth-emails.ts: plain text
// for the dev outbox, escaped HTML for mail clients, and a greeting only for a name that is a plain name.
import { securityNotice } from "./auth-emails";
import { greetingName, render } from "~/platform/email/template";
import type { EmailContent } from "~/platform/email/template";

type Common = { origin: string; firstName: string; siteName: string };

/** To the owner after a change of password from the settings page (this device stays signed in). */
export function passwordChangedHereEmail(o: Common): EmailContent {
  return securityNotice(o, `Your ${o.siteName} password was changed`, [
    "The password of your account was just changed from your account settings.",
    "Every other device signed in to your account was signed out.",
    "If it was not you, reset your password now.",
  ]);
}

/** To the NEW address: the only way the change can happen. */
export function confirmEmailChangeEmail(o: Common & { token: string }): EmailContent {
  return render(
    `Confirm your new ${o.siteName} e-mail address`,
    [
      `Hi ${greetingName(o.firstName)},`,
      "",
      `You asked to use this address for your ${o.siteName} account. Open the link below to confirm it.`,
      "The link works once, for 24 hours. Until then your old address stays in use.",
      "If you did not ask for this, ignore this e-mail: nothing changes.",
    ],
    { href: `${o.origin}/account/email/${o.token}`, label: "Confirm the new address" },
  );
}

/**
 * To the OLD address, as soon as a change is asked for: the owner can stop it from their mailbox, signed in or
 * not. Neither the new address nor its link is named: a person reading this mailbox learns nothing about where
 * the account was to go, and nothing here can make the change.
 */
export function emailChangeRequestedEmail(o: Common & { token: string }): EmailContent {
  return render(
    `Someone asked to change your ${o.siteName} e-mail address`,
    [
      `Hi ${greetingName(o.firstName)},`,
      "",
      "Someone signed in to your account just asked to use another e-mail address for it.",
      "Nothing has changed yet: the change is made only if the link sent to the new address is opened within 24 hours.",
      "If it was you, there is nothing to do.",
      "If it was not you, cancel the change with the link below (no need to sign in), then reset your password: whoever asked knows it.",
    ],
    { href: `${o.origin}/account/email/cancel/${o.token}`, label: "Cancel the change" },
  );
}

/** To the OLD address, once the change is done: the owner hears of it even if it was not them. */
export function emailChangedEmail(o: Common): EmailContent {
  return render(
    `Your ${o.siteName} e-mail address was changed`,
    [
      `Hi ${greetingName(o.firstName)},`,
      "",
      "The e-mail address of your account was just changed; this address is no longer used for it.",
      "If it was not you, contact us at once: password resets now go to the new address.",
    ],
    { href: `${o.origin}/contact`, label: "Contact us" },
  );
}

/**
 * To an address that already has an account, when someone asked to move their account to it. No link (it
 * could change nothing anyway) and no name: the requester is a stranger to this recipient.
 */
export function emailChangeTakenEmail(o: Pick<Common, "origin" | "siteName">): EmailContent {
  return securityNotice(o, `Someone tried to use your address on ${o.siteName}`, [
    `Someone asked to move another ${o.siteName} account to this e-mail address, which already has an account.`,
    "Nothing was changed, and your account is as it was.",
    "If you have not signed in for a while, a new password never hurts.",
  ]);
}

/** After 'Download my data': a copy of everything is worth knowing about when it was not you. */
export function dataExportedEmail(o: Common): EmailContent {
  return securityNotice(o, `A copy of your ${o.siteName} data was downloaded`, [
    "A copy of your account's data (your details, listings, photos, stats and security log) was just downloaded",
    "after your password was confirmed.",
    "If it was not you, reset your password now and sign out your other sessions from your account settings.",
  ]);
}
