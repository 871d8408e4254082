// The 'Your data' page (/account/your-data): what it loads and what its password form does. The route
// module only wires these up (docs/architecture.md: route modules thin).
import { data } from "@remix-run/cloudflare";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { getCurrentSession } from "~/features/accounts/auth.server";
import { requireUser, requireUserForPost } from "~/features/accounts/guards.server";
import { CURRENT_PASSWORD_FIELD, hasFreshSecondFactor } from "~/features/accounts/reauth.server";
import { readForm } from "~/platform/http/body.server";
import { NO_STORE } from "~/platform/http/page-answer";
import { startDataExport } from "./data-export.server";

export async function yourDataPage(request: Request, context: AppLoadContext) {
  await requireUser(request, context);
  const current = await getCurrentSession(request, context.cloudflare.env);
  return data({ freshSecondFactor: current ? hasFreshSecondFactor(current.session) : false }, { headers: NO_STORE });
}

type ActionData = { error: string; field: string | null } | { download: string };

export async function yourDataAction(request: Request, context: AppLoadContext) {
  const cf = context.cloudflare;
  await requireUserForPost(request, cf.env, "/account/your-data");
  const current = await getCurrentSession(request, cf.env);
  const form = await readForm(request);
  if (!current || !form)
    return data<ActionData>({ error: "Please try again.", field: null }, { status: 400, headers: NO_STORE });
  const result = await startDataExport(request, cf, current.user, current.session, form.get(CURRENT_PASSWORD_FIELD));
  if (!result.ok)
    return data<ActionData>(
      { error: result.error, field: result.field ?? null },
      { status: result.status, headers: NO_STORE },
    );
  // The link is good for this session, once, for two minutes. The page comes back saying the download has
  // started (and follows the link itself), so nothing an earlier try said, a wrong password, is left on it: a
  // redirect to the file would leave the browser on the page as it was.
  return data<ActionData>({ download: result.href }, { headers: NO_STORE });
}
