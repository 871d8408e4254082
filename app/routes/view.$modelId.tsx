import { data } from "@remix-run/cloudflare";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, useLoaderData, useRevalidator, useRouteError } from "@remix-run/react";
import { useEffect, useState } from "react";
import { ReportLink } from "~/features/moderation/ReportLink";
import { TakedownLink } from "~/features/takedowns/TakedownLink";
import { FavouriteButton } from "~/features/likes/FavouriteButton";
import { LikeButton } from "~/features/likes/LikeButton";
import { listingAnchor } from "~/core/listing-card";
import { GRID_CLASSES, ListingCard } from "~/features/catalogue/ListingCard";
import { ProfileView } from "~/features/profile/ProfileView";
import { HiddenNotice } from "~/features/listings/HiddenNotice";
import { hiddenSteps } from "~/features/listings/owner-steps";
import { loadHiddenState } from "~/features/listings/own-listing.server";
import { reportPhotoOpen } from "~/features/insights/beacon";
import { useProfileUpdates } from "~/features/site/Realtime";
import { useJsonFetch } from "~/ui/useJsonFetch";
import { isId } from "~/platform/data/ids";
import { ERROR_MSG } from "~/features/site/messages";
import { primaryImage } from "~/core/profile";
import type { Profile } from "~/core/profile";
import { originOf, privateMeta, seoMeta } from "~/features/site/seo";
import { getSessionUser } from "~/features/accounts/auth.server";
import { countLikes } from "~/features/likes/likes.server";
import { loadPublicProfile } from "~/features/profile/profile.server";
import { loadSuggestions } from "~/features/catalogue/profile-suggestions.server";
import { countEvents } from "~/features/insights/count-queue.server";
import { NOINDEX, PARTIAL_NO_STORE, PRIVATE_NO_STORE, pipeHeaders } from "~/platform/http/page-answer";

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return privateMeta("Profile not found");
  const p = data.profile;
  const cover = primaryImage(p.images);
  const tags = seoMeta({
    title: `${p.firstName}${p.location ? `, ${p.location}` : ""}`,
    description: p.tagLine || `${p.firstName} in ${p.location}.`,
    path: `/view/${p.modelId}`,
    origin: data.origin,
    type: "profile",
    image: cover
      ? { url: cover.url, alt: `Photo of ${p.firstName}`, width: cover.width, height: cover.height }
      : undefined,
  });
  // Only an owner or administrator ever sees a hidden listing: keep it out of any index.
  return p.live ? tags : [...tags, NOINDEX];
};

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { env, ctx } = context.cloudflare;
  const listingId = params.modelId ?? "";
  if (!isId(listingId)) throw data(ERROR_MSG.modelNotFound, { status: 404 });
  const viewer = await getSessionUser(request, env, context);
  const profile = await loadPublicProfile(
    env,
    ctx,
    listingId,
    viewer ? { id: viewer.id, isAdmin: viewer.isAdmin } : null,
  );
  if (!profile) throw data(ERROR_MSG.modelNotFound, { status: 404 });
  // The profile is what the visitor came for: a failed suggestion list or like count is logged and left out.
  let incomplete = false;
  const [suggestions, likes] = await Promise.all([
    loadSuggestions(env, profile).catch((error: unknown) => {
      incomplete = true;
      console.error("profile: suggestions failed to load", error);
      return [];
    }),
    countLikes(env, listingId).catch((error: unknown) => {
      incomplete = true;
      console.error("profile: like count failed to load", error);
      return 0;
    }),
  ]);
  // A hidden profile opens only for its owner or an administrator: say so, and what it waits for.
  const hidden = profile.live || !viewer ? null : await hiddenNotice(env, listingId, viewer);
  // One view per page load by a person: crawlers and the owner's own visits are not counted.
  // Once per visitor (client address) per listing per day, through the count queue (decision 0024).
  // Remix's request has no `cf`: the visitor's region comes from the context (regions.ts).
  if (profile.live && !viewer) {
    countEvents(env, ctx, request, [{ kind: "view", listing: listingId }], context.cloudflare.cf);
  }
  // A hidden listing is shown only to its owner or an administrator: never to a shared cache.
  return data(
    { profile, suggestions, likes, hidden, now: Date.now(), origin: originOf(request.url) },
    { headers: !profile.live ? PRIVATE_NO_STORE : incomplete ? PARTIAL_NO_STORE : {} },
  );
}

/** The owner's steps for their hidden listing, else (an administrator) the same without the links. */
async function hiddenNotice(env: Env, listingId: string, viewer: { id: string; isAdmin: boolean }) {
  const own = await loadHiddenState(env, listingId, viewer.id);
  if (own) return { owner: true, steps: hiddenSteps(own) };
  const any = viewer.isAdmin ? await loadHiddenState(env, listingId, null) : null;
  return any ? { owner: false, steps: hiddenSteps(any) } : null;
}

export const headers = pipeHeaders;

export default function ViewProfile() {
  const loaded = useLoaderData<typeof loader>();
  const [profile, setProfile] = useState<Profile>(loaded.profile);
  const [likes, setLikes] = useState(loaded.likes);
  const fresh = useJsonFetch<Profile & { likes: number }>();
  const revalidator = useRevalidator();
  useEffect(() => {
    setProfile(loaded.profile);
    setLikes(loaded.likes);
  }, [loaded]);
  // A realtime change to this listing reloads its JSON, not the page loader, so it is not counted as a view.
  // Hidden meanwhile (404): the loader runs again and says so. Any other failure keeps what is shown.
  useProfileUpdates(({ modelId: listingId }) => {
    if (listingId !== profile.modelId) return;
    void fresh.load(`/api/model/${listingId}`).then((result) => {
      if (result.ok) {
        const { likes: count, ...next } = result.data;
        setProfile(next);
        setLikes(count);
      } else if ("failure" in result && result.failure.status === 404) {
        revalidator.revalidate();
      }
    });
  });

  return (
    <div className="mx-auto max-w-7xl space-y-10 px-3 py-5 sm:px-6">
      <div className="space-y-4">
        {loaded.hidden && !profile.live ? (
          <HiddenNotice steps={loaded.hidden.steps} owner={loaded.hidden.owner} />
        ) : null}
        <ProfileView
          profile={profile}
          now={loaded.now}
          onPhotoOpen={reportPhotoOpen}
          actions={
            // The anchor a like posted without JavaScript comes back to (likes.ts: afterFormLike).
            <div id={listingAnchor(profile.modelId)} className="flex scroll-mt-4 gap-2">
              <LikeButton listingId={profile.modelId} name={profile.firstName} likes={likes} />
              <FavouriteButton listingId={profile.modelId} name={profile.firstName} />
              {profile.live ? <ReportLink listingId={profile.modelId} name={profile.firstName} /> : null}
            </div>
          }
        />
        {profile.live ? <TakedownLink listingId={profile.modelId} /> : null}
      </div>
      {loaded.suggestions.length ? (
        <section aria-labelledby="suggestions-heading" className="space-y-3">
          <h2 id="suggestions-heading" className="text-xl font-semibold">
            You Might Also Like
          </h2>
          <div className={GRID_CLASSES} data-testid="suggestions">
            {loaded.suggestions.map((card) => (
              <ListingCard key={card.modelId} card={card} now={loaded.now} />
            ))}
          </div>
        </section>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : ERROR_MSG.modelNotFound;
  return (
    <div className="mx-auto max-w-xl space-y-4 px-4 py-16 text-center" data-testid="profile-error">
      <p className="text-lg">Error loading profile: {message}</p>
      <a href="/" className="inline-flex min-h-11 items-center rounded-lg bg-accent px-4 font-semibold text-ink">
        Back to all listings
      </a>
    </div>
  );
}
