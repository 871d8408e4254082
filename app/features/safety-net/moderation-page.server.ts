// The administrators' Safety Net queue: the page's data and its intents (publish, correct, ask, decline,
// remove, close a correction request, suspend an account or lift its suspension). Correction requests are
// paged (?corrections=), every one reachable however many junk posts arrive
// (docs/decisions/0043-safety-net-second-pass.md).
import { data } from "@remix-run/cloudflare";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { ERROR_MSG } from "~/features/site/messages";
import { readForm, textFields } from "~/platform/http/body.server";
import { requireAdminPage } from "~/features/accounts/guards.server";
import { sendEmail, siteName } from "~/platform/email/email.server";
import { siteOrigin } from "~/platform/http/site-origin.server";
import { categoryLabel } from "./categories";
import { questionEmail } from "./digest";
import { parseCorrectionPage } from "./correction-rules";
import { closeCorrection, loadCorrectionPage } from "./corrections.server";
import {
  askReporter,
  correctAlert,
  declineReport,
  loadModeration,
  publishReport,
  removeAlert,
  reporterEmail,
} from "./moderation.server";
import { loadSuspensions, suspensionIntent } from "./suspensions.server";
import { boundedText, parseAlert, QUESTION_MAX, REASON_MAX, SAFETY_MSG } from "./report-rules";
import { monthLabel } from "~/platform/time/date-text";
import { waiting } from "./retention";
import { fail, requireKey } from "./page-guards.server";
import { NO_STORE } from "~/platform/http/page-answer";

export async function moderationPage(request: Request, context: AppLoadContext) {
  const env = context.cloudflare.env;
  await requireAdminPage(request, context);
  requireKey(env);
  const now = Date.now();
  const page = parseCorrectionPage(new URL(request.url).searchParams.get("corrections"));
  const [{ queue, waitingTotal, alerts }, corrections, suspensions] = await Promise.all([
    loadModeration(env, now),
    loadCorrectionPage(env, page, now),
    loadSuspensions(env),
  ]);
  return data(
    {
      waitingTotal,
      suspensions,
      queue: queue.map((q) => ({
        ...q,
        categoryLabel: categoryLabel(q.category),
        waiting: waiting(q.createdAt, now),
        month: q.incidentDate.slice(0, 7),
      })),
      alerts: alerts.map((a) => ({ ...a, categoryLabel: categoryLabel(a.category), monthLabel: monthLabel(a.month) })),
      corrections: {
        ...corrections,
        items: corrections.items.map((c) => ({ ...c, waiting: waiting(c.createdAt, now) })),
      },
    },
    { headers: NO_STORE },
  );
}

/** An intent that was not carried out: the error above the card, and beside each field it names. */
function refused(status: number, intent: string, reportId: string, error: string, fieldErrors: Record<string, string>) {
  return data({ ok: false as const, error, fieldErrors, intent, reportId }, { status, headers: NO_STORE });
}

export async function moderationAction(request: Request, context: AppLoadContext) {
  const env = context.cloudflare.env;
  const admin = await requireAdminPage(request, context);
  requireKey(env);
  const form = await readForm(request);
  if (!form) return fail(400, ERROR_MSG.unknownAction);
  const fields = textFields(form);
  const intent = fields.intent ?? "";
  const id = fields.reportId ?? "";
  const now = Date.now();
  let outcome;
  let message: string;
  if (intent === "publish" || intent === "correct") {
    const alert = parseAlert(fields, now);
    if (!alert.ok) return refused(400, intent, id, "Please check the alert's fields.", alert.errors);
    outcome =
      intent === "publish"
        ? await publishReport(env, admin, id, alert.alert, now)
        : await correctAlert(env, admin, id, alert.alert, now);
    message = intent === "publish" ? "The alert is published." : "The alert is corrected.";
  } else if (intent === "ask") {
    const question = boundedText(fields.question, QUESTION_MAX);
    if (!question) return refused(400, intent, id, SAFETY_MSG.question, { question: SAFETY_MSG.question });
    outcome = await askReporter(env, admin, id, question, now);
    message = "The question is on the reporter's Safety Net page, and they are told by e-mail that something is new.";
    if (outcome.ok) {
      const to = await reporterEmail(env, id);
      const email = questionEmail(siteName(env), siteOrigin(env, request));
      if (to) context.cloudflare.ctx.waitUntil(sendEmail(env, { to, ...email }));
    }
  } else if (intent === "decline") {
    const reason = boundedText(fields.reason, REASON_MAX);
    if (!reason) return refused(400, intent, id, SAFETY_MSG.reason, { reason: SAFETY_MSG.reason });
    outcome = await declineReport(env, admin, id, reason, now);
    message = "The report is declined; the reporter sees your reason.";
  } else if (intent === "remove") {
    outcome = await removeAlert(env, admin, id, now);
    message = "The alert is removed and its hashes deleted.";
  } else if (intent === "close-correction") {
    outcome = await closeCorrection(env, admin, fields.correctionId ?? "", now);
    message = "The correction request is marked handled.";
  } else if (intent === "suspend" || intent === "lift") {
    const done = await suspensionIntent(env, admin, intent, fields, now);
    if (!done.ok) return refused(done.status, intent, id, done.error, done.fieldErrors ?? {});
    outcome = done;
    message = done.message;
  } else return fail(400, ERROR_MSG.unknownAction);
  if (!outcome.ok) return refused(outcome.status, intent, id, outcome.error, {});
  return data({ ok: true as const, intent, message, reportId: id }, { headers: NO_STORE });
}
