// The optional digest e-mail: a discreet subject and no details, only a link to the dashboard, so an
// inbox seen over a shoulder says nothing (docs/decisions/0023-safety-net.md).
import type { EmailContent } from "~/platform/email/template";

export const SAFETY_NET_PATH = "/dashboard/safety-net";

export function digestEmail(siteName: string, origin: string): EmailContent {
  const link = `${origin}${SAFETY_NET_PATH}`;
  return {
    subject: `${siteName}: there is something new on your dashboard`,
    text: `Hello,\n\nThere is something new for you on your ${siteName} dashboard:\n${link}\n\nYou asked for these e-mails on that page, where you can also stop them.\n`,
    html: `<p>Hello,</p><p>There is something new for you on your ${siteName} dashboard: <a href="${link}">open your dashboard</a>.</p><p>You asked for these e-mails on that page, where you can also stop them.</p>`,
  };
}

/** To a reporter when an administrator asks them a question: as discreet as the digest, only a link. */
export function questionEmail(siteName: string, origin: string): EmailContent {
  const link = `${origin}${SAFETY_NET_PATH}`;
  return {
    subject: `${siteName}: there is something new on your dashboard`,
    text: `Hello,\n\nOur team has a question for you on your ${siteName} dashboard:\n${link}\n`,
    html: `<p>Hello,</p><p>Our team has a question for you on your ${siteName} dashboard: <a href="${link}">open your dashboard</a>.</p>`,
  };
}
