// The administrators' report queue page (/admin/reports): what it loads and what its Hide listing /
// Dismiss buttons do. The route module only wires these up (docs/architecture.md: route modules thin).
import { data, redirect } from "@remix-run/cloudflare";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { readAdminForm, requireAdminPage } from "~/features/accounts/guards.server";
import { readFlash, setFlash } from "~/features/site/flash.server";
import { ERROR_MSG } from "~/features/site/messages";
import { NO_STORE } from "~/platform/http/page-answer";
import { formatNzTime } from "~/platform/time/date-text";
import { reportAge, reportReasonLabel } from "./reports";
import { handleReport, loadOpenReports } from "./reports.server";

export async function reportsPage(request: Request, context: AppLoadContext) {
  await requireAdminPage(request, context);
  const now = Date.now();
  const flash = await readFlash(request, context.cloudflare.env);
  const reports = (await loadOpenReports(context.cloudflare.env)).map((r) => ({
    ...r,
    reasonLabel: reportReasonLabel(r.reason),
    received: formatNzTime(r.createdAt),
    age: reportAge(r.createdAt, now),
  }));
  return data({ reports, notice: flash.notice }, { headers: flash.headers });
}

export async function reportsAction(request: Request, context: AppLoadContext) {
  const { env, ctx } = context.cloudflare;
  const { admin, form, intent } = await readAdminForm(request, context);
  if (intent !== "hide" && intent !== "dismiss")
    return data({ error: ERROR_MSG.unknownAction }, { status: 400, headers: NO_STORE });
  const result = await handleReport(env, ctx, admin, form?.get("reportId"), intent);
  if (!result.ok) return data({ error: result.error }, { status: result.status, headers: NO_STORE });
  const notice = intent === "hide" ? "reportHidden" : "reportDismissed";
  throw redirect("/admin/reports", { status: 303, headers: await setFlash(new Headers(NO_STORE), env, notice) });
}
