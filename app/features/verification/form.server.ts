// The Get Verified and Photo verification pages' form posts (multipart, so they work without
// JavaScript). Same checks and storage as the JSON API (submitVerification); the answer is a redirect to
// the dashboard, which shows the spec's success message, or the spec's failure text for the page.
import { data, redirect } from "@remix-run/cloudflare";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { loginUrlFor } from "~/features/accounts/auth-redirect";
import { clearSessionCookie } from "~/platform/http/token-cookie.server";
import { ID_DOCUMENT_MSG, ID_MSG, PHOTO_VERIFY_MSG } from "./verification";
import type { VerificationFormResult, VerificationKind } from "./verification";
import { getSessionUser } from "~/features/accounts/auth.server";
import { cookieIsSecure } from "~/platform/env";
import { setFlash } from "~/features/site/flash.server";
import { readVerificationBody, submitVerification } from "./verification.server";
import { NO_STORE } from "~/platform/http/page-answer";

export async function handleVerificationForm(
  request: Request,
  context: AppLoadContext,
  kind: VerificationKind,
  page: string,
) {
  const env = context.cloudflare.env;
  const user = await getSessionUser(request, env);
  if (!user) {
    throw redirect(loginUrlFor(new URL(page, request.url).href, { sessionExpired: true }), {
      status: 303,
      headers: { "Set-Cookie": clearSessionCookie(cookieIsSecure(env)), ...NO_STORE },
    });
  }
  const failure = kind === "id" ? ID_MSG.failure : PHOTO_VERIFY_MSG.failure;
  const fail = (message: string, status: number, field?: string) =>
    data<VerificationFormResult>({ error: failure(message), message, field }, { status, headers: NO_STORE });
  const body = await readVerificationBody(env, user.id, request, kind);
  if (!body.ok) return fail(body.error, body.status);
  const listingId = body.form.get("listingId");
  if (typeof listingId !== "string" || listingId === "") {
    return fail(kind === "id" ? ID_MSG.selectModel : PHOTO_VERIFY_MSG.missing, 400, "listingId");
  }
  // The page always asks which document (the JSON API may leave it out: a licence).
  if (kind === "id" && !body.form.get("documentType")) return fail(ID_DOCUMENT_MSG.choose, 400, "documentType");
  const result = await submitVerification(env, user, kind, listingId, body.form);
  if (!result.ok) return fail(result.error, result.status, result.field);
  // One photo sent on its own: back to the listing's photos, which now show it waiting.
  const onePhoto = kind === "photo" && typeof body.form.get("imageId") === "string" && body.form.get("imageId") !== "";
  const notice = kind === "id" ? "verificationSent" : onePhoto ? "photoCheckSent" : "photosSent";
  const sent = await setFlash(new Headers(NO_STORE), env, notice);
  const next = onePhoto ? `${page}?listingId=${encodeURIComponent(listingId)}` : "/dashboard";
  throw redirect(next, { status: 303, headers: sent });
}
