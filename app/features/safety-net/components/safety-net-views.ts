// What the provider's Safety Net page shows and what its forms answer (built in pages.server.ts).
export type AlertView = { id: string; region: string; categoryLabel: string; monthLabel: string; text: string };
/** One of the provider's own reports as stored, opened for them (reports.server.ts, loadMyReports). */
export type MyReport = {
  id: string;
  incidentDate: string;
  region: string;
  category: string;
  description: string;
  status: "pending" | "question" | "published" | "declined";
  question: string;
  answer: string;
  declineReason: string;
  alertText: string;
  createdAt: number;
};
/** As the page shows it: the category in words, and the report ready to pass on to NZPC. */
export type MyReportView = Omit<MyReport, "category" | "createdAt"> & {
  categoryLabel: string;
  nzpcText: string;
  nzpcMailto: string;
};
export type SafetyNetData = {
  /**
   * full: alerts, checks and reports; none: an account without access (no listing that gives it) that still
   * has reports of its own; suspended: the same, because an administrator suspended the account.
   */
  access: "full" | "none" | "suspended";
  regions: string[];
  alerts: AlertView[];
  reports: MyReportView[];
  checksLeft: number;
  digest: boolean;
};
export type SafetyNetResult =
  | { ok: false; error: string; fieldErrors: Record<string, string>; intent: string }
  | {
      ok: true;
      intent: "check";
      /** What was checked: a phone number or an e-mail address (the answer names it). */
      what: "number" | "address";
      matches: { categoryLabel: string; monthLabel: string }[];
      left: number;
    }
  | { ok: true; intent: string; message: string };

export const SECTION = "space-y-3 rounded-2xl border border-line bg-panel p-4 sm:p-5";
