// The e-mails two-factor sign-in sends the owner. Each one tells of a change that would matter if it was not
// them, and says what to do. Written with the one e-mail kernel (app/platform/email/template.ts).
import { greetingName, render } from "~/platform/email/template";
import type { EmailContent } from "~/platform/email/template";

type Common = { origin: string; firstName: string; siteName: string };

const notYou = "If this was not you, reset your password now and check the sign-ins on your account page.";

export function twoFactorDisabledEmail(o: Common): EmailContent {
  return render(
    `Two-factor sign-in was turned off on your ${o.siteName} account`,
    [
      `Hi ${greetingName(o.firstName)},`,
      "",
      "Two-factor sign-in was just turned off: your password alone now signs in to your account.",
      notYou,
    ],
    { href: `${o.origin}/account/two-factor`, label: "Two-factor sign-in settings" },
  );
}

export function recoveryCodeUsedEmail(o: Common & { left: number }): EmailContent {
  const left =
    o.left === 0
      ? "You have no recovery codes left: make new ones now, or you could be locked out."
      : `You have ${o.left} recovery code${o.left === 1 ? "" : "s"} left.`;
  return render(
    `A recovery code was used to sign in to your ${o.siteName} account`,
    [`Hi ${greetingName(o.firstName)},`, "", "Someone signed in to your account with a recovery code.", left, notYou],
    { href: `${o.origin}/account/two-factor`, label: "Two-factor sign-in settings" },
  );
}
