// The administrators' verification queue page (/admin/verifications): what it loads and what its Approve /
// Reject buttons do. The route module only wires these up (docs/architecture.md: route modules thin).
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect } from "@remix-run/cloudflare";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { withSessionLookup } from "~/features/accounts/auth.server";
import { readAdminForm, requireAdminPage } from "~/features/accounts/guards.server";
import { readFlash, setFlash } from "~/features/site/flash.server";
import { ERROR_MSG } from "~/features/site/messages";
import { getDb, keptSelect, keptStatement } from "~/platform/data/db.server";
import { NO_STORE } from "~/platform/http/page-answer";
import { siteOrigin } from "~/platform/http/site-origin.server";
import { formatNzTime, waitedText } from "~/platform/time/date-text";
import { parseReject } from "./reject-form";
import { decideRequest } from "./decision.server";
import { decidePhotoRequest } from "./decisions/photo-decision.server";
import { sweepVerificationFiles } from "./files.server";
import { pendingRequestsQuery, toPendingRequests } from "./review-queue.server";

/** When this isolate last swept the leftover verification files from the queue page (ms since the epoch). */
let sweptAt = 0;
/** The queue page sweeps at most this often per isolate; the cron sweeps every 30 minutes regardless. */
const SWEEP_EVERY_MS = 60_000;

export async function verificationsPage(request: Request, context: AppLoadContext) {
  const { env, ctx } = context.cloudflare;
  // The queue rides in the session lookup's batch (one D1 round trip) and is shown only once the lookup has
  // proved an administrator; should another loader's lookup already be under way, it is read after it.
  const pending = keptSelect("verification-queue", pendingRequestsQuery);
  const queued = await withSessionLookup(request, env, context, async (session) => {
    if (!session) return { rows: null, value: null };
    const [lookup, rows] = await env.DB.batch([session.statement, keptStatement(env.DB, pending)]);
    return { rows: session.rows(lookup), value: pending.rows(rows) };
  });
  await requireAdminPage(request, context);
  const now = Date.now();
  // Finishes any R2 delete that failed earlier (ID documents must not linger), after the answer: a listing of
  // the bucket's verification files, so not on every view of a page an administrator reloads all day.
  if (now - sweptAt >= SWEEP_EVERY_MS) {
    sweptAt = now;
    ctx.waitUntil(
      sweepVerificationFiles(env).catch((error: unknown) => console.error("verification sweep failed", error)),
    );
  }
  const flash = await readFlash(request, env);
  const rows = queued ?? pending.rows(await keptStatement(env.DB, pending).all());
  const requests = (await toPendingRequests(getDb(env), rows)).map((r) => ({
    ...r,
    submitted: formatNzTime(r.createdAt),
    waiting: waitedText(now - r.createdAt),
  }));
  return data({ requests, notice: flash.notice }, { headers: flash.headers });
}

/**
 * `result` is the reject form's state when the refusal was about its reason (shown under the field); `errors`
 * the per-photo form's, by field (a photo without a choice, a refused photo without a reason).
 */
type ActionResult = {
  error: string;
  requestId?: string;
  result?: SubmissionResult<string[]>;
  errors?: Record<string, string>;
};

export async function verificationsAction(request: Request, context: AppLoadContext) {
  const { env, ctx } = context.cloudflare;
  const { admin, form, intent } = await readAdminForm(request, context);
  const requestId = form?.get("requestId");
  if (intent === "photos" && form) return decidePhotos(request, context, admin, form);
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
  return decided(env, result.status);
}

async function decided(env: Env, status: "approved" | "rejected"): Promise<never> {
  const notice = status === "approved" ? "requestApproved" : "requestRejected";
  throw redirect("/admin/verifications", { status: 303, headers: await setFlash(new Headers(NO_STORE), env, notice) });
}

/** A photo request decided photo by photo (docs/decisions/0069-photos-decided-one-by-one.md). */
async function decidePhotos(
  request: Request,
  context: AppLoadContext,
  admin: Parameters<typeof decidePhotoRequest>[2],
  form: FormData,
) {
  const { env, ctx } = context.cloudflare;
  const requestId = form.get("requestId");
  const result = await decidePhotoRequest(env, ctx, admin, requestId, form, { origin: siteOrigin(env, request) });
  if (result.ok) return decided(env, result.status);
  return data<ActionResult>(
    {
      error: result.error,
      requestId: typeof requestId === "string" ? requestId : undefined,
      errors: "errors" in result ? result.errors : undefined,
    },
    { status: result.status, headers: NO_STORE },
  );
}
