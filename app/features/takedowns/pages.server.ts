// What the takedown routes load and do: the public form (/takedown/{listing}), the owner's answer
// (/dashboard/takedowns/{case}) and the administrators' queue (/admin/takedowns). The route modules only wire
// these up (docs/architecture.md: route modules thin).
import { data, redirect } from "@remix-run/cloudflare";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { readAdminForm, requireAdminPage, requireUser } from "~/features/accounts/guards.server";
import { readFlash, setFlash } from "~/features/site/flash.server";
import { readBody, readForm, textFields } from "~/platform/http/body.server";
import { NO_STORE, PRIVATE_NO_STORE } from "~/platform/http/page-answer";
import { privateData } from "~/platform/http/page-answer.server";
import { siteOrigin } from "~/platform/http/site-origin.server";
import { formatNzDeadline, formatNzTime } from "~/platform/time/date-text";
import { answerCase, ownerCase } from "./answer.server";
import { complainedListing, fileCase, networkHash, networkOverLimit, readProof } from "./file-case.server";
import { openProof } from "./proof.server";
import { adminDecide, loadQueue } from "./queue.server";
import { FORM_MAX_BYTES, parseAdminDecision, parseCaseForm, parseOwnerAnswer, parsePage, TAKEDOWN_MSG } from "./rules";
import { readCase } from "./decide.server";

export type FormResult =
  | { sent: true }
  | { sent?: false; error?: string; errors: Record<string, string>; values: Record<string, string | string[]> };

const fail = (status: number, error: string) => privateData<FormResult>({ errors: {}, error, values: {} }, status);

export async function takedownFormPage(listingId: string | undefined, context: AppLoadContext) {
  const listing = await complainedListing(context.cloudflare.env, listingId);
  if (!listing) throw data(TAKEDOWN_MSG.notFound, { status: 404, headers: NO_STORE });
  return privateData({ listingId: listing.listingId, firstName: listing.firstName, photos: listing.photos });
}

export async function takedownFormAction(request: Request, listingId: string | undefined, context: AppLoadContext) {
  const { env, ctx } = context.cloudflare;
  const now = Date.now();
  const network = await networkHash(env, request.headers);
  if (await networkOverLimit(env, network, now)) return fail(429, TAKEDOWN_MSG.rateLimited);
  const body = await readBody(request, {
    maxBytes: FORM_MAX_BYTES,
    accept: ["form", "multipart"],
    tooLarge: TAKEDOWN_MSG.tooLarge,
    wrongType: "Send the request as a form",
  });
  if (!body.ok) return fail(body.status, body.error);
  const listing = await complainedListing(env, listingId);
  if (!listing) return fail(404, TAKEDOWN_MSG.notFound);
  const text = textFields(body.form);
  const imageIds = body.form.getAll("imageIds").filter((v): v is string => typeof v === "string");
  const values = { contact: text.contact ?? "", kind: text.kind ?? "", details: text.details ?? "", imageIds };
  const parsed = parseCaseForm(
    { ...text, imageIds },
    listing.photos.map((p) => p.id),
  );
  const proof = await readProof(env, body.form.get("proof"));
  const errors = { ...(parsed.ok ? {} : parsed.errors), ...(proof.ok ? {} : { proof: proof.error }) };
  if (!parsed.ok || !proof.ok) return privateData<FormResult>({ errors, values }, 400);
  // The same answer whether it was written or was over the contact's limits: see fileCase.
  await fileCase(env, ctx, listing, parsed.form, proof.bytes, network, siteOrigin(env, request), now);
  return privateData<FormResult>({ sent: true });
}

export async function ownerCasePage(request: Request, caseId: string | undefined, context: AppLoadContext) {
  const user = await requireUser(request, context);
  const env = context.cloudflare.env;
  const view = caseId ? await ownerCase(env, user.id, caseId, Date.now()) : null;
  if (!view) throw data("Case not found", { status: 404, headers: NO_STORE });
  const flash = await readFlash(request, env);
  return data(
    {
      ...view,
      received: formatNzTime(view.createdAt),
      answerBy: view.answerDueAt ? formatNzDeadline(view.answerDueAt) : "",
      notice: flash.notice,
    },
    { headers: flash.headers },
  );
}

export async function ownerCaseAction(request: Request, caseId: string | undefined, context: AppLoadContext) {
  const { env, ctx } = context.cloudflare;
  const user = await requireUser(request, context, request);
  const form = await readForm(request);
  if (!form) return privateData({ errors: { choice: TAKEDOWN_MSG.answerChoice } as Record<string, string> }, 400);
  const parsed = parseOwnerAnswer(textFields(form));
  if (!parsed.ok) return privateData({ errors: parsed.errors }, 400);
  const result = await answerCase(env, ctx, user.id, caseId ?? "", parsed.answer, siteOrigin(env, request), Date.now());
  if (!result.ok) return privateData({ errors: { choice: result.error } as Record<string, string> }, result.status);
  const notice = result.agreed ? "takedownAgreed" : "takedownDisputed";
  throw redirect(`/dashboard/takedowns/${caseId}`, {
    status: 303,
    headers: await setFlash(new Headers(NO_STORE), env, notice),
  });
}

export async function queuePage(request: Request, context: AppLoadContext) {
  await requireAdminPage(request, context);
  const env = context.cloudflare.env;
  const now = Date.now();
  const page = parsePage(new URL(request.url).searchParams.get("page"));
  const flash = await readFlash(request, env);
  const queue = await loadQueue(env, page, now);
  const items = queue.items.map((c) => ({
    ...c,
    received: formatNzTime(c.createdAt),
    due: c.clock.dueAt ? formatNzDeadline(c.clock.dueAt) : "",
  }));
  return data({ ...queue, items, notice: flash.notice }, { headers: flash.headers });
}

export async function queueAction(request: Request, context: AppLoadContext) {
  const { env, ctx } = context.cloudflare;
  const { admin, form, intent } = await readAdminForm(request, context);
  const caseId = form?.get("caseId");
  const reason = form?.get("reason");
  const parsed = parseAdminDecision(intent, typeof reason === "string" ? reason : undefined);
  if (!parsed.ok || typeof caseId !== "string")
    return privateData({ error: parsed.ok ? "Unknown case" : parsed.error, caseId: String(caseId ?? "") }, 400);
  const result = await adminDecide(
    env,
    ctx,
    admin.id,
    caseId,
    parsed.decision,
    parsed.reason,
    siteOrigin(env, request),
    Date.now(),
  );
  if (!result.ok) return privateData({ error: result.error, caseId }, result.status);
  const notice = parsed.decision === "hide_photos" ? "takedownPhotosHidden" : "takedownDecided";
  throw redirect(new URL(request.url).pathname + new URL(request.url).search, {
    status: 303,
    headers: await setFlash(new Headers(NO_STORE), env, notice),
  });
}

const NOT_FOUND = () => new Response("Not found", { status: 404, headers: NO_STORE });

/** The proof photo of an open case, opened for an administrator only; never cached. */
export async function proofResponse(request: Request, caseId: string | undefined, context: AppLoadContext) {
  await requireAdminPage(request, context);
  const env = context.cloudflare.env;
  const row = caseId ? await readCase(env, caseId) : null;
  if (!row?.proofKey || row.status === "decided") return NOT_FOUND();
  const bytes = await openProof(env, row.proofKey);
  if (!bytes) return NOT_FOUND();
  return new Response(bytes, {
    headers: {
      "Content-Type": "image/webp",
      ...PRIVATE_NO_STORE,
      "Content-Security-Policy": "default-src 'none'",
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "no-referrer",
    },
  });
}
