// The loader behind /confirm-email/{token}, the link a sign-up mails (docs/decisions/0010-confirmed-signup.md).
import { data, redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { safeRedirectTo } from "~/lib/auth-redirect";
import { MSG } from "~/lib/auth-schemas";
import { createSession } from "./auth.server";
import { getDb } from "./db.server";
import { confirmEmail } from "./email-confirmation.server";
import { recordSecurityEvent, requestMeta, securityEventStatement } from "./security-log.server";

// The token is in the URL: no cache may keep the answer, and no request this page or its redirect leads to
// may carry the URL along as a Referer, not even to this site (its logs would hold a usable link).
export const CONFIRM_PAGE_HEADERS = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

export type ConfirmPageData = { error: string };

/**
 * A usable link confirms the address, starts a session and goes where the sign-up was going; anything else
 * (used, expired, unknown, malformed) is a 400 page that changes nothing.
 */
export async function confirmEmailPageLoader({ request, params, context }: LoaderFunctionArgs) {
  const cf = context.cloudflare;
  const confirmed = await confirmEmail(cf.env, params.token ?? "");
  if (!confirmed) {
    return data<ConfirmPageData>({ error: MSG.confirmTokenInvalid }, { status: 400, headers: CONFIRM_PAGE_HEADERS });
  }
  const cookie = await createSession(request, cf.env, confirmed.userId, { cf: cf.cf });
  await recordSecurityEvent(
    securityEventStatement(getDb(cf.env), confirmed.userId, "login", requestMeta(request, cf.cf), Date.now()),
  );
  // Guarded when stored and again here, where it is followed.
  throw redirect(safeRedirectTo(confirmed.redirectTo), {
    headers: { ...CONFIRM_PAGE_HEADERS, "Set-Cookie": cookie },
  });
}
