import type { MetaFunction } from "@remix-run/cloudflare";
import { useCallback, useEffect, useState } from "react";
import { GRID_CLASSES, ListingCard, SkeletonCard } from "~/features/catalogue/ListingCard";
import { useProfileUpdates } from "~/features/site/Realtime";
import { useFavourites } from "~/features/likes/useFavourites";
import type { ListingCardData } from "~/core/listing-card";
import { pageTitle } from "~/features/site/seo";
import { NOINDEX } from "~/platform/http/page-answer";
import { ListErrorBoundary, LoadFailed } from "~/ui/LoadFailed";
import { useJsonFetch } from "~/ui/useJsonFetch";
import { HeartIcon } from "~/ui/icons";

type FavouriteCards = { cards: ListingCardData[]; now: number };

export const meta: MetaFunction = () => [
  { title: pageTitle("Favourites") },
  { name: "description", content: "The listings you saved in this browser tab." },
  NOINDEX,
];

/** Favourites live in this tab's session storage, so the list is fetched from the browser. */
export default function Favourites() {
  const { favourites } = useFavourites();
  const { load, failure } = useJsonFetch<FavouriteCards>();
  const [loaded, setLoaded] = useState<FavouriteCards | null>(null);
  const key = favourites.join(",");
  const reload = useCallback(async () => {
    const result = await load(`/api/cards?ids=${key}`);
    if (result.ok) setLoaded(result.data);
  }, [key, load]);
  useEffect(() => {
    if (key) void reload();
  }, [key, reload]);
  useProfileUpdates(({ modelId: listingId }) => {
    if (favourites.includes(listingId)) void reload();
  });

  const cards = (loaded?.cards ?? []).filter((c) => favourites.includes(c.modelId));
  const loading = Boolean(key) && !loaded && !failure;
  return (
    <div className="mx-auto max-w-7xl space-y-5 px-3 py-5 sm:px-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold sm:text-3xl">Favourites</h1>
        <p className="text-muted">Reach out to one of your favorites from today's search.</p>
      </header>
      {failure && !loaded ? (
        <LoadFailed message="Your favourites could not be loaded just now." onRetry={() => void reload()} />
      ) : loading ? (
        <div className={GRID_CLASSES} aria-busy="true">
          {Array.from({ length: Math.min(favourites.length, 6) }, (_, i) => (
            <SkeletonCard key={i} />
          ))}
        </div>
      ) : cards.length === 0 ? (
        <div
          className="space-y-2 rounded-xl border border-line bg-panel p-6 text-center"
          data-testid="favourites-empty"
        >
          <p className="text-muted">No favorite models yet</p>
          <p className="text-sm">
            Tap the <HeartIcon className="inline h-4 w-4 align-text-bottom text-rose-400" /> heart on a listing to keep
            it here. Favourites stay in this tab until you close it.
          </p>
        </div>
      ) : (
        <div className={GRID_CLASSES} data-testid="favourites-grid">
          {cards.map((card) => (
            <ListingCard key={card.modelId} card={card} now={loaded!.now} />
          ))}
        </div>
      )}
    </div>
  );
}

export const ErrorBoundary = () => <ListErrorBoundary heading="Favourites" what="Your favourites" />;
