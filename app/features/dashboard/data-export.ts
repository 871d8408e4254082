// 'Download my data' (Privacy Act 2020, IPP 6): what a copy of an account's data holds, table by table.
// Every table is named here, either with the columns the archive takes from it or with why it takes nothing,
// and a workers test fails when a table or a column is added without a decision. Columns that are secrets
// (hashes, keys, session ids) stay out even where the rest of the row goes in: the archive may be saved on a
// shared computer or mailed on, and must not be a way into the account.

import { SAFETY_REPORTS_EXPORT } from "~/features/safety-net/export";
import { BOOKING_BLOCKS_EXPORT, BOOKING_REQUESTS_EXPORT } from "~/features/bookings/export";
import { PUBLIC_SPANS_EXPORT } from "~/features/insights/spans-export";
import { LISTING_IMAGES_EXPORT } from "~/features/photos/export";

/** How a ledger entry and an unapplied payment point at what they belong to: the payment, listing and owner. */
const PAYMENT_ENTRY_KEYS = ["id", "payment_id", "listing_id", "user_id"] as const;

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
      "awaiting_consent",
      "agency_held",
      "number_held",
      "takes_requests",
    ],
    // The 'Still available' link's hash: a live link could confirm the listing for the owner.
    leftOut: ["stale_token_hash"],
  },
  // Each photo of a listing, with the month an administrator last checked it (app/features/photos/export.ts).
  listing_images: LISTING_IMAGES_EXPORT,
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
  // When the listing was public, on which plan and where (app/features/insights/spans-export.ts).
  listing_public_spans: PUBLIC_SPANS_EXPORT,
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
      ...PAYMENT_ENTRY_KEYS,
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
      ...PAYMENT_ENTRY_KEYS,
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
  // The account's own Safety Net reports, their texts opened (app/features/safety-net/export.ts).
  safety_reports: SAFETY_REPORTS_EXPORT,
  // Requests to the account's listings and its block list, sealed parts opened (app/features/bookings/export.ts).
  booking_requests: BOOKING_REQUESTS_EXPORT,
  booking_blocks: BOOKING_BLOCKS_EXPORT,
} as const satisfies Record<string, { file: string; columns: readonly string[]; leftOut: readonly string[] }>;

export type ExportedTable = keyof typeof EXPORTED_TABLES;

/** A row with only the columns the archive takes; keys stay as the database names them. */
export function exportedColumns(table: ExportedTable, row: Record<string, unknown>): Record<string, unknown> {
  const columns: readonly string[] = EXPORTED_TABLES[table].columns;
  return Object.fromEntries(Object.entries(row).filter(([column]) => columns.includes(column)));
}
