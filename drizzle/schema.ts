// Mirrors drizzle/migrations/*.sql, which are the source of truth for the database (the facet triggers,
// partial indexes and CHECK constraints cannot all be expressed here). tests/workers/schema-matches-migrations.test.ts
// compares every table's columns with the migrated database.

import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

const flag = (name: string) => integer(name, { mode: "boolean" }).notNull().default(false);

export const users = sqliteTable("users", {
  id: text("id").primaryKey(),
  email: text("email").notNull(),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull().default(""),
  passwordHash: text("password_hash").notNull(),
  accountType: text("account_type").notNull().default("unpaid"),
  agency: flag("agency"),
  createdAt: integer("created_at").notNull(),
  updatedAt: integer("updated_at").notNull(),
  /** Null until the address is confirmed through a mailed link (migration 0019); such an account cannot sign in. */
  emailConfirmedAt: integer("email_confirmed_at"),
  /** The dashboard's two-factor reminder was dismissed then (migration 0067); it rests for 30 days. */
  twoFactorReminderDismissedAt: integer("two_factor_reminder_dismissed_at"),
});

export const listings = sqliteTable("listings", {
  id: text("id").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull().default(""),
  age: integer("age"),
  tagLine: text("tag_line").notNull().default(""),
  description: text("description").notNull().default(""),
  location: text("location").notNull().default(""),
  suburb: text("suburb").notNull().default(""),
  calls: text("calls").notNull().default(""),
  nationality: text("nationality").notNull().default(""),
  height: integer("height"),
  weight: integer("weight"),
  eyeColour: text("eye_colour").notNull().default(""),
  bust: text("bust").notNull().default(""),
  dressSize: integer("dress_size"),
  hairColour: text("hair_colour").notNull().default(""),
  bodyType: text("body_type").notNull().default(""),
  services: text("services").notNull().default(""),
  interests: text("interests").notNull().default(""),
  favorites: text("favorites").notNull().default(""),
  availability: text("availability").notNull().default(""),
  instagram: text("instagram").notNull().default(""),
  twitter: text("twitter").notNull().default(""),
  onlyFans: text("only_fans").notNull().default(""),
  website: text("website").notNull().default(""),
  contactPhone: text("contact_phone").notNull().default(""),
  rate30: integer("rate30"),
  rate60: integer("rate60"),
  rate120: integer("rate120"),
  orate30: integer("orate30"),
  orate60: integer("orate60"),
  orate120: integer("orate120"),
  featured: flag("featured"),
  hot: flag("hot"),
  verified: flag("verified"),
  live: flag("live"),
  active: flag("active"),
  activeUntil: integer("active_until"),
  /** The cover photo is verified (migration 0066; kept with the cover by coverStatement): the card's tick. */
  photoVerified: flag("photo_verified"),
  coverKey: text("cover_key"),
  coverWidth: integer("cover_width"),
  coverHeight: integer("cover_height"),
  imageCount: integer("image_count").notNull().default(0),
  listedAt: integer("listed_at").notNull(),
  createdAt: integer("created_at").notNull(),
  updatedAt: integer("updated_at").notNull(),
  /** JSON list of the photo ids at the last approved ID review (migration 0016). */
  reviewedImageIds: text("reviewed_image_ids").notNull().default("[]"),
  /** The weekly schedule as JSON, '' for none; available_days is its weekday bit mask (migration 0033). */
  schedule: text("schedule").notNull().default(""),
  availableDays: integer("available_days").notNull().default(0),
  /** 'Take a break' (migration 0034): when it began (NULL: not paused) and when it ends (NULL: on resume). */
  pausedAt: integer("paused_at"),
  pausedUntil: integer("paused_until"),
  /** The stale-listing check (migration 0035): the last save or 'Still available', the question, its link's
   * hash (single-use), and whether the check switched the listing off. */
  confirmedAt: integer("confirmed_at").notNull().default(0),
  staleRemindedAt: integer("stale_reminded_at"),
  staleTokenHash: text("stale_token_hash"),
  hiddenAsStale: flag("hidden_as_stale"),
  /** The subscription lets the listing be public (migration 0029): kept with the subscription row. */
  paid: flag("paid"),
  /** The plan lapsed while the listing was live: the dashboard's 'Hidden - Subscription expired' badge
   * (migration 0029; what brings it back is the visibility rule, docs/decisions/0029-one-visibility-rule.md). */
  hiddenByExpiry: flag("hidden_by_expiry"),
  /** Someone chose to hide it: the owner's Live switch or an administrator (migration 0052,
   * app/features/listings/visibility.ts). */
  switchedOff: flag("switched_off"),
  /** Featured granted by an administrator until then, whatever the plan (migration 0037). */
  featuredUntil: integer("featured_until"),
  /** An agency listing without its worker's current consent (migration 0072, docs/decisions/0058). */
  awaitingConsent: flag("awaiting_consent"),
  /** Its agency may not publish: certificate not yet checked by an administrator, or suspended (migration 0072). */
  agencyHeld: flag("agency_held"),
  /** A new listing whose number is on another account's listing, until an administrator releases it (0082). */
  numberHeld: flag("number_held"),
  /** The owner's switch: the profile offers 'Request a booking' (migration 0065, docs/decisions/0052). */
  takesRequests: flag("takes_requests"),
});

export const listingImages = sqliteTable("listing_images", {
  id: text("id").primaryKey(),
  listingId: text("listing_id")
    .notNull()
    .references(() => listings.id, { onDelete: "cascade" }),
  r2Key: text("r2_key").notNull(),
  position: integer("position").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  createdAt: integer("created_at").notNull(),
  /** Shown to visitors; off for the photos beyond the Standard plan's 10, which are kept (migration 0037). */
  public: integer("public", { mode: "boolean" }).notNull().default(true),
  /** The owner's choice of the photos that stay public when the listing becomes Standard (migration 0037). */
  keptOnStandard: flag("kept_on_standard"),
  /** When an administrator last checked this photo against the person (migration 0066); null: never. */
  verifiedAt: integer("verified_at"),
  /** 0 waits for its perceptual hash, 1 has it (a trigger sets it), 2 could not be hashed (migration 0081). */
  hashState: integer("hash_state").notNull().default(0),
  /** Hidden by an administrator while a takedown case waits: no plan change shows it (migration 0082). */
  caseHidden: flag("case_hidden"),
});

/** A photo waiting for a check, and by which request: one at a time per photo (migration 0066). */
export const photoChecksPending = sqliteTable("photo_checks_pending", {
  imageId: text("image_id")
    .primaryKey()
    .references(() => listingImages.id, { onDelete: "cascade" }),
  requestId: text("request_id")
    .notNull()
    .references(() => verificationRequests.id, { onDelete: "cascade" }),
});

/** A photo refused at a request decided photo by photo (docs/decisions/0069-photos-decided-one-by-one.md). */
export const photoCheckRefusals = sqliteTable(
  "photo_check_refusals",
  {
    requestId: text("request_id")
      .notNull()
      .references(() => verificationRequests.id, { onDelete: "cascade" }),
    imageId: text("image_id")
      .notNull()
      .references(() => listingImages.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    decidedAt: integer("decided_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.imageId] })],
);

export const listingRates = sqliteTable("listing_rates", {
  id: text("id").primaryKey(),
  listingId: text("listing_id")
    .notNull()
    .references(() => listings.id, { onDelete: "cascade" }),
  callType: text("call_type", { enum: ["incall", "outcall"] }).notNull(),
  // The CHECK constraint's values (0001_listings.sql), so drizzle types them too.
  duration: text("duration", { enum: ["30min", "1hr", "1.5hr", "2hr", "3hr", "Overnight"] }).notNull(),
  price: integer("price").notNull(),
  description: text("description").notNull().default(""),
});

export const listingSpecialRates = sqliteTable("listing_special_rates", {
  id: text("id").primaryKey(),
  listingId: text("listing_id")
    .notNull()
    .references(() => listings.id, { onDelete: "cascade" }),
  serviceName: text("service_name").notNull(),
  duration: text("duration").notNull().default(""),
  rate: integer("rate").notNull(),
  description: text("description").notNull().default(""),
  position: integer("position").notNull().default(0),
});

/** Touring (migration 0036): NZ calendar dates 'YYYY-MM-DD', both ends inclusive; at most five a listing. */
export const tourStops = sqliteTable(
  "tour_stops",
  {
    listingId: text("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    region: text("region").notNull(),
    suburb: text("suburb"),
    startDate: text("start_date").notNull(),
    endDate: text("end_date").notNull(),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.position] })],
);

export const likes = sqliteTable(
  "likes",
  {
    listingId: text("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    visitorId: text("visitor_id").notNull(),
    createdAt: integer("created_at").notNull(),
    // 0044: whether this like adds to the listing's count (the first browser from an address that day).
    counted: integer("counted", { mode: "boolean" }).notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.visitorId] })],
);

export const listingStats = sqliteTable(
  "listing_stats",
  {
    listingId: text("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    month: text("month").notNull(),
    views: integer("views").notNull().default(0),
    contacts: integer("contacts").notNull().default(0),
    likes: integer("likes").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.month] })],
);

export const facetRanges = sqliteTable(
  "facet_ranges",
  {
    facet: text("facet").notNull(),
    value: text("value").notNull(),
    min: integer("min").notNull(),
    max: integer("max").notNull(),
  },
  (t) => [primaryKey({ columns: [t.facet, t.value] })],
);

/** Distinct first names (ASCII case folded) and their listing counts, kept by triggers (migration 0024). */
export const searchNames = sqliteTable("search_names", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
  listingCount: integer("listing_count").notNull().default(0),
  liveCount: integer("live_count").notNull().default(0),
  // 0 when the name has a character outside printable ASCII: then every search considers it.
  plain: integer("plain", { mode: "boolean" }).notNull().default(true),
});

/** One row (id 1): how many listings and live listings there are, kept by triggers (migration 0024). */
export const searchTotals = sqliteTable("search_totals", {
  id: integer("id").primaryKey(),
  listingCount: integer("listing_count").notNull().default(0),
  liveCount: integer("live_count").notNull().default(0),
});

/** The 1- and 2-character substrings of each lower-cased search_names.name (migration 0024). */
export const searchGrams = sqliteTable(
  "search_grams",
  {
    gram: text("gram").notNull(),
    nameId: integer("name_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.gram, t.nameId] })],
);

export const listingFacets = sqliteTable(
  "listing_facets",
  {
    location: text("location").notNull(),
    facet: text("facet").notNull(),
    value: text("value").notNull(),
    n: integer("n").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.location, t.facet, t.value] })],
);

// drizzle/migrations/0002_accounts.sql: sessions and reset tokens are stored as SHA-256 hashes only.
export const sessions = sqliteTable("sessions", {
  id: text("id").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: integer("created_at").notNull(),
  lastSeenAt: integer("last_seen_at").notNull(),
  expiresAt: integer("expires_at").notNull(),
  // 0018_session_details.sql
  device: text("device").notNull().default(""),
  place: text("place").notNull().default(""),
  secondFactorAt: integer("second_factor_at"),
  // 0042_passkey_proof_and_signup_browser.sql: how it was proved ("code" or "passkey").
  secondFactorVia: text("second_factor_via", { enum: ["code", "passkey"] }),
});

// 0078_ended_sessions.sql: sessions ended by a password change or reset, under their id, until they would have
// ended anyway, so that a browser still holding one is told why (auth.server.ts).
export const endedSessions = sqliteTable("ended_sessions", {
  id: text("id").primaryKey(),
  reason: text("reason", { enum: ["password_changed"] }).notNull(),
  endedAt: integer("ended_at").notNull(),
});

// 0043_data_export_links.sql: each 'Download my data' link, under the SHA-256 of its signature; used once.
export const dataExportLinks = sqliteTable("data_export_links", {
  id: text("id").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: integer("created_at").notNull(),
  expiresAt: integer("expires_at").notNull(),
  usedAt: integer("used_at"),
});

export const passwordResets = sqliteTable("password_resets", {
  tokenHash: text("token_hash").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: integer("created_at").notNull(),
  expiresAt: integer("expires_at").notNull(),
  usedAt: integer("used_at"),
});

export const devOutbox = sqliteTable("dev_outbox", {
  id: text("id").primaryKey(),
  toAddress: text("to_address").notNull(),
  subject: text("subject").notNull(),
  textBody: text("text_body").notNull(),
  htmlBody: text("html_body").notNull(),
  createdAt: integer("created_at").notNull(),
  /** 'email', or 'sms' for a text message (migration 0065): then to_address is the number, subject 'SMS'. */
  channel: text("channel").notNull().default("email"),
});

export type ListingRow = typeof listings.$inferSelect;
export type NewListingRow = typeof listings.$inferInsert;

// drizzle/migrations/0003_plan_requests.sql. Its partial unique index (one pending request per user)
// lives only in the SQL, like the facet triggers.
export const planRequests = sqliteTable("plan_requests", {
  id: text("id").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  tier: text("tier", { enum: ["standard", "featured"] }).notNull(),
  priceCents: integer("price_cents").notNull(),
  status: text("status").notNull().default("pending_payment"),
  createdAt: integer("created_at").notNull(),
});

// drizzle/migrations/0005_pending_uploads.sql: processed photos waiting for their listing's save
// (R2 objects under the private "pending/" prefix).
export const pendingUploads = sqliteTable("pending_uploads", {
  id: text("id").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  r2Key: text("r2_key").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  createdAt: integer("created_at").notNull(),
  // 0049: an upload named by the editor's draft lives until kept_until (the draft's lifetime), not the hour.
  keptUntil: integer("kept_until"),
  draftKey: text("draft_key"),
  // 0068: the upload's perceptual hash, and the photo of another account it matched (decision 0057).
  phash: text("phash"),
  matchImageId: text("match_image_id"),
  matchDistance: integer("match_distance"),
});

// drizzle/migrations/0006_verification_moderation.sql. The partial unique index (one pending request per
// listing and kind) lives only in the SQL.
export const verificationRequests = sqliteTable("verification_requests", {
  id: text("id").primaryKey(),
  kind: text("kind", { enum: ["id", "photo"] }).notNull(),
  listingId: text("listing_id")
    .notNull()
    .references(() => listings.id, { onDelete: "cascade" }),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  status: text("status", { enum: ["pending", "approved", "rejected"] })
    .notNull()
    .default("pending"),
  reason: text("reason").notNull().default(""),
  /** JSON array of R2 keys under "private/verification/"; '[]' once the files are deleted. */
  r2Keys: text("r2_keys").notNull().default("[]"),
  createdAt: integer("created_at").notNull(),
  decidedAt: integer("decided_at"),
  decidedBy: text("decided_by"),
  /** Opened by the app after a verified listing changed its name, age or most photos (migration 0016). */
  rereview: integer("rereview", { mode: "boolean" }).notNull().default(false),
  changes: text("changes").notNull().default(""),
  // 0050: which document an ID request sent (features/verification/verification.ts, ID_DOCUMENTS); null for photo requests.
  documentType: text("document_type", { enum: ["passport", "nz_licence", "kiwi_access"] }),
  /** 0066: a photo request's photos (JSON list of listing_images ids); '[]' for one from before (the listing). */
  imageIds: text("image_ids").notNull().default("[]"),
  /** 0084: when an overturned appeal reopened this refused request (decision 0068); null otherwise. */
  reopenedAt: integer("reopened_at"),
  /** 0084: sent after a reopening of the same listing and kind: first in the queue. */
  fastTrack: integer("fast_track", { mode: "boolean" }).notNull().default(false),
});

export const reports = sqliteTable("reports", {
  id: text("id").primaryKey(),
  listingId: text("listing_id")
    .notNull()
    .references(() => listings.id, { onDelete: "cascade" }),
  reason: text("reason").notNull(),
  details: text("details").notNull().default(""),
  contact: text("contact").notNull().default(""),
  status: text("status", { enum: ["open", "hidden", "dismissed"] })
    .notNull()
    .default("open"),
  createdAt: integer("created_at").notNull(),
  handledAt: integer("handled_at"),
  handledBy: text("handled_by"),
});

export const adminAudit = sqliteTable("admin_audit", {
  id: text("id").primaryKey(),
  adminId: text("admin_id").notNull(),
  action: text("action").notNull(),
  listingId: text("listing_id"),
  requestId: text("request_id"),
  reportId: text("report_id"),
  detail: text("detail").notNull().default(""),
  createdAt: integer("created_at").notNull(),
  // 0050_signup_attempts_audit_names_id_documents.sql: the listing's name when the action was taken.
  listingName: text("listing_name"),
});

export const siteSecrets = sqliteTable("site_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: integer("created_at").notNull(),
});

export const mailCaps = sqliteTable("mail_caps", {
  key: text("key").primaryKey(),
  sentAt: integer("sent_at").notNull(),
});

export const countMarks = sqliteTable("count_marks", {
  key: text("key").primaryKey(),
  holder: text("holder").notNull().default(""),
  day: text("day").notNull(),
  /** Set by the count queue's flush that made the mark (migration 0047), with what it counted. */
  flush: text("flush"),
  listingId: text("listing_id"),
  kind: text("kind"),
  photo: text("photo"),
});

/** Insights: one row per listing per UTC day, written only by the count queue's flush (migration 0047). */
export const listingDaily = sqliteTable(
  "listing_daily",
  {
    listingId: text("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    impressions: integer("impressions").notNull().default(0),
    views: integer("views").notNull().default(0),
    photoOpens: integer("photo_opens").notNull().default(0),
    contacts: integer("contacts").notNull().default(0),
    likes: integer("likes").notNull().default(0),
    favourites: integer("favourites").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.day] })],
);

/** Insights older than 400 days, folded into one row per listing per month by the cron (migration 0048). */
export const listingMonthlyInsights = sqliteTable(
  "listing_monthly_insights",
  {
    listingId: text("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    month: text("month").notNull(),
    impressions: integer("impressions").notNull().default(0),
    views: integer("views").notNull().default(0),
    photoOpens: integer("photo_opens").notNull().default(0),
    contacts: integer("contacts").notNull().default(0),
    likes: integer("likes").notNull().default(0),
    favourites: integer("favourites").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.month] })],
);

/** Per photo and day: shown as a seen card's cover, and opened on the profile (migration 0047). */
export const listingPhotoDaily = sqliteTable(
  "listing_photo_daily",
  {
    listingId: text("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    photo: text("photo").notNull(),
    shown: integer("shown").notNull().default(0),
    opened: integer("opened").notNull().default(0),
    /** Profiles opened from a card with this photo as its cover (migration 0055). */
    cardOpens: integer("card_opens").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.day, t.photo] })],
);

/** The owner's cover photos for the grid's rotation, at most 3 in order (migration 0055). */
export const listingCovers = sqliteTable(
  "listing_covers",
  {
    listingId: text("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    imageId: text("image_id")
      .notNull()
      .references(() => listingImages.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.imageId] })],
);

/** Profile views per listing per day per visitor region (migration 0054): an aggregate, nothing per visitor. */
export const listingRegionDaily = sqliteTable(
  "listing_region_daily",
  {
    listingId: text("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    region: text("region").notNull(),
    views: integer("views").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.day, t.region] })],
);

/**
 * Running totals per photo (migrations 0058, 0059): a row holds the sums from the first counted day up to its day,
 * kept in step with listing_photo_daily by triggers (docs/decisions/0039-running-totals.md).
 */
export const listingPhotoRunning = sqliteTable(
  "listing_photo_running",
  {
    listingId: text("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    photo: text("photo").notNull(),
    day: text("day").notNull(),
    shown: integer("shown").notNull().default(0),
    opened: integer("opened").notNull().default(0),
    cardOpens: integer("card_opens").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.photo, t.day] })],
);

/** Running totals of profile views per visitor region (migration 0058), like listing_photo_running. */
export const listingRegionRunning = sqliteTable(
  "listing_region_running",
  {
    listingId: text("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    region: text("region").notNull(),
    day: text("day").notNull(),
    views: integer("views").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.region, t.day] })],
);

export const r2DeleteFailures = sqliteTable("r2_delete_failures", {
  id: text("id").primaryKey(),
  keys: text("keys").notNull(),
  reason: text("reason").notNull().default(""),
  attempts: integer("attempts").notNull().default(0),
  createdAt: integer("created_at").notNull(),
  lastTriedAt: integer("last_tried_at").notNull(),
});

// The account-security log (0008_security_log.sql).
export const securityEvents = sqliteTable("security_events", {
  id: text("id").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  event: text("event").notNull(),
  place: text("place").notNull().default(""),
  device: text("device").notNull().default(""),
  createdAt: integer("created_at").notNull(),
});

export const loginThrottle = sqliteTable("login_throttle", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull(),
  windowStart: integer("window_start").notNull(),
  blockedUntil: integer("blocked_until").notNull().default(0),
});

// Pending e-mail address changes (0022_email_changes.sql): single-use links to the new address, hashed.
export const emailChanges = sqliteTable("email_changes", {
  tokenHash: text("token_hash").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  newEmail: text("new_email").notNull(),
  createdAt: integer("created_at").notNull(),
  expiresAt: integer("expires_at").notNull(),
  usedAt: integer("used_at"),
});

// The old address's link that cancels pending e-mail changes (0062_email_change_cancels.sql), hashed.
export const emailChangeCancels = sqliteTable("email_change_cancels", {
  tokenHash: text("token_hash").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: integer("created_at").notNull(),
  expiresAt: integer("expires_at").notNull(),
  usedAt: integer("used_at"),
});

// drizzle/migrations/0019_email_confirmation.sql: sign-up confirmation links, stored as SHA-256 hashes only.
export const emailConfirmations = sqliteTable("email_confirmations", {
  tokenHash: text("token_hash").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  redirectTo: text("redirect_to").notNull().default("/dashboard"),
  createdAt: integer("created_at").notNull(),
  expiresAt: integer("expires_at").notNull(),
  usedAt: integer("used_at"),
  // 0023_confirmation_password.sql
  needsPassword: flag("needs_password"),
  // 0042_passkey_proof_and_signup_browser.sql: the SHA-256 of the signing-up browser's cookie value.
  browserHash: text("browser_hash"),
});

// 0050_signup_attempts_audit_names_id_documents.sql: the password typed by the latest sign-up with a confirmed
// account's address (docs/decisions/0026-sign-in-before-confirming.md).
export const signupAttempts = sqliteTable("signup_attempts", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  passwordHash: text("password_hash").notNull(),
  createdAt: integer("created_at").notNull(),
});

// Passkeys and their one-time challenges (0021_passkeys.sql).
export const passkeys = sqliteTable("passkeys", {
  id: text("id").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  userHandle: text("user_handle").notNull(),
  publicKey: text("public_key").notNull(),
  counter: integer("counter").notNull().default(0),
  transports: text("transports").notNull().default(""),
  name: text("name").notNull(),
  createdAt: integer("created_at").notNull(),
  lastUsedAt: integer("last_used_at"),
});

export const passkeyChallenges = sqliteTable("passkey_challenges", {
  id: text("id").primaryKey(),
  purpose: text("purpose", { enum: ["register", "sign_in"] }).notNull(),
  challenge: text("challenge").notNull(),
  userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
  userHandle: text("user_handle"),
  expiresAt: integer("expires_at").notNull(),
});

// Two-factor sign-in (0020_two_factor.sql).
export const totpFactors = sqliteTable("totp_factors", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secret: text("secret"),
  enabledAt: integer("enabled_at"),
  lastStep: integer("last_step").notNull().default(0),
  pendingSecret: text("pending_secret"),
  pendingAt: integer("pending_at"),
  // 0025_two_factor_pending_session.sql
  pendingSession: text("pending_session"),
});

export const recoveryCodes = sqliteTable(
  "recovery_codes",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    createdAt: integer("created_at").notNull(),
    usedAt: integer("used_at"),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

export const pendingSignIns = sqliteTable("pending_sign_ins", {
  id: text("id").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  attempts: integer("attempts").notNull().default(0),
  createdAt: integer("created_at").notNull(),
  expiresAt: integer("expires_at").notNull(),
});

// Versions in the page cache's keys, bumped by triggers on listings and their photos and rates
// (0026_page_cache_versions.sql, docs/decisions/0012-page-cache.md). Read with one primary-key query.
export const pageCacheVersions = sqliteTable("page_cache_versions", {
  scope: text("scope").primaryKey(),
  version: integer("version").notNull().default(0),
});

// drizzle/migrations/0029_subscriptions.sql: weekly plans that are paid for (docs/billing.md).
export const subscriptions = sqliteTable("subscriptions", {
  listingId: text("listing_id")
    .primaryKey()
    .references(() => listings.id, { onDelete: "cascade" }),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  plan: text("plan", { enum: ["standard", "featured"] }).notNull(),
  status: text("status", {
    enum: ["unpaid", "pending", "active", "past_due", "cancelling", "expired"],
  }).notNull(),
  periodStart: integer("period_start"),
  periodEnd: integer("period_end"),
  graceUntil: integer("grace_until"),
  pendingPlan: text("pending_plan", { enum: ["standard", "featured"] }),
  methodRef: text("method_ref"),
  remindedFor: integer("reminded_for"),
  failedRenewals: integer("failed_renewals").notNull().default(0),
  createdAt: integer("created_at").notNull(),
  updatedAt: integer("updated_at").notNull(),
  // drizzle/migrations/0038_billing_races.sql: every state change is a compare-and-swap on this.
  version: integer("version").notNull().default(0),
  // 0040_gift_weeks.sql: free weeks that end quietly (a `cancelling` period nobody cancelled).
  gift: flag("gift"),
  // 0063_paid_week_starts_when_public.sql: the period waits for the listing to be public, then starts.
  startsWhenPublic: flag("starts_when_public"),
});

export const payments = sqliteTable("payments", {
  id: text("id").primaryKey(),
  listingId: text("listing_id").references(() => listings.id, { onDelete: "set null" }),
  userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
  kind: text("kind", { enum: ["checkout", "renewal", "upgrade"] }).notNull(),
  plan: text("plan", { enum: ["standard", "featured"] }).notNull(),
  amountCents: integer("amount_cents").notNull(),
  currency: text("currency").notNull().default("NZD"),
  status: text("status", { enum: ["open", "succeeded", "failed"] }).notNull(),
  provider: text("provider").notNull(),
  providerRef: text("provider_ref"),
  failure: text("failure"),
  createdAt: integer("created_at").notNull(),
  updatedAt: integer("updated_at").notNull(),
  // 0038: the hosted page of an open checkout, so a second click reuses it ('' while it is being asked for).
  checkoutUrl: text("checkout_url"),
  // 0039: when the provider was last asked about this payment (lookups, rate-limited; the admins' list).
  providerCheckedAt: integer("provider_checked_at"),
});

// 0041: money that bought nothing, refunded (docs/decisions/0015, "Money that buys nothing").
export const unappliedPayments = sqliteTable("unapplied_payments", {
  id: text("id").primaryKey(),
  paymentId: text("payment_id")
    .notNull()
    .references(() => payments.id),
  listingId: text("listing_id"),
  userId: text("user_id"),
  provider: text("provider").notNull(),
  providerRef: text("provider_ref").notNull(),
  amountCents: integer("amount_cents").notNull(),
  currency: text("currency").notNull(),
  reason: text("reason").notNull(),
  refundState: text("refund_state", { enum: ["due", "sending", "pending", "refunded", "manual"] }).notNull(),
  refundRef: text("refund_ref"),
  refundNote: text("refund_note"),
  receivedAt: integer("received_at").notNull(),
  updatedAt: integer("updated_at").notNull(),
});

export const ledger = sqliteTable("ledger", {
  id: text("id").primaryKey(),
  paymentId: text("payment_id")
    .notNull()
    .references(() => payments.id),
  listingId: text("listing_id"),
  userId: text("user_id"),
  entry: text("entry", { enum: ["charge", "refund"] }).notNull(),
  amountCents: integer("amount_cents").notNull(),
  currency: text("currency").notNull(),
  provider: text("provider").notNull(),
  providerRef: text("provider_ref").notNull(),
  eventId: text("event_id").notNull(),
  createdAt: integer("created_at").notNull(),
});

export const paymentEvents = sqliteTable(
  "payment_events",
  {
    eventId: text("event_id").notNull(),
    provider: text("provider").notNull(),
    kind: text("kind").notNull(),
    reference: text("reference").notNull(),
    occurredAt: integer("occurred_at").notNull(),
    receivedAt: integer("received_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

export const receipts = sqliteTable("receipts", {
  id: text("id").primaryKey(),
  number: integer("number").notNull().unique(),
  paymentId: text("payment_id")
    .notNull()
    .unique()
    .references(() => payments.id),
  userId: text("user_id"),
  listingId: text("listing_id"),
  issuedAt: integer("issued_at").notNull(),
  supplierName: text("supplier_name").notNull(),
  supplierGstNumber: text("supplier_gst_number").notNull(),
  description: text("description").notNull(),
  totalCents: integer("total_cents").notNull(),
  gstCents: integer("gst_cents").notNull(),
  currency: text("currency").notNull(),
});

// Safety Net (migrations 0045, 0046, 0060; docs/decisions/0023-safety-net.md, 0043-safety-net-second-pass.md).
// description, answer, question, decline_reason and alert_text are sealed, identifiers are keyed hashes only;
// the alert_* columns are the administrator's alert that providers read.
export const safetyReports = sqliteTable("safety_reports", {
  id: text("id").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  incidentDate: text("incident_date").notNull(),
  region: text("region").notNull(),
  category: text("category").notNull(),
  description: text("description").notNull(),
  status: text("status", { enum: ["pending", "question", "published", "declined"] })
    .notNull()
    .default("pending"),
  secondLook: flag("second_look"),
  question: text("question").notNull().default(""),
  answer: text("answer").notNull().default(""),
  declineReason: text("decline_reason").notNull().default(""),
  alertRegion: text("alert_region").notNull().default(""),
  alertMonth: text("alert_month").notNull().default(""),
  alertCategory: text("alert_category").notNull().default(""),
  alertText: text("alert_text").notNull().default(""),
  createdAt: integer("created_at").notNull(),
  updatedAt: integer("updated_at").notNull(),
  decidedAt: integer("decided_at"),
  decidedBy: text("decided_by"),
  publishedAt: integer("published_at"),
  expiresAt: integer("expires_at"),
});

export const safetyIdentifiers = sqliteTable(
  "safety_identifiers",
  {
    reportId: text("report_id")
      .notNull()
      .references(() => safetyReports.id, { onDelete: "cascade" }),
    hash: text("hash").notNull(),
  },
  (t) => [primaryKey({ columns: [t.reportId, t.hash] })],
);

export const safetyChecks = sqliteTable(
  "safety_checks",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

export const safetyCorrections = sqliteTable("safety_corrections", {
  id: text("id").primaryKey(),
  contact: text("contact").notNull(),
  message: text("message").notNull(),
  matchedReports: text("matched_reports").notNull().default("[]"),
  status: text("status", { enum: ["open", "handled"] })
    .notNull()
    .default("open"),
  createdAt: integer("created_at").notNull(),
  handledAt: integer("handled_at"),
  handledBy: text("handled_by"),
  /** SHA-256 of the words in one form: an identical open request folds into this one (migration 0060). */
  messageKey: text("message_key").notNull().default(""),
  /** How many posts with these words were folded into this request, itself included. */
  copies: integer("copies").notNull().default(1),
});

/** An administrator's suspension of one account from the Safety Net (migration 0060). */
export const safetySuspensions = sqliteTable("safety_suspensions", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  reason: text("reason").notNull(),
  createdAt: integer("created_at").notNull(),
  createdBy: text("created_by").notNull(),
});

export const safetyDigests = sqliteTable("safety_digests", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: integer("created_at").notNull(),
  lastSentAt: integer("last_sent_at").notNull(),
});

/** The weekly visibility statement by e-mail: a row is a provider's opt-in (migration 0053). */
export const statementEmails = sqliteTable("statement_emails", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: integer("created_at").notNull(),
  /** The Monday (NZ date) of the last week sent, '' before the first. */
  lastWeek: text("last_week").notNull().default(""),
});

/**
 * The weekly statement's peers of one closed week, plan and region (migration 0057): their impressions as a
 * JSON array sorted high to low. Computed once (first read or the Monday cron), never changed afterwards.
 */
export const weekPeerFigures = sqliteTable(
  "week_peer_figures",
  {
    weekFrom: text("week_from").notNull(),
    plan: text("plan").notNull(),
    region: text("region").notNull(),
    // 0064_listing_public_spans.sql: [listing id, impressions, ms public] of each member, JSON.
    members: text("members").notNull(),
    computedAt: integer("computed_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.weekFrom, t.plan, t.region] })],
);

/** An agency's own details and its operator certificate (migration 0072, docs/decisions/0058). */
export const agencies = sqliteTable("agencies", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  regions: text("regions").notNull().default(""),
  description: text("description").notNull().default(""),
  contactLine: text("contact_line").notNull().default(""),
  openingHours: text("opening_hours").notNull().default(""),
  certificateNumber: text("certificate_number"),
  /** YYYY-MM-DD. */
  certificateExpires: text("certificate_expires"),
  noCertificateReason: text("no_certificate_reason"),
  certificateCheckedAt: integer("certificate_checked_at"),
  certificateCheckedBy: text("certificate_checked_by"),
  /** The expiry date the owner was last reminded of (one reminder per certificate). */
  expiryRemindedFor: text("expiry_reminded_for"),
  suspendedAt: integer("suspended_at"),
  updatedAt: integer("updated_at").notNull(),
  /** The public page's address, /agencies/{slug}: set from the name by the save (migration 0073). */
  slug: text("slug"),
});

/** A worker's own consent to one agency listing (migration 0072, docs/decisions/0058). */
export const workerConsents = sqliteTable("worker_consents", {
  listingId: text("listing_id")
    .primaryKey()
    .references(() => listings.id, { onDelete: "cascade" }),
  email: text("email").notNull(),
  tokenHash: text("token_hash"),
  state: text("state", { enum: ["asked", "agreed", "declined", "withdrawn"] }).notNull(),
  askReason: text("ask_reason", { enum: ["first", "name", "photos"] })
    .notNull()
    .default("first"),
  proposedOnAgencyPage: flag("proposed_on_agency_page"),
  askedAt: integer("asked_at").notNull(),
  mailedAt: integer("mailed_at"),
  decidedAt: integer("decided_at"),
  agreedName: text("agreed_name"),
  /** JSON list of the photo ids she agreed to. */
  agreedImageIds: text("agreed_image_ids"),
  onAgencyPage: flag("on_agency_page"),
});

/** A slug an agency left when it was renamed: its old address answers 301 (migration 0080, docs/decisions/0065). */
export const agencyOldSlugs = sqliteTable("agency_old_slugs", {
  slug: text("slug").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => agencies.userId, { onDelete: "cascade" }),
  replacedAt: integer("replaced_at").notNull(),
});

/** A roster shift (migration 0079, docs/decisions/0060): one listing's NZ date; both times null means off. */
export const rosterShifts = sqliteTable(
  "roster_shifts",
  {
    listingId: text("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    /** YYYY-MM-DD, NZ. */
    date: text("date").notNull(),
    startTime: text("start_time"),
    endTime: text("end_time"),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.date] })],
);

/** A week's roster kept under a name (migration 0079): JSON of each listing's seven cells. */
export const rosterTemplates = sqliteTable("roster_templates", {
  id: text("id").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  pattern: text("pattern").notNull(),
  createdAt: integer("created_at").notNull(),
});

// 0064_listing_public_spans.sql: each stretch of time a listing was public in one plan and region (kept by
// triggers on listings; indexed by listing and by end).
export const listingPublicSpans = sqliteTable("listing_public_spans", {
  listingId: text("listing_id")
    .notNull()
    .references(() => listings.id, { onDelete: "cascade" }),
  startedAt: integer("started_at").notNull(),
  endedAt: integer("ended_at"),
  featured: integer("featured").notNull(),
  location: text("location").notNull(),
});

// Booking requests (0065_booking_requests.sql, docs/decisions/0052-booking-requests.md). Numbers are keyed
// hashes or sealed texts under BOOKINGS_KEY, never clear text.

/** One code sent by SMS: the request's sealed details until it is used, then a count for the limits. */
export const bookingCodes = sqliteTable("booking_codes", {
  id: text("id").primaryKey(),
  listingId: text("listing_id")
    .notNull()
    .references(() => listings.id, { onDelete: "cascade" }),
  numberHash: text("number_hash").notNull(),
  networkHash: text("network_hash").notNull(),
  codeHash: text("code_hash").notNull(),
  tries: integer("tries").notNull().default(0),
  details: text("details").notNull(),
  createdAt: integer("created_at").notNull(),
  expiresAt: integer("expires_at").notNull(),
  usedAt: integer("used_at"),
  closedAt: integer("closed_at"),
});

/** A request in the provider's inbox. */
export const bookingRequests = sqliteTable("booking_requests", {
  id: text("id").primaryKey(),
  listingId: text("listing_id")
    .notNull()
    .references(() => listings.id, { onDelete: "cascade" }),
  numberHash: text("number_hash").notNull(),
  numberSealed: text("number_sealed").notNull(),
  details: text("details").notNull(),
  startsAt: integer("starts_at").notNull(),
  minutes: integer("minutes").notNull(),
  status: text("status", { enum: ["new", "accepted", "declined", "suggested"] })
    .notNull()
    .default("new"),
  blocked: flag("blocked"),
  suggestedAt: integer("suggested_at"),
  createdAt: integer("created_at").notNull(),
  decidedAt: integer("decided_at"),
  deleteAt: integer("delete_at").notNull(),
});

/** A provider's private block list. */
export const bookingBlocks = sqliteTable(
  "booking_blocks",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    numberHash: text("number_hash").notNull(),
    label: text("label").notNull(),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.numberHash] })],
);

/**
 * A takedown case (migration 0076, docs/decisions/0063-takedown-cases.md): someone listed, or whose photos are
 * used, without consent, and the Harmful Digital Communications Act's 48-hour steps.
 */
export const takedownCases = sqliteTable("takedown_cases", {
  id: text("id").primaryKey(),
  listingId: text("listing_id").references(() => listings.id, { onDelete: "set null" }),
  listingName: text("listing_name").notNull(),
  ownerId: text("owner_id").references(() => users.id, { onDelete: "set null" }),
  kind: text("kind", { enum: ["listed", "photos"] }).notNull(),
  contact: text("contact").notNull(),
  details: text("details").notNull(),
  imageIds: text("image_ids").notNull().default("[]"),
  proofKey: text("proof_key"),
  networkHash: text("network_hash"),
  status: text("status", { enum: ["waiting", "contested", "decided"] })
    .notNull()
    .default("waiting"),
  createdAt: integer("created_at").notNull(),
  notifiedAt: integer("notified_at"),
  answerDueAt: integer("answer_due_at"),
  answeredAt: integer("answered_at"),
  answer: text("answer"),
  photosHidden: flag("photos_hidden"),
  outcome: text("outcome", { enum: ["taken_down", "kept_up"] }),
  decidedBy: text("decided_by"),
  decidedAt: integer("decided_at"),
  reason: text("reason").notNull().default(""),
});

/** One appeal of a refusal (migration 0077, docs/decisions/0064-review-times-and-appeals.md). */
export const appeals = sqliteTable("appeals", {
  id: text("id").primaryKey(),
  kind: text("kind", { enum: ["id", "photo", "takedown"] }).notNull(),
  subjectId: text("subject_id").notNull(),
  side: text("side", { enum: ["owner", "complainant"] }).notNull(),
  userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
  listingName: text("listing_name").notNull(),
  refusal: text("refusal").notNull(),
  refusedBy: text("refused_by").notNull(),
  message: text("message").notNull(),
  status: text("status", { enum: ["open", "upheld", "overturned"] })
    .notNull()
    .default("open"),
  createdAt: integer("created_at").notNull(),
  decidedAt: integer("decided_at"),
  decidedBy: text("decided_by"),
  reason: text("reason").notNull().default(""),
});

// drizzle/migrations/0068_photo_hashes.sql: stolen and reused photos (docs/decisions/0057).
export const photoHashes = sqliteTable("photo_hashes", {
  imageId: text("image_id")
    .primaryKey()
    .references(() => listingImages.id, { onDelete: "cascade" }),
  listingId: text("listing_id")
    .notNull()
    .references(() => listings.id, { onDelete: "cascade" }),
  hash: text("hash").notNull(),
  b0: integer("b0").notNull(),
  b1: integer("b1").notNull(),
  b2: integer("b2").notNull(),
});

export const takenDownHashes = sqliteTable("taken_down_hashes", {
  id: text("id").primaryKey(),
  hash: text("hash").notNull(),
  b0: integer("b0").notNull(),
  b1: integer("b1").notNull(),
  b2: integer("b2").notNull(),
  listingId: text("listing_id"),
  decidedBy: text("decided_by").notNull(),
  createdAt: integer("created_at").notNull(),
});

/** A photo held for review: never a listing_images row until released. */
export const heldPhotos = sqliteTable("held_photos", {
  id: text("id").primaryKey(),
  listingId: text("listing_id")
    .notNull()
    .references(() => listings.id, { onDelete: "cascade" }),
  r2Key: text("r2_key").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  hash: text("hash").notNull(),
  createdAt: integer("created_at").notNull(),
});

export const identityReviews = sqliteTable("identity_reviews", {
  id: text("id").primaryKey(),
  kind: text("kind", { enum: ["photo", "phone"] }).notNull(),
  listingId: text("listing_id")
    .notNull()
    .references(() => listings.id, { onDelete: "cascade" }),
  otherListingId: text("other_listing_id").references(() => listings.id, { onDelete: "set null" }),
  heldPhotoId: text("held_photo_id").references(() => heldPhotos.id, { onDelete: "set null" }),
  otherImageId: text("other_image_id").references(() => listingImages.id, { onDelete: "set null" }),
  distance: integer("distance"),
  /** The number a save asked for (kind 'phone'), applied only on release. */
  heldPhone: text("held_phone"),
  /** A photo already shown that the backfill matched (migration 0081): it stays up while this waits. */
  imageId: text("image_id").references(() => listingImages.id, { onDelete: "set null" }),
  status: text("status", { enum: ["pending", "released", "removed", "impersonation"] })
    .notNull()
    .default("pending"),
  createdAt: integer("created_at").notNull(),
  decidedAt: integer("decided_at"),
  decidedBy: text("decided_by"),
});
