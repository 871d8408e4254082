import { useLocation, useNavigation, useRevalidator } from "@remix-run/react";
import { useRef } from "react";
import { pageShouldRefresh } from "~/platform/realtime/protocol";
import type { ListingsView } from "./listings-view";
import { GRID_CLASSES } from "./grid/grid-layout";
import { CardList, FilterBar } from "./grid/LazyGridParts";
import { ListingGrid } from "./ListingGrid";
import { useProfileUpdates } from "~/features/site/Realtime";
import { RegionSelector } from "./RegionSelector";

const REVALIDATE_DEBOUNCE_MS = 300;

/**
 * A region's intro: two lines on a phone, the rest a tap away, so the first cards are not a screen down;
 * whole from 640 px up. A <details>, so it opens without JavaScript.
 */
function RegionIntro({ text }: { text: string }) {
  return (
    <details className="group max-w-3xl text-sm text-muted sm:text-base" data-testid="region-intro">
      <summary className="cursor-pointer list-none sm:cursor-auto">
        <span className="line-clamp-2 group-open:line-clamp-none sm:line-clamp-none">{text}</span>
        <span className="text-accent group-open:hidden sm:hidden">More</span>
      </summary>
    </details>
  );
}

/** Home and region screens: heading, intro, region selector, filters, near-you and the grid. */
export function ListingsScreen({ view, heading, intro }: { view: ListingsView; heading: string; intro?: string }) {
  const location = useLocation();
  const navigation = useNavigation();
  const { search } = view;
  const revalidator = useRevalidator();
  const pending = useRef<number | undefined>(undefined);
  // The cards on screen (scrolled-in pages too, reported by the grid) and the near-you row.
  const shownIds = useRef<Set<string>>(new Set());
  // A change to a listing on screen, or one newly public in this region, refreshes the view (bursts
  // coalesced); changes elsewhere do not make every open page reload.
  useProfileUpdates((event) => {
    const ids = new Set([...shownIds.current, ...view.nearYou.map((c) => c.modelId)]);
    if (!pageShouldRefresh(event, { ids, region: view.region })) return;
    window.clearTimeout(pending.current);
    pending.current = window.setTimeout(() => revalidator.revalidate(), REVALIDATE_DEBOUNCE_MS);
  });
  // Skeletons while moving to another grid view (region or filters), not for other navigations.
  const loadingGrid =
    navigation.state === "loading" &&
    (navigation.location.pathname === "/" || navigation.location.pathname.startsWith("/locations/")) &&
    navigation.location.pathname + navigation.location.search !== location.pathname + location.search;
  return (
    <div className="mx-auto max-w-7xl space-y-3 px-3 py-4 sm:space-y-5 sm:px-6 sm:py-5">
      <header className="space-y-1 sm:space-y-2">
        <h1 className="text-2xl font-bold sm:text-3xl">{heading}</h1>
        {intro ? <RegionIntro text={intro} /> : null}
      </header>
      <RegionSelector current={view.region} counts={view.counts} total={view.total} search={search} />
      <FilterBar
        filters={view.filters}
        options={view.options}
        pathname={location.pathname}
        count={view.filteredCount}
      />
      {view.nearYou.length > 0 ? (
        <section aria-labelledby="near-heading" className="space-y-3">
          <h2 id="near-heading" className="text-xl font-semibold">
            Escorts Near You
          </h2>
          <div className={GRID_CLASSES} data-testid="near-you">
            <CardList cards={view.nearYou} now={view.now} firstRowFirst />
          </div>
        </section>
      ) : null}
      <section aria-labelledby="featured-heading" className="space-y-3">
        <h2 id="featured-heading" className="text-xl font-semibold">
          Featured Girls
        </h2>
        <ListingGrid
          first={view.grid}
          now={view.now}
          search={search}
          region={view.region}
          pathname={location.pathname}
          emptyMessage={view.emptyMessage}
          loadFailed={view.loadFailed}
          shownIds={shownIds}
          loading={loadingGrid}
          admin={view.admin}
          // Near-you cards, when shown, are the page's first row.
          firstRowFirst={view.nearYou.length === 0}
        />
      </section>
    </div>
  );
}
