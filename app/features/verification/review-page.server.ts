// The administrators' verification queue page (/admin/verifications): what it loads and what its Approve /
// Reject buttons do. The route module only wires these up (docs/architecture.md: route modules thin).
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect } from "@remix-run/cloudflare";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { readAdminForm, requireAdminPage } from "~/features/accounts/guards.server";
import { readFlash, setFlash } from "~/features/site/flash.server";
import { ERROR_MSG } from "~/features/site/messages";
import { NO_STORE } from "~/platform/http/page-answer";
import { siteOrigin } from "~/platform/http/site-origin.server";
import { formatNzTime, waitedText } from "~/platform/time/date-text";
import { parseReject } from "./reject-form";
import { decideRequest } from "./decision.server";
import { sweepVerificationFiles } from "./files.server";
import { loadPendingRequests } from "./review-queue.server";

export async function verificationsPage(request: Request, context: AppLoadContext) {
  const { env, ctx } = context.cloudflare;
  await requireAdminPage(request, context);
  // Finishes any R2 delete that failed earlier (ID documents must not linger), after the answer.
  ctx.waitUntil(
    sweepVerificationFiles(env).catch((error: unknown) => console.error("verification sweep failed", error)),
  );
  const now = Date.now();
  const flash = await readFlash(request, env);
  const requests = (await loadPendingRequests(env)).map((r) => ({
    ...r,
    submitted: formatNzTime(r.createdAt),
    waiting: waitedText(now - r.createdAt),
  }));
  return data({ requests, notice: flash.notice }, { headers: flash.headers });
}

/** `result` is the reject form's state when the refusal was about its reason (shown under the field). */
type ActionResult = { error: string; requestId?: string; result?: SubmissionResult<string[]> };

export async function verificationsAction(request: Request, context: AppLoadContext) {
  const { env, ctx } = context.cloudflare;
  const { admin, form, intent } = await readAdminForm(request, context);
  const requestId = form?.get("requestId");
  if (intent !== "approve" && intent !== "reject")
    return data<ActionResult>({ error: ERROR_MSG.unknownAction }, { status: 400, headers: NO_STORE });
  // The server's decision comes first (a request decided meanwhile is refused whatever the reason says).
  const result = await decideRequest(env, ctx, admin, requestId, intent, form?.get("reason"), {
    origin: siteOrigin(env, request),
  });
  if (!result.ok) {
    const reject = intent === "reject" && form ? parseReject(form) : null;
    return data<ActionResult>(
      {
        error: result.error,
        requestId: typeof requestId === "string" ? requestId : undefined,
        result: reject?.status === "error" ? reject.reply() : undefined,
      },
      { status: result.status, headers: NO_STORE },
    );
  }
  const notice = result.status === "approved" ? "requestApproved" : "requestRejected";
  throw redirect("/admin/verifications", { status: 303, headers: await setFlash(new Headers(NO_STORE), env, notice) });
}
