// What the pages show and what their forms answer: the visitor's request page (request-page.server.ts) and the
// provider's inbox (inbox.server.ts, inbox-page.server.ts).
import type { MatchView } from "~/features/safety-net/categories";
import type { RequestField } from "./request-rules";

/** The visitor's page (request-page.server.ts). */
export type RequestPageData = {
  listingId: string;
  firstName: string;
  available: boolean;
  sent: boolean;
  today: string;
  lastDay: string;
};

/** The visitor form's answer: back to a step, with the refusals beside their fields (`form` for the whole form). */
export type RequestPageResult =
  | { step: "form"; errors: Partial<Record<RequestField | "form", string>>; values: Record<string, string> }
  | { step: "code"; codeId: string; masked: string; errors: Partial<Record<"code" | "form", string>>; resent?: true };

export type RequestStatus = "new" | "accepted" | "declined" | "suggested";

export type ScreenView = { checked: true; matches: MatchView[] } | { checked: false; why: "no-access" | "unavailable" };

export type InboxRequestView = {
  id: string;
  listingName: string;
  name: string;
  /** "Sat 14 Dec, 7:30 pm", NZ time. */
  when: string;
  length: string;
  place: "incall" | "outcall";
  suburb: string;
  message: string;
  /** "021 123 4567" while the request is open; null once declined or a day past its time. */
  number: string | null;
  /** For the tap-to-text link: E.164, only with `number`. */
  numberE164: string | null;
  status: RequestStatus;
  blocked: boolean;
  suggestedWhen: string | null;
  receivedAt: number;
  screen: ScreenView;
  /** New or suggested and not yet past: accept, suggest and decline apply. */
  decidable: boolean;
};

export type BlockView = { key: string; label: string; since: string; until: string };

export type ListingSwitchView = { listingId: string; firstName: string; on: boolean; live: boolean };

export type InboxData = {
  userId: string;
  listings: ListingSwitchView[];
  requests: InboxRequestView[];
  blocks: BlockView[];
  /** Texts can be sent (the SMS settings are there, or the development outbox). */
  smsReady: boolean;
  siteName: string;
  now: number;
};

export type InboxResult =
  { ok: false; error: string; requestId?: string; field?: string } | { ok: true; message: string; requestId?: string };

export const STATUS_LABEL: Record<RequestStatus, string> = {
  new: "New",
  accepted: "Accepted",
  declined: "Declined",
  suggested: "Suggested another time",
};
