// 'Download my data': the tables the archive takes nothing from, each with why (data-export.ts lists the
// ones it copies). A workers test fails when a table is in neither list.

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
  email_change_cancels: "Single-use links, stored only as hashes, that expire within a day.",
  email_confirmations: "Single-use links, stored only as hashes, that expire within a day.",
  data_export_links: "These download links themselves, stored only as hashes, that expire within minutes.",
  passkey_challenges: "Random challenges that expire within minutes.",
  ended_sessions:
    "Sessions a password change ended, under a hash of their token, so that a browser still holding one is told why; kept 30 days, with no account.",
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
  photo_checks_pending:
    "Which photos wait for an administrator's check: the dashboard shows them, and each photo's check date is exported with it.",
  photo_check_refusals:
    "Which photos an administrator refused at a check and why: the same reasons are in the exported verification request's reason.",
  r2_delete_failures: "Storage keys of deleted files that are being removed.",
  dev_outbox: "Development only: e-mails and text messages that were never sent.",
  booking_codes:
    "Codes texted to visitors who asked for a booking, under keyed hashes of their numbers, kept a day to count requests; the requests themselves are exported.",
  // Agencies (docs/decisions/0058-worker-consent-and-agency-checks.md).
  agencies:
    "The agency's business details and its operator certificate, all shown and edited on its own dashboard; they are about the business, not a person.",
  worker_consents:
    "Each worker's own address and decisions: hers, kept only to ask her and deleted with the listing, never the agency's to copy. The dashboard shows the agency where each consent stands.",
  agency_old_slugs:
    "The agency page's former addresses, kept so that they lead to its current one; they are public addresses, not data about a person.",
  roster_shifts:
    "The agency's roster of its listings' shifts, shown week by week on its roster page, where it is made; it is the business's working plan.",
  roster_templates: "Named week patterns of the agency's roster, listed on its roster page.",
  // Safety Net (docs/decisions/0023-safety-net.md): the account's own reports are exported (decision 0043).
  safety_identifiers: "Keyed hashes of other people's phone numbers, addresses and names.",
  safety_checks: "How many number checks the account made today and yesterday; deleted after two days.",
  safety_corrections: "Requests from people who were reported, not the account's own.",
  safety_digests: "Whether the account asked for the Safety Net e-mail, shown on the Safety Net page.",
  safety_suspensions:
    "An administrator's decision that the account may not use the Safety Net, with its reason; the Privacy Officer answers requests for it.",
  // Takedown cases (docs/decisions/0063-takedown-cases.md).
  appeals:
    "An appeal's words go to the administrators who decide it and its outcome is e-mailed; a complainant's appeal is not the owner's data. The Privacy Officer answers requests for an appeal itself.",
  takedown_cases:
    "Complaints about the account's listings hold the complainant's words and address, which are theirs, not the owner's; the owner reads each case and their own answer on its page, and the Privacy Officer answers requests for more.",
  // Stolen and reused photos (docs/decisions/0057-stolen-photos-caught-at-upload.md).
  photo_hashes:
    "A perceptual hash of each photo, kept to catch copies on other accounts; the photos themselves are in the archive.",
  taken_down_hashes:
    "Hashes of photos taken down as impersonation, kept to refuse them if anyone uploads them again; no account's data.",
  held_photos:
    "Photos held while an administrator compares them with another account's: the owner sees each on the dashboard, and one released joins the listing's photos and so the archive.",
  identity_reviews:
    "The administrators' review items for a photo or number that matches another account's: they name the other account, which is not the owner's data.",
};

/** SQLite's and Cloudflare's own tables, which hold no one's data. */
export const isSystemTable = (name: string): boolean =>
  name.startsWith("sqlite_") || name.startsWith("_cf_") || name === "d1_migrations";
