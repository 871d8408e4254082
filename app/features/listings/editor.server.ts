// What the listing editor's pages load: the owner's listing as the public profile shape (hidden ones
// included, and the photos kept but not shown on the Standard plan), and whether the account may start another listing.
import type { Profile } from "~/core/profile";
import { mayAddListing } from "./rules";
import type { SessionUser } from "~/features/accounts/auth.server";
import { countListingsOf, findManageableListing } from "./access.server";
import { buildProfileFromD1 } from "~/features/profile/profile.server";

/** The listing for /profile/edit/{id}, or null when it does not exist or is not this user's (a 404). */
export async function loadEditableProfile(
  env: Env,
  user: Pick<SessionUser, "id" | "isAdmin">,
  listingId: string,
): Promise<Profile | null> {
  const listing = await findManageableListing(env, user, listingId);
  if (!listing) return null;
  return buildProfileFromD1(env, listing.id, { withHidden: true });
}

/** For /profile/new: an Independent who already holds a listing is told so instead of filling a form in vain. */
export async function mayStartListing(env: Env, user: Pick<SessionUser, "id" | "agency">): Promise<boolean> {
  if (user.agency) return true;
  return mayAddListing(user.agency, await countListingsOf(env, user.id));
}
