// Where the admin grid's card menus post (/admin/listing-actions): what the page loads and what a post does.
// The route module only wires these up (docs/architecture.md: route modules thin); every rule is enforced in
// moderation.server.ts.
import { data, redirect } from "@remix-run/cloudflare";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { loginUrlFor } from "~/features/accounts/auth-redirect";
import { MSG } from "~/features/accounts/auth-schemas";
import { needsAdminSecondFactor } from "~/core/session-user";
import { getSessionUser } from "~/features/accounts/auth.server";
import { adminSetUpUrl } from "~/features/accounts/guards.server";
import { setToast } from "~/features/site/flash.server";
import { ERROR_MSG } from "~/features/site/messages";

import { readForm } from "~/platform/http/body.server";
import { noStore } from "~/platform/http/page-answer";
import { privateData, privateRedirect } from "~/platform/http/page-answer.server";
import { safeRedirect } from "~/platform/http/redirects";
import { adminActionToast, MODERATION_MSG } from "./moderation";
import type { ListingActionResult } from "./moderation";
import { idRequestWaiting, moderateDelete, moderateListing, readModeratedListing } from "./moderation.server";
import { isAdminAction } from "~/features/audit/audit";

export type { ActionConfirm as Confirm, ListingActionResult } from "./moderation";

/**
 * Nothing to load: the page only shows what a form post answered (a delete's confirmation step, or a
 * refusal). Opened directly, it offers the way back to the grid. An administrator whose session has not
 * proved a second factor is sent to set one up, as from every admin page (docs/accounts.md).
 */
export async function listingActionsPage(request: Request, context: AppLoadContext) {
  const user = await getSessionUser(request, context.cloudflare.env);
  if (user && needsAdminSecondFactor(user)) {
    const url = new URL(request.url);
    throw privateRedirect(adminSetUpUrl(url.pathname + url.search));
  }
  return privateData(null);
}

export async function listingAction(request: Request, context: AppLoadContext) {
  const { env, ctx } = context.cloudflare;
  const form = await readForm(request);
  const js = form?.get("js") === "1";
  const returnTo = safeRedirect(form?.get("returnTo"));

  const user = await getSessionUser(request, env);
  if (!user) {
    if (js) return privateData<ListingActionResult>({ error: ERROR_MSG.notAuthenticated }, 401);
    throw privateRedirect(loginUrlFor(new URL(returnTo, request.url).href, { sessionExpired: true }), 303);
  }
  // An administrator without a second factor in this session: told why, or (without JavaScript) sent to set
  // one up and back to the grid, as the admin pages do. Anyone else without the role: 403.
  if (needsAdminSecondFactor(user)) {
    if (js) return privateData<ListingActionResult>({ error: MSG.adminNeedsSecondFactor }, 403);
    throw privateRedirect(adminSetUpUrl(returnTo), 303);
  }
  if (!user.isAdmin) return privateData<ListingActionResult>({ error: MODERATION_MSG.forbidden }, 403);

  const intent = form?.get("intent");
  const listingId = form?.get("listingId");
  if (!isAdminAction(intent))
    return privateData<ListingActionResult>({ error: MODERATION_MSG.unknownAction, returnTo }, 400);
  if (typeof listingId !== "string")
    return privateData<ListingActionResult>({ error: ERROR_MSG.invalidListingId, returnTo }, 400);

  if ((intent === "delete" || intent === "verify") && form?.get("confirmed") !== "yes") {
    const listing = await readModeratedListing(env, listingId);
    if (!listing) return privateData<ListingActionResult>({ error: MODERATION_MSG.notFound, returnTo }, 404);
    const idRequest = intent === "verify" ? await idRequestWaiting(env, listingId) : false;
    return privateData<ListingActionResult>({
      confirm: { intent, listingId, name: listing.firstName, returnTo, idRequestWaiting: idRequest },
    });
  }
  if (intent === "delete") {
    const deleted = await moderateDelete(env, ctx, user, listingId);
    if (!deleted.ok) return privateData<ListingActionResult>({ error: deleted.error, returnTo }, deleted.status);
  } else {
    const result = await moderateListing(env, ctx, user, listingId, intent);
    if (!result.ok) return privateData<ListingActionResult>({ error: result.error, returnTo }, result.status);
  }
  // Done: the toast on the grid says so (the root loader reads it when the grid reloads after the post).
  const headers = await setToast(noStore(), env, adminActionToast(intent));
  if (js) return data<ListingActionResult>({ ok: true }, { headers });
  throw redirect(returnTo, { status: 303, headers });
}
