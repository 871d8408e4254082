// Where the admin grid's card menus post (spec public §4): verify / unverify, live, hot, delete. With
// JavaScript (js=1) the answer is data and the grid reloads itself; without it, a redirect back to the
// grid, or for a delete first a confirmation step rendered here. Non-administrators get 403 and nothing
// changes; every rule is enforced in app/features/moderation/moderation.server.ts.
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData } from "@remix-run/react";
import { InfoPage } from "~/features/site/InfoPage";
import { Alert } from "~/ui/Alert";
import { Button, buttonClass } from "~/ui/Button";
import { loginUrlFor } from "~/features/accounts/auth-redirect";
import { MSG } from "~/features/accounts/auth-schemas";
import { needsAdminSecondFactor } from "~/features/accounts/auth-user";
import { ERROR_MSG } from "~/features/site/messages";
import { adminDeleteConfirm, isAdminAction, MODERATION_MSG } from "~/features/moderation/moderation";
import { safeRedirect } from "~/platform/http/redirects";
import { adminSetUpUrl } from "~/features/accounts/second-factor/totp";
import { getSessionUser } from "~/features/accounts/auth.server";
import { moderateDelete, moderateListing, readModeratedListing } from "~/features/moderation/moderation.server";
import { readForm } from "~/platform/http/body.server";
import { setToast } from "~/features/site/flash.server";
import { adminActionToast } from "~/features/site/toasts";
import { noStore, pipeHeaders } from "~/platform/http/page-answer";
import { privateData, privateRedirect } from "~/platform/http/page-answer.server";
import { privateMeta } from "~/features/site/seo";

export const meta: MetaFunction = () => privateMeta("Listing actions");
export const headers = pipeHeaders;

type Confirm = { modelId: string; name: string; returnTo: string };
type ActionResult = { ok: true } | { error: string; returnTo?: string } | { confirm: Confirm };

/**
 * Nothing to load: the page only shows what a form post answered (a delete's confirmation step, or a
 * refusal). Opened directly, it offers the way back to the grid. An administrator whose session has not
 * proved a second factor is sent to set one up, as from every admin page (docs/accounts.md).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getSessionUser(request, context.cloudflare.env);
  if (user && needsAdminSecondFactor(user)) {
    const url = new URL(request.url);
    throw privateRedirect(adminSetUpUrl(url.pathname + url.search));
  }
  return privateData(null);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { env, ctx } = context.cloudflare;
  const form = await readForm(request);
  const js = form?.get("js") === "1";
  const returnTo = safeRedirect(form?.get("returnTo"));

  const user = await getSessionUser(request, env);
  if (!user) {
    if (js) return privateData<ActionResult>({ error: ERROR_MSG.notAuthenticated }, 401);
    throw privateRedirect(loginUrlFor(new URL(returnTo, request.url).href, { sessionExpired: true }), 303);
  }
  // An administrator without a second factor in this session: told why, or (without JavaScript) sent to set
  // one up and back to the grid, as the admin pages do. Anyone else without the role: 403.
  if (needsAdminSecondFactor(user)) {
    if (js) return privateData<ActionResult>({ error: MSG.adminNeedsSecondFactor }, 403);
    throw privateRedirect(adminSetUpUrl(returnTo), 303);
  }
  if (!user.isAdmin) return privateData<ActionResult>({ error: MODERATION_MSG.forbidden }, 403);

  const intent = form?.get("intent");
  const modelId = form?.get("modelId");
  if (!isAdminAction(intent)) return privateData<ActionResult>({ error: MODERATION_MSG.unknownAction, returnTo }, 400);
  if (typeof modelId !== "string") return privateData<ActionResult>({ error: ERROR_MSG.invalidModelId, returnTo }, 400);

  if (intent === "delete") {
    if (form?.get("confirmed") !== "yes") {
      const listing = await readModeratedListing(env, modelId);
      if (!listing) return privateData<ActionResult>({ error: MODERATION_MSG.notFound, returnTo }, 404);
      return privateData<ActionResult>({ confirm: { modelId, name: listing.firstName, returnTo } });
    }
    const deleted = await moderateDelete(env, ctx, user, modelId);
    if (!deleted.ok) return privateData<ActionResult>({ error: deleted.error, returnTo }, deleted.status);
  } else {
    const result = await moderateListing(env, ctx, user, modelId, intent);
    if (!result.ok) return privateData<ActionResult>({ error: result.error, returnTo }, result.status);
  }
  // Done: the toast on the grid says so (the root loader reads it when the grid reloads after the post).
  const headers = await setToast(noStore(), env, adminActionToast(intent));
  if (js) return data<ActionResult>({ ok: true }, { headers });
  throw redirect(returnTo, { status: 303, headers });
}

/** Only reached without JavaScript: a delete's confirmation step, or a refused action. */
export default function ListingActions() {
  const result = useActionData<typeof action>() as ActionResult | undefined;
  if (result && "confirm" in result) {
    const { modelId, name, returnTo } = result.confirm;
    return (
      <InfoPage title="Delete listing">
        <div className="space-y-5 rounded-2xl border border-rose-900 bg-panel p-6">
          <p className="text-lg">{adminDeleteConfirm(name)}</p>
          <div className="flex flex-wrap gap-3">
            <Form method="post">
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="modelId" value={modelId} />
              <input type="hidden" name="returnTo" value={returnTo} />
              <input type="hidden" name="confirmed" value="yes" />
              <Button type="submit" variant="danger">
                Delete {name}
              </Button>
            </Form>
            <Link to={returnTo} className={buttonClass({ variant: "secondary" })}>
              Cancel
            </Link>
          </div>
        </div>
      </InfoPage>
    );
  }
  const error = result && "error" in result ? result.error : "Nothing to do here.";
  const back = result && "returnTo" in result && result.returnTo ? result.returnTo : "/";
  return (
    <InfoPage title="Listing actions">
      <Alert tone="error">{error}</Alert>
      <Link to={back} className={buttonClass({ variant: "secondary", className: "mt-6" })}>
        Back to the listings
      </Link>
    </InfoPage>
  );
}
