// /profile/edit/{modelId}: the listing editor for one of the signed-in user's listings. Anyone else's (or a
// missing) listing is a plain 404, so the page tells a stranger nothing about the id.
import { data } from "@remix-run/cloudflare";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { EditorNoScript } from "~/features/listings/editor/EditorNoScript";
import { ListingEditor } from "~/features/listings/editor/ListingEditor";
import { requireUser } from "~/features/accounts/guards.server";
import { loadEditableProfile } from "~/features/listings/editor.server";
import { loadListingPhotoChecks } from "~/features/verification/photo-request.server";
import { imagesDrawOverlays } from "~/features/photos/watermark-probe.server";
import { NO_STORE, pipeHeaders } from "~/platform/http/page-answer";
import { privateMeta } from "~/features/site/seo";

export const meta: MetaFunction = () => privateMeta("Edit Listing");

export const headers = pipeHeaders;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const { env } = context.cloudflare;
  const listingId = params.modelId ?? "";
  const [profile, watermarks, photoChecks] = await Promise.all([
    loadEditableProfile(env, user, listingId),
    imagesDrawOverlays(env.IMAGES),
    // Read beside the listing; nothing of it is sent unless the listing is this user's.
    loadListingPhotoChecks(env, listingId),
  ]);
  if (!profile) throw data(null, { status: 404, headers: NO_STORE });
  // The photos waiting for a check or refused at their last, and the clock their tiles judge a check's age by (one for server and browser).
  const ids = (keep: (p: (typeof photoChecks)[number]) => boolean) => photoChecks.filter(keep).map((p) => p.imageId);
  const checks = { pending: ids((p) => p.pending), refused: ids((p) => p.refusal != null), now: Date.now() };
  // The user id keys this browser's unsaved draft, so two accounts on one browser never see each other's.
  return data({ profile, userId: user.id, watermarks, checks }, { headers: NO_STORE });
}

export default function EditListing() {
  const { profile, userId, watermarks, checks } = useLoaderData<typeof loader>();
  return (
    <>
      <EditorNoScript />
      <ListingEditor mode="edit" profile={profile} userId={userId} watermarks={watermarks} checks={checks} />
    </>
  );
}
