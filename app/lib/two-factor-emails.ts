// The e-mails two-factor sign-in sends the owner. Each one tells of a change that would matter if it was not
// them, and says what to do. Built like app/lib/auth-emails.ts (kept apart so the two evolve separately).
import { escapeHtml, greetingName, type EmailContent } from "./auth-emails";

type Common = { origin: string; firstName: string; siteName: string };

function render(subject: string, lines: string[], link: { href: string; label: string }): EmailContent {
  const text = [...lines, "", `${link.label}: ${link.href}`].join("\n");
  const paragraphs = lines.filter((l) => l !== "").map((l) => `<p>${escapeHtml(l)}</p>`);
  paragraphs.push(`<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`);
  return { subject, text, html: `<!doctype html><html><body>${paragraphs.join("")}</body></html>` };
}

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
