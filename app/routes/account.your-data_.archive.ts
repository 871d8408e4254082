// The download link made by /account/your-data: valid for two minutes, once, and only in the session that
// confirmed the password. Anything else is told to start again, with nothing streamed.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getDb } from "~/platform/data/db.server";
import { linkPageHeaders } from "~/platform/http/link-page";
import { getCurrentSession } from "~/features/accounts/auth.server";
import {
  archiveResponse,
  claimExportLink,
  EXPORT_LINK_MSG,
  exportLinkValid,
} from "~/features/dashboard/data-export.server";
import { readAccountData } from "~/features/dashboard/data-export-rows.server";

const again = (status: number, text: string) =>
  new Response(`${text} Go back to /account/your-data and download it again.\n`, {
    status,
    // The link's token is in the URL: the one-time link pages' policy (app/platform/http/link-page.ts).
    headers: linkPageHeaders({ "Content-Type": "text/plain; charset=utf-8" }),
  });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const current = await getCurrentSession(request, env);
  if (!current) return again(401, "You are signed out.");
  const params = new URL(request.url).searchParams;
  if (!(await exportLinkValid(env, current.user.id, current.session.id, params)))
    return again(403, EXPORT_LINK_MSG.invalid);
  // Used once: the first download marks it, a second one (a replay, a copied link) gets nothing.
  const claim = await claimExportLink(env, current.user.id, params);
  if (claim === "used") return again(410, EXPORT_LINK_MSG.used);
  if (claim !== "claimed") return again(403, EXPORT_LINK_MSG.invalid);
  const account = await readAccountData(getDb(env), current.user.id);
  if (!account) return again(404, "This account no longer exists.");
  const archive = archiveResponse(env, account, Date.now());
  linkPageHeaders().forEach((value, name) => archive.headers.set(name, value));
  return archive;
}
