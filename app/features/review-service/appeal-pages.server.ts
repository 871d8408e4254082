// What the appeal routes load and do: the appellant's page (/appeal/{kind}/{id}: the owner signed in, or a
// takedown's complainant by the link in their e-mail) and the administrators' queue (/admin/appeals). The
// route modules only wire these up (docs/architecture.md: route modules thin).
import { data, redirect } from "@remix-run/cloudflare";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { getSessionUser } from "~/features/accounts/auth.server";
import { readAdminForm, requireAdminPage, requireUser } from "~/features/accounts/guards.server";
import { readFlash, setFlash } from "~/features/site/flash.server";
import { readForm, textFields } from "~/platform/http/body.server";
import { NO_STORE } from "~/platform/http/page-answer";
import { privateData } from "~/platform/http/page-answer.server";
import { siteOrigin } from "~/platform/http/site-origin.server";
import { formatNzTime } from "~/platform/time/date-text";
import { APPEAL_MSG, parseAppealDecision, parseAppealMessage } from "./appeal-rules";
import { decideAppeal, fileAppeal, findRefusal, loadOpenAppeals } from "./appeals.server";

type Params = { kind?: string; id?: string };

async function refusalFor(request: Request, params: Params, context: AppLoadContext) {
  const env = context.cloudflare.env;
  const token = new URL(request.url).searchParams.get("t");
  // A complainant comes with the token from their e-mail; everyone else signs in.
  const user = token ? await getSessionUser(request, env) : await requireUser(request, context, request);
  const refusal = await findRefusal(env, params.kind, params.id, { userId: user?.id ?? null, token });
  if (!refusal) throw data(APPEAL_MSG.notFound, { status: 404, headers: NO_STORE });
  return refusal;
}

export async function appealPage(request: Request, params: Params, context: AppLoadContext) {
  const r = await refusalFor(request, params, context);
  return privateData({ kind: r.kind, listingName: r.listingName, refusal: r.refusal, appealed: r.appealed });
}

export async function appealAction(request: Request, params: Params, context: AppLoadContext) {
  const env = context.cloudflare.env;
  const r = await refusalFor(request, params, context);
  const form = await readForm(request);
  const parsed = parseAppealMessage(form ? textFields(form).message : undefined);
  if (!parsed.ok) return privateData({ sent: false as const, errors: { message: parsed.error } }, 400);
  if (r.appealed || !(await fileAppeal(env, r, parsed.message, Date.now())))
    return privateData({ sent: false as const, errors: { message: APPEAL_MSG.already } }, 409);
  return privateData({ sent: true as const, errors: {} as Record<string, string> });
}

export async function appealsQueuePage(request: Request, context: AppLoadContext) {
  const admin = await requireAdminPage(request, context);
  const env = context.cloudflare.env;
  const flash = await readFlash(request, env);
  const { appeals, total, administrators } = await loadOpenAppeals(env);
  return data(
    {
      adminId: admin.id,
      administrators,
      total,
      appeals: appeals.map((x) => ({ ...x, received: formatNzTime(x.createdAt) })),
      notice: flash.notice,
    },
    { headers: flash.headers },
  );
}

export async function appealsQueueAction(request: Request, context: AppLoadContext) {
  const { env, ctx } = context.cloudflare;
  const { admin, form, intent } = await readAdminForm(request, context);
  const appealId = form?.get("appealId");
  const reason = form?.get("reason");
  const parsed = parseAppealDecision(intent, typeof reason === "string" ? reason : undefined);
  if (!parsed.ok || typeof appealId !== "string")
    return privateData({ error: parsed.ok ? "Unknown appeal" : parsed.error, appealId: String(appealId ?? "") }, 400);
  const result = await decideAppeal(
    env,
    ctx,
    admin.id,
    appealId,
    parsed.decision,
    parsed.reason,
    siteOrigin(env, request),
    Date.now(),
  );
  if (!result.ok) return privateData({ error: result.error, appealId }, result.status);
  throw redirect("/admin/appeals", {
    status: 303,
    headers: await setFlash(new Headers(NO_STORE), env, "appealDecided"),
  });
}
