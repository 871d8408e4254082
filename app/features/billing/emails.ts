// What payments say to people: the payer's statement line, receipts and the billing e-mails (docs/billing.md).
// No listing names anywhere: a bank statement or an e-mail preview must not out anyone.
import { greetingName, render } from "~/platform/email/template";
import type { EmailContent } from "~/platform/email/template";
import { formatNzDate } from "~/platform/time/date-text";
import { formatDollarsAndCents } from "~/platform/money";
import { gstIncludedCents, PLANS } from "~/core/plans";
import type { PlanTier } from "~/core/plans";

export type PaymentKind = "checkout" | "renewal" | "upgrade";

export function paymentDescription(kind: PaymentKind, plan: PlanTier): string {
  if (kind === "upgrade") return "Upgrade to Featured plan, rest of the week (prorated)";
  return `${PLANS[plan].name} plan, 1 week`;
}

/** "KC-000042": receipts are numbered in one sequence. */
export function receiptLabel(number: number): string {
  return `KC-${String(number).padStart(6, "0")}`;
}

/** What a past-due listing's owner reads beside it: how long it stays public, and what keeps it so. */
export function pastDueText(deadline: string): string {
  return `Payment failed. Pay by ${deadline} to keep this listing public.`;
}

export type ReceiptView = {
  number: number;
  issuedAt: number;
  supplierName: string;
  supplierGstNumber: string;
  description: string;
  totalCents: number;
  gstCents: number;
};

/** The receipt's lines, as the page and the e-mail show them (NZ taxable supply information). */
export function receiptLines(r: ReceiptView): string[] {
  return [
    `Tax invoice ${receiptLabel(r.number)}`,
    `Supplier: ${r.supplierName}`,
    `GST number: ${r.supplierGstNumber}`,
    `Date: ${formatNzDate(r.issuedAt)}`,
    `Description: ${r.description}`,
    `Total (including GST): ${formatDollarsAndCents(r.totalCents)} NZD`,
    `GST included: ${formatDollarsAndCents(r.gstCents)}`,
  ];
}

export function gstOf(totalCents: number): number {
  return gstIncludedCents(totalCents);
}

/** A billing e-mail to a listing's owner: the greeting, then `lines`, then the one link. */
function ownerEmail(
  subject: string,
  firstName: string,
  lines: string[],
  link: { href: string; label: string },
): EmailContent {
  return render(subject, [`Hi ${greetingName(firstName)},`, "", ...lines], link);
}

export function receiptEmail(o: { firstName: string; receipt: ReceiptView; origin: string }): EmailContent {
  return ownerEmail(
    `Your receipt ${receiptLabel(o.receipt.number)}`,
    o.firstName,
    ["Thank you for your payment.", "", ...receiptLines(o.receipt)],
    { href: `${o.origin}/managesub`, label: "Your subscriptions and receipts" },
  );
}

export function renewalReminderEmail(o: {
  firstName: string;
  plan: PlanTier;
  renewsAt: number;
  origin: string;
}): EmailContent {
  return ownerEmail(
    "Your plan renews tomorrow",
    o.firstName,
    [
      `Your ${PLANS[o.plan].name} plan renews on ${formatNzDate(o.renewsAt)} for ${formatDollarsAndCents(PLANS[o.plan].priceCents)} (GST included), charged to the card you paid with.`,
      "To change or cancel it before then, open your subscriptions.",
    ],
    { href: `${o.origin}/managesub`, label: "Manage your subscriptions" },
  );
}

type OwnerNotice = { subject: string; lines: string[]; path: string; label: string };

/** The notices whose words never change: only the greeting and the site's address differ. */
const NOTICES = {
  renewalFailed: {
    subject: "Your plan's renewal payment failed",
    lines: [
      "We could not take this week's payment for one of your listings. It stays visible for 24 hours while we try again.",
      "If the second attempt fails too, the listing is hidden until you renew. Nothing is deleted.",
    ],
    path: "/managesub",
    label: "Manage your subscriptions",
  },
  expired: {
    subject: "Your listing is hidden: its subscription expired",
    lines: [
      "A subscription of yours has expired, so its listing is hidden from the public. It is kept, not deleted.",
      "Renew the plan to bring it back as it was.",
    ],
    path: "/subscriptions",
    label: "Renew a plan",
  },
} satisfies Record<string, OwnerNotice>;

function noticeEmail(notice: OwnerNotice, o: { firstName: string; origin: string }): EmailContent {
  return ownerEmail(notice.subject, o.firstName, notice.lines, {
    href: `${o.origin}${notice.path}`,
    label: notice.label,
  });
}

export function renewalFailedEmail(o: { firstName: string; origin: string }): EmailContent {
  return noticeEmail(NOTICES.renewalFailed, o);
}

export function expiredEmail(o: { firstName: string; origin: string }): EmailContent {
  return noticeEmail(NOTICES.expired, o);
}
