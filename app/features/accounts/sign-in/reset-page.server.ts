// Loader and action behind both new-password pages, /login/{token} and /reset-password/{token}.
import { data } from "@remix-run/cloudflare";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { FALLBACK, MSG, parseWith, setPasswordSchema } from "~/features/accounts/auth-schemas";
import { formToObject } from "~/platform/http/form-object";
import { REMOVE_ALL_PASSKEYS, REMOVE_ALL_PASSKEYS_FIELD } from "~/features/accounts/second-factor/passkeys";
import { LINK_PAGE_HEADERS } from "~/platform/http/link-page";
import { readResetLink, resetPassword } from "../password-reset.server";
import type { ResetOutcome } from "../password-reset.server";
import { AuthError } from "../auth-errors";
import { isRateLimited } from "~/platform/http/rate-limit.server";
import { readForm } from "~/platform/http/body.server";

export type ResetActionResult =
  | { success: true; message: string; passkeysNotice?: string }
  | { success: false; error: string; tokenInvalid?: boolean };

/** What the reset did to the account's passkeys, in words; nothing when it had none. */
export function passkeysNotice({ passkeysRemoved, passkeysKept }: ResetOutcome): string | undefined {
  if (passkeysRemoved > 0) return REMOVE_ALL_PASSKEYS.removed(passkeysRemoved);
  if (passkeysKept > 0) return REMOVE_ALL_PASSKEYS.kept(passkeysKept);
  return undefined;
}

/** Whether the link is usable, and how many passkeys the page offers to remove (0: the choice is not shown). */
export async function resetPageLoader({ params, context }: LoaderFunctionArgs) {
  const link = await readResetLink(context.cloudflare.env, params.token ?? "");
  return data({ tokenValid: link !== null, passkeys: link?.passkeys ?? 0 }, { headers: LINK_PAGE_HEADERS });
}

export async function resetPageAction({ request, params, context }: ActionFunctionArgs) {
  const cf = context.cloudflare;
  const reply = (body: ResetActionResult, status = 200) =>
    data<ResetActionResult>(body, { status, headers: LINK_PAGE_HEADERS });
  if (await isRateLimited(request, cf.env, "reset")) return reply({ success: false, error: MSG.rateLimited }, 429);
  const form = await readForm(request);
  if (!form) return reply({ success: false, error: MSG.passwordMin }, 400);
  const parsed = parseWith(setPasswordSchema, formToObject(form));
  if (!parsed.ok) return reply({ success: false, error: parsed.error }, 400);
  // The checkbox is ticked when the page offers it: a browser sends it only while it stays ticked.
  const removePasskeys = form.has(REMOVE_ALL_PASSKEYS_FIELD);
  try {
    const done = await resetPassword(request, cf, params.token ?? "", parsed.data.password, { removePasskeys });
    if (!done) return reply({ success: false, error: MSG.resetTokenInvalid, tokenInvalid: true }, 400);
    return reply({ success: true, message: MSG.resetDone, passkeysNotice: passkeysNotice(done) });
  } catch (error) {
    if (error instanceof AuthError) return reply({ success: false, error: error.message }, error.status);
    console.error("reset page: reset failed", error);
    return reply({ success: false, error: FALLBACK.resetPassword }, 500);
  }
}
