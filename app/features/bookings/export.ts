// 'Download my data' (Privacy Act 2020, IPP 6): the booking requests' part of the archive, in
// booking-requests.json (docs/decisions/0052-booking-requests.md). The requests that came to the account's
// listings, with what the visitor wrote and the Safety Net's answer opened (export.server.ts), and the account's
// block list with its labels opened. The visitor's number stays out: the provider reads it in the inbox while a
// request is open, and an archive kept on some computer must not become a list of clients' numbers. The keyed
// hashes stay out as every hash does.

export const BOOKING_REQUESTS_EXPORT = {
  file: "booking-requests.json",
  columns: [
    "id",
    "listing_id",
    "details",
    "starts_at",
    "minutes",
    "status",
    "blocked",
    "suggested_at",
    "created_at",
    "decided_at",
    "delete_at",
  ],
  leftOut: ["number_hash", "number_sealed"],
} as const;

export const BOOKING_BLOCKS_EXPORT = {
  file: "booking-requests.json",
  columns: ["user_id", "label", "created_at", "expires_at"],
  leftOut: ["number_hash"],
} as const;

/** Stands for a text that could not be opened when the archive was made. */
export const UNOPENED = "(sealed: it could not be opened just now; ask our Privacy Officer for it)";
