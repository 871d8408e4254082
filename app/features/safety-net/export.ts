// 'Download my data' (Privacy Act 2020, IPP 6): the Safety Net's part of the archive. The account's own
// reports go in, with their sealed texts opened (export.server.ts), in safety-net-reports.json; the hashes of
// the reported person's numbers and addresses stay out (they are about someone else and say nothing read
// back). docs/decisions/0043-safety-net-second-pass.md.

/** The columns the archive takes from safety_reports, and the ones it leaves out on purpose. */
export const SAFETY_REPORTS_EXPORT = {
  file: "safety-net-reports.json",
  columns: [
    "id",
    "user_id",
    "incident_date",
    "region",
    "category",
    "description",
    "status",
    "question",
    "answer",
    "decline_reason",
    "alert_region",
    "alert_month",
    "alert_category",
    "alert_text",
    "created_at",
    "updated_at",
    "decided_at",
    "published_at",
    "expires_at",
  ],
  // The administrators' own notes: which of them decided, and the new-account flag they review by.
  leftOut: ["decided_by", "second_look"],
} as const;

/** The sealed texts of a report row as the database names them, with the field each is bound to. */
export const SEALED_COLUMNS = {
  description: "description",
  question: "question",
  answer: "answer",
  decline_reason: "declineReason",
  alert_text: "alertText",
} as const;

/** Stands for a text that could not be opened when the archive was made (the key missing or changed). */
export const UNOPENED = "(sealed: it could not be opened just now; ask our Privacy Officer for it)";
