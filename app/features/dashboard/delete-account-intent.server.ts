// 'Delete My Account' posted from /managesub: the first post answers with the confirmation step, which asks
// for the current password (or a fresh second factor); the second deletes through
// ~/features/listings/delete.server.ts and signs the browser out.
import { data, redirect } from "@remix-run/cloudflare";
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { SessionUser } from "~/core/session-user";
import { getCurrentSession } from "~/features/accounts/auth.server";
import { reauthenticate } from "~/features/accounts/account-changes.server";
import { CURRENT_PASSWORD_FIELD } from "~/features/accounts/reauth.server";
import { deleteAccount } from "~/features/listings/delete.server";
import { deleteErrorText } from "~/features/dashboard/dashboard";
import { clearSessionCookie } from "~/platform/http/token-cookie.server";
import { CLEAR_STORAGE_HEADER } from "~/platform/http/responses.server";
import { cookieIsSecure } from "~/platform/env";
import { NO_STORE } from "~/platform/http/page-answer";

export type DeleteAccountResult = {
  error?: string;
  confirm?: { kind: "account" };
  accountDeleted?: true;
  /** The current password was missing or wrong (shown beside the field). */
  passwordError?: string;
};

const reply = (body: DeleteAccountResult, status = 200, headers: HeadersInit = NO_STORE) =>
  data(body, { status, headers });

export async function deleteAccountIntent(
  request: Request,
  cf: AppLoadContext["cloudflare"],
  user: SessionUser,
  form: FormData | null,
) {
  const { env, ctx } = cf;
  if (form?.get("confirmed") !== "yes") return reply({ confirm: { kind: "account" } });
  // The password again (or a fresh second factor): an open or stolen session alone cannot delete the account.
  const current = await getCurrentSession(request, env);
  const identity = current
    ? await reauthenticate(request, cf, user, current.session, form?.get(CURRENT_PASSWORD_FIELD))
    : ({ ok: false, status: 400, error: deleteErrorText("account") } as const);
  if (!identity.ok) return reply({ confirm: { kind: "account" }, passwordError: identity.error }, identity.status);
  try {
    await deleteAccount(env, ctx, user.id);
  } catch (e) {
    console.error("managesub: account delete failed", e);
    return reply({ error: deleteErrorText("account") }, 500);
  }
  // The session rows are gone; the cookie goes too, and the browser is asked to drop local storage.
  const headers = new Headers({ ...NO_STORE, "Set-Cookie": clearSessionCookie(cookieIsSecure(env)) });
  headers.set(...CLEAR_STORAGE_HEADER);
  // With JavaScript the page clears local storage itself and leaves for the home page.
  if (form?.get("js") === "1") return reply({ accountDeleted: true }, 200, headers);
  throw redirect("/", { status: 303, headers });
}
