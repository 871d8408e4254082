// The Safety Net's routes' work, so the route modules stay wiring: who gets in (a verified provider, an
// administrator), reading the forms, and the answers. A post from anyone else is refused with 403 and
// nothing stored; a page is a 404 to them, as the administrators' pages are to non-administrators
// (docs/decisions/0023-safety-net.md).
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { ERROR_MSG } from "~/features/site/messages";
import { nzDate } from "~/platform/time/nz-time";
import { getSessionUser, type SessionUser } from "~/features/accounts/auth.server";
import { requireUser } from "~/features/accounts/guards.server";
import { readForm, textFields } from "~/platform/http/body.server";
import { limiterKey, overLimit } from "~/platform/http/rate-limit.server";
import { requireAdminPage } from "~/features/moderation/moderation.server";
import { safetyAccess, type SafetyAccess } from "./access.server";
import { checkIdentifier, checksLeft, loadAlerts } from "./alerts.server";
import { categoryLabel } from "./categories";
import { createCorrection } from "./corrections.server";
import { hasDigest, setDigest } from "./digest.server";
import { canonicalEmail, parseCheckQuery } from "./identifiers";
import {
  askReporter,
  closeCorrection,
  correctAlert,
  declineReport,
  loadModeration,
  publishReport,
  removeAlert,
  reporterEmail,
} from "./moderation.server";
import { questionEmail } from "./digest";
import { sendEmail, siteName } from "~/platform/email/email.server";
import { siteOrigin } from "~/platform/http/site-origin.server";
import { monthLabel } from "~/platform/time/date-text";
import { nzpcMailto, nzpcText } from "./nzpc";
import { toE164 } from "./phone-numbers";
import { ANSWER_MAX, boundedText, parseAlert, parseReport, QUESTION_MAX, REASON_MAX, SAFETY_MSG } from "./report-rules";
import { answerQuestion, createReport, loadMyReports, reportsThisWeek, withdrawReport } from "./reports.server";
import { REPORTS_PER_WEEK, waiting } from "./retention";
import { hasSafetyNetKey } from "./safety-key.server";

const NO_STORE = { "Cache-Control": "no-store" };

const fail = (status: number, error: string, fieldErrors?: Record<string, string>, intent?: string) =>
  data(
    { ok: false as const, error, fieldErrors: fieldErrors ?? {}, intent: intent ?? "" },
    { status, headers: NO_STORE },
  );

function requireKey(env: object) {
  if (!hasSafetyNetKey(env)) {
    // No default key, in production as anywhere: without the secret nothing is hashed or sealed at all.
    throw data({ ok: false as const, error: SAFETY_MSG.notConfigured }, { status: 503, headers: NO_STORE });
  }
}

/** For the provider pages' loaders: a verified provider, or 404 (after the usual sign-in redirect). */
export async function requireSafetyPage(
  request: Request,
  context: AppLoadContext,
): Promise<{ user: SessionUser; access: SafetyAccess }> {
  const user = await requireUser(request, context);
  const env = context.cloudflare.env;
  requireKey(env);
  const access = await safetyAccess(env, user.id, Date.now());
  if (!access) throw data("Not found", { status: 404, headers: NO_STORE });
  return { user, access };
}

/** For the provider pages' actions: anonymous, unverified or paused accounts get 403 and nothing is stored. */
async function requireSafetyPost(request: Request, context: AppLoadContext): Promise<SafetyAccess> {
  const env = context.cloudflare.env;
  const user = await getSessionUser(request, env);
  if (!user) throw data({ ok: false as const, error: SAFETY_MSG.notAllowed }, { status: 403, headers: NO_STORE });
  requireKey(env);
  const access = await safetyAccess(env, user.id, Date.now());
  if (!access) throw data({ ok: false as const, error: SAFETY_MSG.notAllowed }, { status: 403, headers: NO_STORE });
  return access;
}

// ---------------------------------------------------------------------------------------------------
// The provider's page: alerts, the number check, their own reports, the digest.

export async function safetyNetPage(request: Request, context: AppLoadContext) {
  const env = context.cloudflare.env;
  const { access } = await requireSafetyPage(request, context);
  const now = Date.now();
  const [alerts, mine, left, digest] = await Promise.all([
    loadAlerts(env, access.regions, now),
    loadMyReports(env, access.userId),
    checksLeft(env, access.userId, now),
    hasDigest(env, access.userId),
  ]);
  return data(
    {
      regions: access.regions,
      alerts: alerts.map((a) => ({ ...a, categoryLabel: categoryLabel(a.category), monthLabel: monthLabel(a.month) })),
      reports: mine.map((r) => ({
        id: r.id,
        incidentDate: r.incidentDate,
        region: r.region,
        categoryLabel: categoryLabel(r.category),
        description: r.description,
        status: r.status,
        question: r.question,
        answer: r.answer,
        declineReason: r.declineReason,
        alertText: r.alertText,
        nzpcText: nzpcText(r),
        nzpcMailto: nzpcMailto(r),
      })),
      checksLeft: left,
      digest,
    },
    { headers: NO_STORE },
  );
}

export async function safetyNetAction(request: Request, context: AppLoadContext) {
  const env = context.cloudflare.env;
  const access = await requireSafetyPost(request, context);
  const form = await readForm(request);
  if (!form) return fail(400, ERROR_MSG.unknownAction);
  const fields = textFields(form);
  const now = Date.now();
  const intent = fields.intent ?? "";
  if (intent === "check") {
    const query = parseCheckQuery(fields.query ?? "");
    if (!query.ok) return fail(400, query.error, { query: query.error }, intent);
    const answer = await checkIdentifier(env, access.userId, query.key, now);
    if (!answer.ok) return fail(429, SAFETY_MSG.tooManyChecks, { query: SAFETY_MSG.tooManyChecks }, intent);
    return data(
      {
        ok: true as const,
        intent,
        matches: answer.matches.map((m) => ({
          categoryLabel: categoryLabel(m.category),
          monthLabel: monthLabel(m.month),
        })),
        left: answer.left,
      },
      { headers: NO_STORE },
    );
  }
  if (intent === "withdraw" || intent === "answer") {
    const reportId = fields.reportId ?? "";
    let outcome;
    if (intent === "withdraw") outcome = await withdrawReport(env, access.userId, reportId);
    else {
      const answer = boundedText(fields.answer, ANSWER_MAX);
      if (!answer) return fail(400, SAFETY_MSG.answer, { answer: SAFETY_MSG.answer }, intent);
      outcome = await answerQuestion(env, access.userId, reportId, answer, now);
    }
    if (!outcome.ok) return fail(outcome.status, outcome.error, {}, intent);
    const message =
      intent === "withdraw"
        ? "Your report is withdrawn and deleted, with any alert made from it."
        : "Thank you. Your answer is with the administrators.";
    return data({ ok: true as const, intent, message }, { headers: NO_STORE });
  }
  if (intent === "digest") {
    const on = fields.value === "on";
    await setDigest(env, access.userId, on, now);
    const message = on
      ? "You will get an e-mail, at most once a day, when there is a new alert for your regions."
      : "You will get no more Safety Net e-mails.";
    return data({ ok: true as const, intent, message }, { headers: NO_STORE });
  }
  return fail(400, ERROR_MSG.unknownAction);
}

// ---------------------------------------------------------------------------------------------------
// The report form.

export async function reportPage(request: Request, context: AppLoadContext) {
  const env = context.cloudflare.env;
  const { access } = await requireSafetyPage(request, context);
  const sent = await reportsThisWeek(env, access.userId, Date.now());
  return data(
    { regions: access.regions, sentThisWeek: sent, perWeek: REPORTS_PER_WEEK, today: nzDate(Date.now()) },
    { headers: NO_STORE },
  );
}

export async function reportAction(request: Request, context: AppLoadContext) {
  const env = context.cloudflare.env;
  const access = await requireSafetyPost(request, context);
  const form = await readForm(request);
  if (!form) return fail(400, ERROR_MSG.unknownAction);
  const now = Date.now();
  const parsed = parseReport(textFields(form), now);
  if (!parsed.ok) return fail(400, "Please check the fields marked below.", parsed.errors, "report");
  const created = await createReport(env, access, parsed.report, now);
  if (!created.ok) return fail(created.status, created.error, {}, "report");
  return data({ ok: true as const, intent: "report", reportId: created.id ?? "" }, { status: 201, headers: NO_STORE });
}

// ---------------------------------------------------------------------------------------------------
// The administrators' queue.

export async function moderationPage(request: Request, context: AppLoadContext) {
  const env = context.cloudflare.env;
  await requireAdminPage(request, context);
  requireKey(env);
  const now = Date.now();
  const { queue, alerts, corrections } = await loadModeration(env, now);
  return data(
    {
      queue: queue.map((q) => ({
        ...q,
        categoryLabel: categoryLabel(q.category),
        waiting: waiting(q.createdAt, now),
        month: q.incidentDate.slice(0, 7),
      })),
      alerts: alerts.map((a) => ({ ...a, categoryLabel: categoryLabel(a.category), monthLabel: monthLabel(a.month) })),
      corrections: corrections.map((c) => ({ ...c, waiting: waiting(c.createdAt, now) })),
    },
    { headers: NO_STORE },
  );
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
    if (!alert.ok)
      return data(
        {
          ok: false as const,
          error: "Please check the alert's fields.",
          fieldErrors: alert.errors,
          intent,
          reportId: id,
        },
        { status: 400, headers: NO_STORE },
      );
    outcome =
      intent === "publish"
        ? await publishReport(env, admin, id, alert.alert, now)
        : await correctAlert(env, admin, id, alert.alert, now);
    message = intent === "publish" ? "The alert is published." : "The alert is corrected.";
  } else if (intent === "ask") {
    const question = boundedText(fields.question, QUESTION_MAX);
    if (!question)
      return data(
        {
          ok: false as const,
          error: SAFETY_MSG.question,
          fieldErrors: { question: SAFETY_MSG.question },
          intent,
          reportId: id,
        },
        { status: 400, headers: NO_STORE },
      );
    outcome = await askReporter(env, admin, id, question, now);
    message = "The question is on the reporter's Safety Net page, and they are told by e-mail that something is new.";
    if (outcome.ok) {
      const to = await reporterEmail(env, id);
      const email = questionEmail(siteName(env), siteOrigin(env, request));
      if (to) context.cloudflare.ctx.waitUntil(sendEmail(env, { to, ...email }));
    }
  } else if (intent === "decline") {
    const reason = boundedText(fields.reason, REASON_MAX);
    if (!reason)
      return data(
        {
          ok: false as const,
          error: SAFETY_MSG.reason,
          fieldErrors: { reason: SAFETY_MSG.reason },
          intent,
          reportId: id,
        },
        { status: 400, headers: NO_STORE },
      );
    outcome = await declineReport(env, admin, id, reason, now);
    message = "The report is declined; the reporter sees your reason.";
  } else if (intent === "remove") {
    outcome = await removeAlert(env, admin, id, now);
    message = "The alert is removed and its hashes deleted.";
  } else if (intent === "close-correction") {
    outcome = await closeCorrection(env, admin, fields.correctionId ?? "", now);
    message = "The correction request is marked handled.";
  } else return fail(400, ERROR_MSG.unknownAction);
  if (!outcome.ok)
    return data(
      { ok: false as const, error: outcome.error, fieldErrors: {}, intent, reportId: id },
      { status: outcome.status, headers: NO_STORE },
    );
  return data({ ok: true as const, intent, message, reportId: id }, { headers: NO_STORE });
}

// ---------------------------------------------------------------------------------------------------
// The correction form (public).

export const CORRECTION_MESSAGE_MIN = 10;
export const CORRECTION_MESSAGE_MAX = 2000;

export async function correctionAction(request: Request, context: AppLoadContext) {
  const env = context.cloudflare.env;
  requireKey(env);
  // Open to anyone, so bounded per client address like the other public forms.
  if (await overLimit(env.WRITE_LIMITER, limiterKey("safety-correction", request.headers), "open"))
    return fail(429, "Too many requests, please wait a minute and try again.");
  const form = await readForm(request);
  if (!form) return fail(400, ERROR_MSG.unknownAction);
  const fields = textFields(form);
  const errors: Record<string, string> = {};
  const contactRaw = (fields.contact ?? "").trim();
  const contact = canonicalEmail(contactRaw) ?? (toE164(contactRaw) ? contactRaw : null);
  if (!contact) errors.contact = SAFETY_MSG.correctionContact;
  const message = boundedText(fields.message, CORRECTION_MESSAGE_MAX, CORRECTION_MESSAGE_MIN);
  if (!message) errors.message = SAFETY_MSG.correctionMessage;
  const identifierRaw = (fields.identifier ?? "").trim();
  let identifierKey: string | null = null;
  if (identifierRaw) {
    const parsed = parseCheckQuery(identifierRaw);
    if (!parsed.ok) errors.identifier = parsed.error;
    else identifierKey = parsed.key;
  }
  if (!contact || !message || Object.keys(errors).length > 0)
    return fail(400, "Please check the fields marked below.", errors, "correction");
  await createCorrection(env, { contact, message, identifierKey }, Date.now());
  return data({ ok: true as const, intent: "correction" }, { headers: NO_STORE });
}
