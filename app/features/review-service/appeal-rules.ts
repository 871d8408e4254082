// One appeal of every refusal (docs/decisions/0064-review-times-and-appeals.md): what an appeal says, how an
// administrator decides it, and who may. Unit-tested in tests/unit/review-times.test.ts.

export const APPEAL_MIN = 10;
export const APPEAL_MAX = 2000;
export const APPEAL_REASON_MIN = 10;
export const APPEAL_REASON_MAX = 600;

export type AppealKind = "id" | "photo" | "takedown";

export const APPEAL_KIND_LABELS: Record<AppealKind, string> = {
  id: "ID check",
  photo: "Photo check",
  takedown: "Takedown case",
};

export const APPEAL_MSG = {
  message: `Tell us why the decision is wrong in ${APPEAL_MIN} to ${APPEAL_MAX} characters.`,
  already: "This decision has already been appealed. Each refusal can be appealed once.",
  notFound: "There is no refusal to appeal here.",
  sent: "Your appeal has been sent. Another administrator will decide it, and we will e-mail you the outcome.",
  reason: `Give the reason in ${APPEAL_REASON_MIN} to ${APPEAL_REASON_MAX} characters.`,
  sameAdmin: "Another administrator must decide this appeal: you made the decision it appeals.",
  decided: "This appeal has already been decided.",
} as const;

export function parseAppealMessage(
  raw: string | undefined,
): { ok: true; message: string } | { ok: false; error: string } {
  const message = (raw ?? "").trim();
  return message.length >= APPEAL_MIN && message.length <= APPEAL_MAX
    ? { ok: true, message }
    : { ok: false, error: APPEAL_MSG.message };
}

export type AppealDecision = "uphold" | "overturn";

/** Both outcomes state their reason: the appellant reads it. */
export function parseAppealDecision(
  intent: unknown,
  raw: string | undefined,
): { ok: true; decision: AppealDecision; reason: string } | { ok: false; error: string } {
  if (intent !== "uphold" && intent !== "overturn") return { ok: false, error: "Unknown action" };
  const reason = (raw ?? "").trim();
  if (reason.length < APPEAL_REASON_MIN || reason.length > APPEAL_REASON_MAX)
    return { ok: false, error: APPEAL_MSG.reason };
  return { ok: true, decision: intent, reason };
}

/**
 * A different administrator decides an appeal when there is more than one; the only administrator decides it
 * alone (the appeal still gets a second look, by them, with the appellant's words).
 */
export function mayDecide(adminId: string, refusedBy: string, administrators: number): boolean {
  return adminId !== refusedBy || administrators <= 1;
}
