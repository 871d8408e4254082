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
