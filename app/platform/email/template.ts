// The one e-mail kernel: every message is a subject, plain-text lines and at most one link, written as
// plain text (what the dev outbox shows) and as the same paragraphs in HTML (for mail clients).
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
