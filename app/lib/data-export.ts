// 'Download my data' (Privacy Act 2020, IPP 6): what a copy of an account's data holds, table by table.
// Every table is named here, either with what the archive takes from it or with why it takes nothing, and
// a workers test fails when a table is added without a decision. Columns that are secrets (hashes, keys,
// session ids) stay out even where the rest of the row goes in: the archive may be saved on a shared
// computer or mailed on, and must not be a way into the account.

/** Tables the archive copies, with the columns it leaves out and where the rows go. */
export const EXPORTED_TABLES = {
  users: { file: "account.json", leftOut: ["password_hash"] },
  sessions: { file: "account.json", leftOut: ["id"] },
  passkeys: { file: "account.json", leftOut: ["public_key", "user_handle", "counter"] },
  totp_factors: { file: "account.json", leftOut: ["secret", "last_step", "pending_secret", "pending_session"] },
  recovery_codes: { file: "account.json", leftOut: ["code_hash"] },
  security_events: { file: "security-log.json", leftOut: [] },
  plan_requests: { file: "plans.json", leftOut: [] },
  verification_requests: { file: "verification-requests.json", leftOut: ["r2_keys", "decided_by"] },
  listings: { file: "listings/*/listing.json", leftOut: [] },
  listing_images: { file: "listings/*/listing.json", leftOut: [] },
  listing_rates: { file: "listings/*/listing.json", leftOut: [] },
  listing_special_rates: { file: "listings/*/listing.json", leftOut: [] },
  listing_stats: { file: "listings/*/stats.json", leftOut: [] },
} as const satisfies Record<string, { file: string; leftOut: readonly string[] }>;

export type ExportedTable = keyof typeof EXPORTED_TABLES;

/** Tables the archive takes nothing from, and why. */
export const NOT_EXPORTED_TABLES: Record<string, string> = {
  likes: "Visitors' ids (keyed hashes about other people). Each listing's like counts are in its stats.",
  reports: "Visitors' reports about a listing are their words and contact details, not the owner's.",
  admin_audit: "The moderators' own record of their work.",
  pending_uploads: "Photos uploaded in the editor but never saved; removed within a day.",
  password_resets: "Single-use links, stored only as hashes, that expire within hours.",
  email_changes: "Single-use links, stored only as hashes, that expire within a day.",
  email_confirmations: "Single-use links, stored only as hashes, that expire within a day.",
  passkey_challenges: "Random challenges that expire within minutes.",
  pending_sign_ins: "Half-finished sign-ins that expire within minutes.",
  login_throttle: "Failed sign-in counts under a keyed hash of the address.",
  mail_caps: "When a notice last went out, under a keyed hash.",
  count_marks: "Once-a-day markers for counting views, under keyed hashes.",
  listing_facets: "Counts derived from all listings.",
  facet_ranges: "The site's filter ranges.",
  search_names: "A search index derived from listing names.",
  search_grams: "A search index derived from listing names.",
  search_totals: "A search index derived from listing names.",
  site_secrets: "The site's own keys.",
  r2_delete_failures: "Storage keys of deleted files that are being removed.",
  dev_outbox: "Development only: e-mails that were never sent.",
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

/** "photos/03.webp": by published position, so the files read in the order the profile shows them. */
export const photoFileName = (position: number, key: string): string =>
  `photos/${String(position + 1).padStart(2, "0")}.${key.split(".").pop() === "webp" ? "webp" : "jpg"}`;

/** A row without the columns the archive leaves out; keys stay as the database names them. */
export function withoutSecrets(table: ExportedTable, row: Record<string, unknown>): Record<string, unknown> {
  const leftOut: readonly string[] = EXPORTED_TABLES[table].leftOut;
  return Object.fromEntries(Object.entries(row).filter(([column]) => !leftOut.includes(column)));
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
    "verification-requests.json    Your ID and photo verification requests and their outcome.",
    `listings/                     Your ${o.listings} listing(s): every field, rates, photos and monthly stats.`,
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
