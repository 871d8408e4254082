// A photo request decided photo by photo (docs/decisions/0069-photos-decided-one-by-one.md): the administrator
// approves some of its photos and refuses others, each refused one with its reason. This module reads the
// queue's form and says what the decision means; photo-decision.server.ts writes it in one batch.
import { parseRejectReason } from "../verification";

export type PhotoOutcome = { imageId: string; approved: true } | { imageId: string; approved: false; reason: string };

/** The form's field names for one photo: its choice ('approve' or 'refuse') and a refusal's reason. */
export const outcomeField = (imageId: string) => `photo-${imageId}`;
export const reasonField = (imageId: string) => `reason-${imageId}`;

export const OUTCOME_MSG = {
  choose: "Choose Approve or Refuse for this photo.",
  nothingWaits: "None of this request's photos waits for a check any more.",
} as const;

export type OutcomeParse = { ok: true; outcomes: PhotoOutcome[] } | { ok: false; errors: Record<string, string> };

/**
 * Each waiting photo's outcome from the form, or the errors beside the fields that lack one: every photo needs
 * a choice, and a refused photo a reason (the whole request's rule, parseRejectReason). Fields naming photos
 * that do not wait are ignored: the request decides only its own.
 */
export function parsePhotoOutcomes(form: { get(name: string): unknown }, waiting: readonly string[]): OutcomeParse {
  const outcomes: PhotoOutcome[] = [];
  const errors: Record<string, string> = {};
  for (const imageId of waiting) {
    const choice = form.get(outcomeField(imageId));
    if (choice === "approve") outcomes.push({ imageId, approved: true });
    else if (choice === "refuse") {
      const parsed = parseRejectReason(form.get(reasonField(imageId)));
      if (parsed.ok) outcomes.push({ imageId, approved: false, reason: parsed.reason });
      else errors[reasonField(imageId)] = parsed.error;
    } else errors[outcomeField(imageId)] = OUTCOME_MSG.choose;
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, outcomes };
}

/** The request's own status: approved when any photo was, rejected when every one was refused. */
export function requestStatusOf(outcomes: readonly PhotoOutcome[]): "approved" | "rejected" {
  return outcomes.some((o) => o.approved) ? "approved" : "rejected";
}

/**
 * The request's reason, which the owner reads on the dashboard and in the e-mail and an appeal quotes: the
 * refused photos' reasons (each once), after how many were verified when some were.
 */
export function refusalSummary(outcomes: readonly PhotoOutcome[]): string {
  const reasons = [...new Set(outcomes.flatMap((o) => (o.approved ? [] : [o.reason])))];
  if (reasons.length === 0) return "";
  const verified = outcomes.filter((o) => o.approved).length;
  const refused = outcomes.length - verified;
  const why = reasons.join(" / ");
  return verified === 0 ? why : `${verified} of ${outcomes.length} photos verified; ${refused} not: ${why}`;
}
