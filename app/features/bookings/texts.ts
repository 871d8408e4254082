// What leaves the site about a request: the visitor's texts and the provider's e-mail. The texts are
// discreet (someone may read the visitor's phone over their shoulder): no site name unless the provider asks
// for it, no word about what was booked, only the time and the provider's first name. The e-mail carries a
// link and nothing of the request (docs/decisions/0052-booking-requests.md). Pure.
import { render } from "~/platform/email/template";
import type { EmailContent } from "~/platform/email/template";
import { NZ_TIME_ZONE } from "~/platform/time/nz-time";
import { CODE_MINUTES } from "./limits";
import { lengthLabel } from "./request-rules";

export const INBOX_PATH = "/dashboard/requests";

/** Kept per isolate: building an Intl.DateTimeFormat costs about 0.1 ms, and an inbox writes one time a request. */
let whenFormat: Intl.DateTimeFormat | null = null;

/** "Sat 14 Dec, 7:30 pm" in NZ time. */
export function bookingWhen(ms: number): string {
  whenFormat ??= new Intl.DateTimeFormat("en-NZ", {
    timeZone: NZ_TIME_ZONE,
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "numeric",
    minute: "2-digit",
    hour12: true,
  });
  const parts = whenFormat.formatToParts(new Date(ms));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("weekday")} ${get("day")} ${get("month")}, ${get("hour")}:${get("minute")} ${get("dayPeriod").toLowerCase()}`;
}

export function codeText(code: string): string {
  return `${code} is your code. It works for ${CODE_MINUTES} minutes. If you did not ask for it, ignore this text.`;
}

/** How the provider's texts end: their first name, the site's name only when they chose it. */
type Signature = { name: string; phone: string; siteName: string | null };

const from = (s: Signature) => ` - ${s.siteName ? `${s.name}, ${s.siteName}` : s.name}`;

export function acceptText(o: { startsAt: number; minutes: number } & Signature): string {
  const change = o.phone ? ` Text ${o.phone} about any change.` : "";
  return `Confirmed: ${bookingWhen(o.startsAt)}, ${lengthLabel(o.minutes).toLowerCase()}.${change}${from(o)}`;
}

export function suggestText(o: { startsAt: number; suggestedAt: number } & Signature): string {
  // A reply to this text reaches no one: the provider's own number is where to answer.
  const confirm = o.phone ? ` Text ${o.phone} to confirm.` : " Send a new request to confirm.";
  return `${bookingWhen(o.startsAt)} does not suit. Could you do ${bookingWhen(o.suggestedAt)} instead?${confirm}${from(o)}`;
}

export function declineText(o: { startsAt: number } & Signature): string {
  return `Sorry, ${bookingWhen(o.startsAt)} is not possible.${from(o)}`;
}

/** The provider's notice: a discreet subject, a link, nothing of the request. */
export function newRequestEmail(siteName: string, origin: string): EmailContent {
  return render(
    `${siteName}: there is something new on your dashboard`,
    ["Hello,", "", `There is something new for you on your ${siteName} dashboard.`],
    { href: `${origin}${INBOX_PATH}`, label: "Open your dashboard" },
  );
}
