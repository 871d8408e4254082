// What the administrators' Safety Net screen shows and what its forms answer (built in moderation-page.server.ts).
export type QueueView = {
  id: string;
  incidentDate: string;
  month: string;
  region: string;
  category: string;
  categoryLabel: string;
  description: string;
  status: "pending" | "question";
  secondLook: boolean;
  question: string;
  answer: string;
  waiting: { hours: number; overdue: boolean };
};
export type PublishedView = {
  id: string;
  region: string;
  month: string;
  monthLabel: string;
  category: string;
  categoryLabel: string;
  text: string;
};
export type CorrectionView = {
  id: string;
  contact: string;
  message: string;
  /** The current alerts its number or address matches (such requests come first). */
  matchedReports: string[];
  /** Posts with the same words folded into this one, itself included. */
  copies: number;
  waiting: { hours: number; overdue: boolean };
};
/** One page of the open correction requests, with the counts over all of them. */
export type CorrectionsView = {
  items: CorrectionView[];
  total: number;
  matching: number;
  overdue: number;
  page: number;
  pages: number;
};
export type SuspensionView = { userId: string; email: string; reason: string; createdAt: number };
export type ModerationResult =
  | { ok: false; error: string; fieldErrors: Record<string, string>; intent: string; reportId?: string }
  | { ok: true; intent: string; message: string; reportId: string };

export type FieldErrors = Record<string, string>;

/** What every card with forms gets from the queue: whether a post is on its way, and each form's errors. */
export type CardProps = { busy: boolean; errorsFor: (id: string, intent: string) => FieldErrors };

export const CARD = "space-y-3 rounded-2xl border bg-panel p-4";
/** The small marks on a card: overdue, second look, matches an alert. */
export const BADGE = {
  overdue: "mr-2 inline-block rounded-full bg-rose-600 px-2 py-0.5 text-xs font-bold text-white",
  note: "mr-2 inline-block rounded-full bg-amber-500 px-2 py-0.5 text-xs font-bold text-ink",
} as const;
