// 'Download my data' (Privacy Act 2020, IPP 6): what a copy of an account's data holds, table by table.
// Every table is named here, either with the columns the archive takes from it or with why it takes nothing,
// and a workers test fails when a table or a column is added without a decision. Columns that are secrets
// (hashes, keys, session ids) stay out even where the rest of the row goes in: the archive may be saved on a
// shared computer or mailed on, and must not be a way into the account.

/**
 * Tables the archive copies: the columns it takes (an allow-list, so a column added later is left out until
 * someone decides; a workers test fails until they do) and the ones it leaves out on purpose.
 */
export const EXPORTED_TABLES = {
  users: {
    file: "account.json",
    columns: [
      "id",
      "email",
      "first_name",
      "last_name",
      "account_type",
      "agency",
      "created_at",
      "updated_at",
      "email_confirmed_at",
    ],
    leftOut: ["password_hash"],
  },
  sessions: {
    file: "account.json",
    columns: ["user_id", "created_at", "last_seen_at", "expires_at", "device", "place", "second_factor_at"],
    leftOut: ["id"],
  },
  passkeys: {
    file: "account.json",
    columns: ["id", "user_id", "transports", "name", "created_at", "last_used_at"],
    leftOut: ["public_key", "user_handle", "counter"],
  },
  totp_factors: {
    file: "account.json",
    columns: ["user_id", "enabled_at", "pending_at"],
    leftOut: ["secret", "last_step", "pending_secret", "pending_session"],
  },
  recovery_codes: {
    file: "account.json",
    columns: ["user_id", "created_at", "used_at"],
    leftOut: ["code_hash"],
  },
  security_events: {
    file: "security-log.json",
    columns: ["id", "user_id", "event", "place", "device", "created_at"],
    leftOut: [],
  },
  plan_requests: {
    file: "plans.json",
    columns: ["id", "user_id", "tier", "price_cents", "status", "created_at"],
    leftOut: [],
  },
  verification_requests: {
    file: "verification-requests.json",
    columns: [
      "id",
      "kind",
      "listing_id",
      "user_id",
      "status",
      "reason",
      "created_at",
      "decided_at",
      "rereview",
      "changes",
    ],
    leftOut: ["r2_keys", "decided_by"],
  },
  listings: {
    file: "listings/*/listing.json",
    columns: [
      "id",
      "user_id",
      "first_name",
      "last_name",
      "age",
      "tag_line",
      "description",
      "location",
      "suburb",
      "calls",
      "nationality",
      "height",
      "weight",
      "eye_colour",
      "bust",
      "dress_size",
      "hair_colour",
      "body_type",
      "services",
      "interests",
      "favorites",
      "availability",
      "instagram",
      "twitter",
      "only_fans",
      "website",
      "contact_phone",
      "rate30",
      "rate60",
      "rate120",
      "orate30",
      "orate60",
      "orate120",
      "featured",
      "hot",
      "verified",
      "live",
      "active",
      "active_until",
      "photo_verified",
      "cover_key",
      "cover_width",
      "cover_height",
      "image_count",
      "listed_at",
      "created_at",
      "updated_at",
      "reviewed_image_ids",
      "schedule",
      "available_days",
      "paid",
      "hidden_by_expiry",
      "paused_at",
      "paused_until",
      "confirmed_at",
      "stale_reminded_at",
      "hidden_as_stale",
      "featured_until",
      "switched_off",
    ],
    // The 'Still available' link's hash: a live link could confirm the listing for the owner.
    leftOut: ["stale_token_hash"],
  },
  listing_images: {
    file: "listings/*/listing.json",
    columns: ["id", "listing_id", "r2_key", "position", "width", "height", "created_at", "public", "kept_on_standard"],
    leftOut: [],
  },
  listing_rates: {
    file: "listings/*/listing.json",
    columns: ["id", "listing_id", "call_type", "duration", "price", "description"],
    leftOut: [],
  },
  listing_special_rates: {
    file: "listings/*/listing.json",
    columns: ["id", "listing_id", "service_name", "duration", "rate", "description", "position"],
    leftOut: [],
  },
  tour_stops: {
    file: "listings/*/listing.json",
    columns: ["listing_id", "position", "region", "suburb", "start_date", "end_date"],
    leftOut: [],
  },
  listing_stats: {
    file: "listings/*/stats.json",
    columns: ["listing_id", "month", "views", "contacts", "likes"],
    leftOut: [],
  },
  listing_daily: {
    file: "listings/*/insights.json",
    columns: ["listing_id", "day", "impressions", "views", "photo_opens", "contacts", "likes", "favourites"],
    leftOut: [],
  },
  listing_monthly_insights: {
    file: "listings/*/insights.json",
    columns: ["listing_id", "month", "impressions", "views", "photo_opens", "contacts", "likes", "favourites"],
    leftOut: [],
  },
  listing_photo_daily: {
    file: "listings/*/insights.json",
    columns: ["listing_id", "day", "photo", "shown", "opened", "card_opens"],
    leftOut: [],
  },
  // Views by visitor region, as the insights page shows them: a count under 5 reads 'fewer than 5'
  // (app/features/insights/regions.ts), since a small number could point at one visitor.
  listing_region_daily: {
    file: "listings/*/insights.json",
    columns: ["listing_id", "day", "region", "views"],
    leftOut: [],
  },
  subscriptions: {
    file: "payments.json",
    columns: [
      "listing_id",
      "user_id",
      "plan",
      "status",
      "period_start",
      "period_end",
      "grace_until",
      "pending_plan",
      "reminded_for",
      "failed_renewals",
      "created_at",
      "updated_at",
    ],
    // The provider's token for the stored card: whoever holds it could ask for charges on it. `version` is the
    // compare-and-swap counter (migration 0038), bookkeeping that says nothing about the owner.
    leftOut: ["method_ref", "version"],
  },
  payments: {
    file: "payments.json",
    columns: [
      "id",
      "listing_id",
      "user_id",
      "kind",
      "plan",
      "amount_cents",
      "currency",
      "status",
      "provider",
      "provider_ref",
      "failure",
      "created_at",
      "updated_at",
    ],
    // The provider's hosted page of a checkout still open: a link to pay, not a record of anything paid.
    leftOut: ["checkout_url"],
  },
  ledger: {
    file: "payments.json",
    columns: [
      "id",
      "payment_id",
      "listing_id",
      "user_id",
      "entry",
      "amount_cents",
      "currency",
      "provider",
      "provider_ref",
      "event_id",
      "created_at",
    ],
    leftOut: [],
  },
  unapplied_payments: {
    file: "payments.json",
    columns: [
      "id",
      "payment_id",
      "listing_id",
      "user_id",
      "provider",
      "provider_ref",
      "amount_cents",
      "currency",
      "reason",
      "refund_state",
      "refund_ref",
      "refund_note",
      "received_at",
      "updated_at",
    ],
    leftOut: [],
  },
  receipts: {
    file: "payments.json",
    columns: [
      "id",
      "number",
      "payment_id",
      "user_id",
      "listing_id",
      "issued_at",
      "supplier_name",
      "supplier_gst_number",
      "description",
      "total_cents",
      "gst_cents",
      "currency",
    ],
    leftOut: [],
  },
} as const satisfies Record<string, { file: string; columns: readonly string[]; leftOut: readonly string[] }>;

export type ExportedTable = keyof typeof EXPORTED_TABLES;

/** Tables the archive takes nothing from, and why. */
export const NOT_EXPORTED_TABLES: Record<string, string> = {
  week_peer_figures: "Every plan and region's impressions of a past week, no one's own data.",
  listing_photo_running: "Running sums of the per-photo counts; the export gives the daily counts they are made from.",
  listing_region_running:
    "Running sums of the per-region views; the export gives the region counts they are made from.",
  likes: "Visitors' ids (keyed hashes about other people). Each listing's like counts are in its stats.",
  reports: "Visitors' reports about a listing are their words and contact details, not the owner's.",
  admin_audit: "The moderators' own record of their work.",
  pending_uploads: "Photos uploaded in the editor but never saved; removed within a day.",
  password_resets: "Single-use links, stored only as hashes, that expire within hours.",
  email_changes: "Single-use links, stored only as hashes, that expire within a day.",
  email_confirmations: "Single-use links, stored only as hashes, that expire within a day.",
  data_export_links: "These download links themselves, stored only as hashes, that expire within minutes.",
  passkey_challenges: "Random challenges that expire within minutes.",
  pending_sign_ins: "Half-finished sign-ins that expire within minutes.",
  signup_attempts:
    "A keyed hash of a password typed in a sign-up for an address that already has an account, kept 7 days so that signing in with it answers as for any unconfirmed account; it is not the account's data.",
  login_throttle: "Failed sign-in counts under a keyed hash of the address.",
  mail_caps: "When a notice last went out, under a keyed hash.",
  count_marks: "Once-a-day markers for counting views, under keyed hashes.",
  statement_emails:
    "Whether the weekly statement e-mail is wanted and the week it last went out; the choice is on the insights page.",
  listing_covers:
    "Which of the listing's own photos take turns as the card's cover (the photos themselves are in the archive); the choice is shown on the insights page.",
  listing_facets: "Counts derived from all listings.",
  facet_ranges: "The site's filter ranges.",
  search_names: "A search index derived from listing names.",
  search_grams: "A search index derived from listing names.",
  search_totals: "A search index derived from listing names.",
  site_secrets: "The site's own keys.",
  page_cache_versions: "Version numbers of the page cache, per listing id.",
  payment_events: "The payment provider's notice ids, kept so each is applied once; the payments are exported.",
  r2_delete_failures: "Storage keys of deleted files that are being removed.",
  dev_outbox: "Development only: e-mails that were never sent.",
  // Safety Net (docs/decisions/0023-safety-net.md): the reporter reads their own reports on its page.
  safety_reports:
    "Safety Net reports are about another person too; the reporter reads their own on the Safety Net page, and the Privacy Officer answers requests for them.",
  safety_identifiers: "Keyed hashes of other people's phone numbers, addresses and names.",
  safety_checks: "How many number checks the account made today and yesterday; deleted after two days.",
  safety_corrections: "Requests from people who were reported, not the account's own.",
  safety_digests: "Whether the account asked for the Safety Net e-mail, shown on the Safety Net page.",
};

/** SQLite's and Cloudflare's own tables, which hold no one's data. */
export const isSystemTable = (name: string): boolean =>
  name.startsWith("sqlite_") || name.startsWith("_cf_") || name === "d1_migrations";

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

/** A row with only the columns the archive takes; keys stay as the database names them. */
export function exportedColumns(table: ExportedTable, row: Record<string, unknown>): Record<string, unknown> {
  const columns: readonly string[] = EXPORTED_TABLES[table].columns;
  return Object.fromEntries(Object.entries(row).filter(([column]) => columns.includes(column)));
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
    "plans.json                    The plans you chose.",
    "payments.json                 Your subscriptions, payments, ledger entries, receipts and refunds (no card details).",
    "verification-requests.json    Your ID and photo verification requests and their outcome.",
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
