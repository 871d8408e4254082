// What the administrators' Safety Net screen shows and what its forms answer (built in pages.server.ts).
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
  matchedReports: string[];
  waiting: { hours: number; overdue: boolean };
};
export type ModerationResult =
  | { ok: false; error: string; fieldErrors: Record<string, string>; intent: string; reportId?: string }
  | { ok: true; intent: string; message: string; reportId: string };

export type FieldErrors = Record<string, string>;

/** What every card with forms gets from the queue: whether a post is on its way, and each form's errors. */
export type CardProps = { busy: boolean; errorsFor: (id: string, intent: string) => FieldErrors };

export const CARD = "space-y-3 rounded-2xl border bg-panel p-4";
