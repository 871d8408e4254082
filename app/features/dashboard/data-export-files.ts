// 'Download my data': how the archive names its files, and the README.txt that says what each one holds.

/** A folder name per listing that sorts in dashboard order and says whose it is: "01-ruby". */
export function listingFolder(index: number, firstName: string): string {
  const slug = firstName
    .normalize("NFKD")
    .replace(/[^\w\s-]/g, "")
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, "-")
    .slice(0, 40);
  return `listings/${String(index + 1).padStart(2, "0")}${slug ? `-${slug}` : ""}`;
}

/** "photos/03.webp" for the third photo in profile order (by index, not by stored position, which may skip). */
export const photoFileName = (index: number, key: string): string =>
  `photos/${String(index + 1).padStart(2, "0")}.${key.split(".").pop() === "webp" ? "webp" : "jpg"}`;

type Row = Record<string, unknown>;

/**
 * plans.json: the plan each listing is on (its subscription: plan, status, the paid period, a change waiting
 * for the renewal), or no plan, in dashboard order; and a plan picked before signing up that was not yet paid.
 */
export function plansFile(listings: Row[], subscriptions: Row[], chosenBeforeSignUp: Row[]) {
  return {
    listings: listings.map((listing) => {
      const sub = subscriptions.find((s) => s.listing_id === listing.id);
      return {
        listing_id: listing.id,
        first_name: listing.first_name,
        plan: sub?.plan ?? null,
        status: sub?.status ?? null,
        period_start: sub?.period_start ?? null,
        period_end: sub?.period_end ?? null,
        pending_plan: sub?.pending_plan ?? null,
      };
    }),
    chosenBeforeSignUp,
  };
}

export function readMe(o: { siteName: string; email: string; createdAt: string; listings: number }): string {
  return [
    `A copy of your ${o.siteName} data`,
    "",
    `Account: ${o.email}`,
    `Made: ${o.createdAt} (New Zealand time)`,
    "",
    "account.json                  Your account, sessions, passkeys and two-factor sign-in (without secrets).",
    "security-log.json             Your account-security log.",
    "plans.json                    The plan each listing is on, and a plan picked before signing up.",
    "payments.json                 Your subscriptions, payments, ledger entries, receipts and refunds (no card details).",
    "verification-requests.json    Your ID and photo verification requests and their outcome.",
    "safety-net-reports.json       Your Safety Net reports, if you sent any: what you wrote, questions, answers, alerts.",
    "booking-requests.json         Booking requests to your listings and your blocked numbers, if any (no visitor's number).",
    `listings/                     Your ${o.listings} listing(s): every field, rates, photos, monthly stats and daily insights.`,
    "",
    "Times are milliseconds since 1 January 1970 (UTC). Money is in whole cents of NZ dollars.",
    "",
    "Not included: passwords and other secrets (only stored as hashes), ID documents (deleted once reviewed,",
    "and kept out so that a copy of this file cannot be used to take your identity), visitors' reports and",
    "likes (other people's data), and moderators' notes. To ask about anything else we hold, use the",
    "contact page.",
    "",
  ].join("\n");
}
