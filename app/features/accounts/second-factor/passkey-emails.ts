// The e-mails that tell an owner a passkey was added to or removed from their account. The passkey's name is
// left out on purpose: whoever holds a session could type a link or a phone number into it, and our mail
// must never carry a stranger's text. The device summary and rough place are ours (app/features/accounts/security-log.ts).
import { securityNotice } from "../auth-emails";
import { greetingName, render } from "~/platform/email/template";
import type { EmailContent } from "~/platform/email/template";

type Where = { device: string; place: string };

function from({ device, place }: Where): string {
  const parts = [device && `on ${device}`, place && `near ${place}`].filter(Boolean);
  return parts.length ? ` (${parts.join(", ")})` : "";
}

export function passkeyAddedEmail(o: { origin: string; firstName: string; siteName: string } & Where): EmailContent {
  return render(
    `A passkey was added to your ${o.siteName} account`,
    [
      `Hi ${greetingName(o.firstName)},`,
      "",
      `A new passkey was just added to your account${from(o)}. It can sign in to your account without your password.`,
      "If it was not you, remove it on the Subscription and Account Settings page and reset your password now.",
    ],
    { href: `${o.origin}/managesub`, label: "Review your passkeys" },
  );
}

export function passkeyRemovedEmail(o: { origin: string; firstName: string; siteName: string } & Where): EmailContent {
  return securityNotice(o, `A passkey was removed from your ${o.siteName} account`, [
    `A passkey was just removed from your account${from(o)}. It can no longer sign in.`,
    "If it was not you, reset your password now and review your passkeys.",
  ]);
}
