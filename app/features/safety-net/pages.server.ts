// The Safety Net's routes' work, so the route modules stay wiring: who gets in (a verified provider, an
// administrator), reading the forms, and the answers. A post from anyone else is refused with 403 and
// nothing stored; a page is a 404 to them, as the administrators' pages are to non-administrators
// (docs/decisions/0023-safety-net.md).
// The provider's page and the report form are here; the guards in page-guards.server.ts, the
// administrators' queue in moderation-page.server.ts, the public correction form in correction-page.server.ts.
import { data, redirect } from "@remix-run/cloudflare";
import { setFlash } from "~/features/site/flash.server";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { ERROR_MSG } from "~/features/site/messages";
import { nzDate } from "~/platform/time/nz-time";
import { readForm, textFields } from "~/platform/http/body.server";
import { checkIdentifier, checksLeft, loadAlerts } from "./alerts.server";
import { categoryLabel, matchViews } from "./categories";
import { hasDigest, setDigest } from "./digest.server";
import { parseCheckQuery } from "./identifiers";
import { nzpcMailto, nzpcText } from "./nzpc";
import { ANSWER_MAX, boundedText, parseReport, SAFETY_MSG } from "./report-rules";
import { monthLabel } from "~/platform/time/date-text";
import { answerQuestion, createReport, loadMyReports, reportsThisWeek, withdrawReport } from "./reports.server";
import { REPORTS_PER_WEEK } from "./retention";
import { safetyAccess, safetyStanding } from "./access.server";
import { fail, requireSafetyPage, requireSafetyPost, requireSignedInPost } from "./page-guards.server";
import type { MyReport, MyReportView, SafetyNetData } from "./components/safety-net-views";
import { NO_STORE } from "~/platform/http/page-answer";

// ---------------------------------------------------------------------------------------------------
// The provider's page: alerts, the number check, their own reports, the digest; to an account without
// access that has reports, only its reports (and the digest switch, to turn it off).

export async function safetyNetPage(request: Request, context: AppLoadContext) {
  const env = context.cloudflare.env;
  const { user, access, suspended } = await requireSafetyPage(request, context);
  const now = Date.now();
  if (!access) {
    // No access, but reports of its own: those stay the account's to read, answer and withdraw.
    const [mine, digest] = await Promise.all([loadMyReports(env, user.id), hasDigest(env, user.id)]);
    const page: SafetyNetData = {
      access: suspended ? "suspended" : "none",
      regions: [],
      alerts: [],
      reports: mine.map(myReportView),
      checksLeft: 0,
      digest,
    };
    return data(page, { headers: NO_STORE });
  }
  const [alerts, mine, left, digest] = await Promise.all([
    loadAlerts(env, access.regions, now),
    loadMyReports(env, access.userId),
    checksLeft(env, access.userId, now),
    hasDigest(env, access.userId),
  ]);
  const page: SafetyNetData = {
    access: "full",
    regions: access.regions,
    alerts: alerts.map((a) => ({ ...a, categoryLabel: categoryLabel(a.category), monthLabel: monthLabel(a.month) })),
    reports: mine.map(myReportView),
    checksLeft: left,
    digest,
  };
  return data(page, { headers: NO_STORE });
}

/** A report as its author sees it: the category in words, the text to pass on to NZPC, not when it was sent. */
function myReportView(report: MyReport): MyReportView {
  const { category, createdAt: _sent, ...shown } = report;
  return {
    ...shown,
    categoryLabel: categoryLabel(category),
    nzpcText: nzpcText(report),
    nzpcMailto: nzpcMailto(report),
  };
}

export async function safetyNetAction(request: Request, context: AppLoadContext) {
  const env = context.cloudflare.env;
  // Answering, withdrawing and turning the digest off need only the account: its own reports are its own
  // whatever its access. Checking and turning the digest on need access.
  const user = await requireSignedInPost(request, context);
  const form = await readForm(request);
  if (!form) return fail(400, ERROR_MSG.unknownAction);
  const fields = textFields(form);
  const now = Date.now();
  const intent = fields.intent ?? "";
  const needsAccess = intent === "check" || (intent === "digest" && fields.value === "on");
  if (needsAccess && !(await safetyAccess(env, user.id, now))) return fail(403, SAFETY_MSG.notAllowed, {}, intent);
  if (intent === "check") {
    const query = parseCheckQuery(fields.query ?? "");
    if (!query.ok) return fail(400, query.error, { query: query.error }, intent);
    const answer = await checkIdentifier(env, user.id, query.key, now);
    if (!answer.ok) return fail(429, SAFETY_MSG.tooManyChecks, { query: SAFETY_MSG.tooManyChecks }, intent);
    return data(
      {
        ok: true as const,
        intent,
        matches: matchViews(answer.matches),
        left: answer.left,
      },
      { headers: NO_STORE },
    );
  }
  if (intent === "withdraw" || intent === "answer") {
    const reportId = fields.reportId ?? "";
    let outcome;
    if (intent === "withdraw") outcome = await withdrawReport(env, user.id, reportId);
    else {
      const answer = boundedText(fields.answer, ANSWER_MAX);
      if (!answer) return fail(400, SAFETY_MSG.answer, { answer: SAFETY_MSG.answer }, intent);
      outcome = await answerQuestion(env, user.id, reportId, answer, now);
    }
    if (!outcome.ok) return fail(outcome.status, outcome.error, {}, intent);
    if (intent === "withdraw") {
      // An account without access that withdrew its last report has no Safety Net page any more: the
      // dashboard says it is done.
      const standing = await safetyStanding(env, user.id);
      if (!standing.access && !standing.ownReports)
        throw redirect("/dashboard", {
          status: 303,
          headers: await setFlash(new Headers(NO_STORE), env, "safetyReportWithdrawn"),
        });
    }
    const message =
      intent === "withdraw"
        ? "Your report is withdrawn and deleted, with any alert made from it."
        : "Thank you. Your answer is with the administrators.";
    return data({ ok: true as const, intent, message }, { headers: NO_STORE });
  }
  if (intent === "digest") {
    const on = fields.value === "on";
    await setDigest(env, user.id, on, now);
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
  // Only an account with access sends a new report; one that only has reports of its own gets 404 here.
  if (!access) throw data("Not found", { status: 404, headers: NO_STORE });
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
