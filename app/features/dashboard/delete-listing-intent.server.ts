// 'Delete Listing' posted from /managesub: without JavaScript the first post answers with the confirmation
// step, the second (confirmed) deletes; with JavaScript the browser's confirm() asked and the post comes
// confirmed. The deletion itself is ~/features/listings/delete.server.ts.
import { data, redirect } from "@remix-run/cloudflare";
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { SessionUser } from "~/core/session-user";
import { requestMeta } from "~/features/accounts/security-log.server";
import { deleteListing } from "~/features/listings/delete.server";
import { findManageableListing } from "~/features/listings/access.server";
import { ERROR_MSG } from "~/features/site/messages";
import { setFlash } from "~/features/site/flash.server";
import { isId } from "~/platform/data/ids";
import { deleteErrorText } from "./dashboard";
import { adminDeleteAudit } from "~/features/audit/audit";
import { ownerWriteLimited } from "~/features/listings/own-listing.server";
import { NO_STORE } from "~/platform/http/page-answer";

export type DeleteListingResult = { error?: string; confirm?: { kind: "listing"; listingId: string; name: string } };

const reply = (body: DeleteListingResult, status = 200) => data(body, { status, headers: NO_STORE });

export async function deleteListingIntent(
  request: Request,
  cf: AppLoadContext["cloudflare"],
  user: SessionUser,
  form: FormData | null,
) {
  const { env, ctx } = cf;
  const listingId = form?.get("listingId");
  const error = deleteErrorText("listing");
  if (!isId(listingId)) return reply({ error }, 400);
  const listing = await findManageableListing(env, user, listingId);
  if (!listing) return reply({ error }, 403);
  if (form?.get("confirmed") !== "yes")
    return reply({ confirm: { kind: "listing", listingId, name: listing.firstName } });
  if (await ownerWriteLimited(env, user.id)) return reply({ error: ERROR_MSG.tooManyChanges }, 429);
  try {
    // An administrator deleting here is an administrator action: audited in the same batch.
    const meta = listing.userId === user.id ? requestMeta(request, cf.cf) : undefined;
    await deleteListing(env, ctx, listingId, { audit: user.isAdmin ? adminDeleteAudit(user) : undefined, meta });
  } catch (e) {
    console.error("managesub: listing delete failed", listingId, e);
    return reply({ error }, 500);
  }
  // Spec §4: deleting a listing reloads the list.
  throw redirect("/managesub", {
    status: 303,
    headers: await setFlash(new Headers(NO_STORE), env, "listingDeleted"),
  });
}
