// Reading an account through the API: the owner, or an administrator; anyone else gets 403 whether or
// not the id exists, so ids cannot be probed.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { MSG } from "~/lib/auth-schemas";
import { getAccount, type AccountRecord } from "./accounts.server";
import { jsonError } from "./auth-api.server";
import { requireUserApi } from "./auth.server";

export async function readableAccount(
  request: Request,
  context: AppLoadContext,
  userId: string | undefined,
): Promise<AccountRecord> {
  const viewer = await requireUserApi(request, context);
  if (!userId || (viewer.id !== userId && !viewer.isAdmin)) throw jsonError(MSG.forbidden, 403);
  const account = await getAccount(context.cloudflare.env, userId);
  if (!account) throw jsonError("Account not found", 404);
  return account;
}
