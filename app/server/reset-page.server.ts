// Loader and action behind both new-password pages, /login/{token} and /reset-password/{token}.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { FALLBACK, formToObject, MSG, parseWith, setPasswordSchema } from "~/lib/auth-schemas";
import { isResetTokenUsable, resetPassword } from "./accounts.server";
import { AuthError, isRateLimited } from "./auth.server";
import { readForm } from "./http/body.server";

// The token is in the URL: no cache may keep the page.
const PRIVATE_HEADERS = { "Cache-Control": "no-store" };

export type ResetActionResult =
  { success: true; message: string } | { success: false; error: string; tokenInvalid?: boolean };

export async function resetPageLoader({ params, context }: LoaderFunctionArgs) {
  const tokenValid = await isResetTokenUsable(context.cloudflare.env, params.token ?? "");
  return data({ tokenValid }, { headers: PRIVATE_HEADERS });
}

export async function resetPageAction({ request, params, context }: ActionFunctionArgs) {
  const cf = context.cloudflare;
  const reply = (body: ResetActionResult, status = 200) =>
    data<ResetActionResult>(body, { status, headers: PRIVATE_HEADERS });
  if (await isRateLimited(request, cf.env, "reset")) return reply({ success: false, error: MSG.rateLimited }, 429);
  const form = await readForm(request);
  if (!form) return reply({ success: false, error: MSG.passwordMin }, 400);
  const parsed = parseWith(setPasswordSchema, formToObject(form));
  if (!parsed.ok) return reply({ success: false, error: parsed.error }, 400);
  try {
    const done = await resetPassword(request, cf, params.token ?? "", parsed.data.password);
    if (!done) return reply({ success: false, error: MSG.resetTokenInvalid, tokenInvalid: true }, 400);
    return reply({ success: true, message: MSG.resetDone });
  } catch (error) {
    if (error instanceof AuthError) return reply({ success: false, error: error.message }, error.status);
    console.error("reset page: reset failed", error);
    return reply({ success: false, error: FALLBACK.resetPassword }, 500);
  }
}
