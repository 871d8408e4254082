import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, useFetcher, useLoaderData, useRouteError } from "@remix-run/react";
import { isbot } from "isbot";
import { useEffect, useState } from "react";
import { ReportLink } from "~/components/admin/ReportLink";
import { FavouriteButton } from "~/components/FavouriteButton";
import { LikeButton } from "~/components/LikeButton";
import { GRID_CLASSES, ListingCard } from "~/components/ListingCard";
import { ProfileView } from "~/components/profile/ProfileView";
import { useProfileUpdates } from "~/components/Realtime";
import { PRIVATE_NO_STORE } from "~/lib/cache-headers";
import { isId } from "~/lib/ids";
import { primaryImage, type Profile } from "~/lib/profile";
import { originOf, pageTitle, seoMeta } from "~/lib/seo";
import { getSessionUser } from "~/server/auth.server";
import { countLikes } from "~/server/likes.server";
import { loadPublicProfile, loadSuggestions } from "~/server/profile.server";
import { recordView } from "~/server/stats.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: pageTitle("Profile not found") }, { name: "robots", content: "noindex" }];
  const p = data.profile;
  const cover = primaryImage(p.images);
  const tags = seoMeta({
    title: `${p.firstName}${p.location ? `, ${p.location}` : ""}`,
    description: p.tagLine || `${p.firstName} in ${p.location}.`,
    path: `/view/${p.modelId}`,
    origin: data.origin,
    type: "profile",
    image: cover ? { url: cover.url, alt: `Photo of ${p.firstName}`, width: cover.width, height: cover.height } : undefined,
  });
  // Only an owner or administrator ever sees a hidden listing: keep it out of any index.
  return p.live ? tags : [...tags, { name: "robots", content: "noindex" }];
};

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { env, ctx } = context.cloudflare;
  const modelId = params.modelId ?? "";
  if (!isId(modelId)) throw data("Model not found", { status: 404 });
  const viewer = await getSessionUser(request, env);
  const profile = await loadPublicProfile(env, ctx, modelId, viewer ? { id: viewer.id, isAdmin: viewer.isAdmin } : null);
  if (!profile) throw data("Model not found", { status: 404 });
  const [suggestions, likes] = await Promise.all([loadSuggestions(env, profile), countLikes(env, modelId)]);
  // One view per page load by a person: crawlers and the owner's own visits are not counted.
  if (profile.live && !isbot(request.headers.get("User-Agent") ?? "") && !viewer) {
    ctx.waitUntil(recordView(env, modelId).catch((e) => console.error("Failed to record view", e)));
  }
  // A hidden listing is shown only to its owner or an administrator: never to a shared cache.
  return data({ profile, suggestions, likes, now: Date.now(), origin: originOf(request.url) }, { headers: profile.live ? {} : PRIVATE_NO_STORE });
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function ViewProfile() {
  const loaded = useLoaderData<typeof loader>();
  const [profile, setProfile] = useState<Profile>(loaded.profile);
  const [likes, setLikes] = useState(loaded.likes);
  const fresh = useFetcher<Profile & { likes: number }>();
  useEffect(() => {
    setProfile(loaded.profile);
    setLikes(loaded.likes);
  }, [loaded]);
  // A realtime change to this listing reloads its JSON, not the page loader, so it is not counted as a view.
  useProfileUpdates((modelId) => {
    if (modelId === profile.modelId) fresh.load(`/api/model/${modelId}`);
  });
  useEffect(() => {
    if (fresh.data && fresh.state === "idle" && "modelId" in fresh.data) {
      const { likes: count, ...next } = fresh.data;
      setProfile(next);
      setLikes(count);
    }
  }, [fresh.data, fresh.state]);

  return (
    <div className="mx-auto max-w-7xl space-y-10 px-3 py-5 sm:px-6">
      <ProfileView
        profile={profile}
        actions={
          <div className="flex gap-2">
            <LikeButton modelId={profile.modelId} name={profile.firstName} likes={likes} />
            <FavouriteButton modelId={profile.modelId} name={profile.firstName} />
            {profile.live ? <ReportLink modelId={profile.modelId} name={profile.firstName} /> : null}
          </div>
        }
      />
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
  const message = isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : "Model not found";
  return (
    <div className="mx-auto max-w-xl space-y-4 px-4 py-16 text-center" data-testid="profile-error">
      <p className="text-lg">Error loading profile: {message}</p>
      <a href="/" className="inline-flex min-h-11 items-center rounded-lg bg-accent px-4 font-semibold text-ink">
        Back to all listings
      </a>
    </div>
  );
}
