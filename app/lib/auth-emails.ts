// The account e-mails. Plain text is what the dev outbox shows; the HTML part is for mail clients.
// Names come from sign-up forms, so everything interpolated into HTML is escaped.

export type EmailContent = { subject: string; text: string; html: string };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The greeting's name, safe to mail. A first name is typed by whoever signs up, possibly with someone
 * else's address: anything a mail client could turn into a link (a domain, a URL, an address) or that is
 * not a plain name is left out, so our mail never carries a stranger's link.
 */
export function greetingName(firstName: string): string {
  const name = firstName.trim();
  if (name.length === 0 || name.length > 40) return "there";
  if (!/^[\p{L}\p{M}][\p{L}\p{M} '’-]*$/u.test(name)) return "there";
  return name;
}

export function render(subject: string, lines: string[], link?: { href: string; label: string }): EmailContent {
  const text = [...lines, ...(link ? ["", `${link.label}: ${link.href}`] : [])].join("\n");
  const paragraphs = lines.filter((l) => l !== "").map((l) => `<p>${escapeHtml(l)}</p>`);
  if (link) paragraphs.push(`<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`);
  return { subject, text, html: `<!doctype html><html><body>${paragraphs.join("")}</body></html>` };
}

export function passwordResetEmail(o: {
  origin: string;
  token: string;
  firstName: string;
  siteName: string;
}): EmailContent {
  return render(
    `Reset your ${o.siteName} password`,
    [
      `Hi ${greetingName(o.firstName)},`,
      "",
      "Someone asked to reset the password of your account. The link below works once, for one hour.",
      "If it was not you, ignore this e-mail: your password stays as it is.",
    ],
    { href: `${o.origin}/reset-password/${o.token}`, label: "Set a new password" },
  );
}

export function welcomeEmail(o: { origin: string; firstName: string; siteName: string }): EmailContent {
  return render(
    `Welcome to ${o.siteName}`,
    [
      `Hi ${greetingName(o.firstName)},`,
      "",
      `Your ${o.siteName} account is ready. Create your listing from your dashboard.`,
    ],
    { href: `${o.origin}/dashboard`, label: "Open your dashboard" },
  );
}

/** Sent instead of an error when someone signs up with an address that already has an account. */
export function signupAttemptEmail(o: { origin: string; firstName: string; siteName: string }): EmailContent {
  return render(
    `Someone tried to sign up to ${o.siteName} with your address`,
    [
      `Hi ${greetingName(o.firstName)},`,
      "",
      "Someone just tried to create a new account with your e-mail address, which already has an account.",
      "No new account was made and nobody was logged in.",
      "If it was you, log in instead; if you forgot your password, reset it from the login page.",
    ],
    { href: `${o.origin}/login?action=reset`, label: "Reset your password" },
  );
}

export function loginFailuresEmail(o: { origin: string; firstName: string; siteName: string }): EmailContent {
  return render(
    `Several failed sign-ins to your ${o.siteName} account`,
    [
      `Hi ${greetingName(o.firstName)},`,
      "",
      "Someone has just entered a wrong password for your account several times in a row.",
      "Further sign-ins are slowed down for a while. Your password has not been changed.",
      "If it was you, wait a few minutes or reset your password; a reset always works and lifts the delay.",
      "If it was not you, nothing more is needed, but a new password never hurts.",
    ],
    { href: `${o.origin}/login?action=reset`, label: "Reset your password" },
  );
}

export function passwordChangedEmail(o: { origin: string; firstName: string; siteName: string }): EmailContent {
  return render(
    `Your ${o.siteName} password was changed`,
    [
      `Hi ${greetingName(o.firstName)},`,
      "",
      "The password of your account was just changed and every signed-in device was logged out.",
      "If it was not you, reset your password now.",
    ],
    { href: `${o.origin}/login?action=reset`, label: "Reset your password" },
  );
}
