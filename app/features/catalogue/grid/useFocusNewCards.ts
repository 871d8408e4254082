// 'More listings' and the keyboard (WCAG 2.4.3, Focus Order): a page of cards that arrives while the focus is on
// the link, because it was pressed or because endless scroll ran as Tab reached it, takes the focus to its
// first card's link, the usual way of a 'load more'. Left where it was, the focus would sit on a link below
// cards the visitor has not read, or fall to the page when the last page takes the link away.
import { useCallback, useEffect, useRef } from "react";
import type { ListingCardData } from "~/core/listing-card";
import { listingAnchor } from "~/core/listing-card";

/** Marks the 'More listings' link (GridPager.tsx). */
export const MORE_LINK_ATTRIBUTE = "data-grid-more";

/**
 * `cards`: the cards held; `shown`: those the list has put on the screen (it is an island, CardList.tsx).
 * Answers what to call with a page's cards just before they are added.
 */
export function useFocusNewCards(cards: ListingCardData[], shown: ListingCardData[] | null) {
  const held = useRef(cards);
  held.current = cards;
  const target = useRef<string | null>(null);

  const beforeAdding = useCallback((incoming: ListingCardData[]) => {
    const onMoreLink = document.activeElement?.hasAttribute(MORE_LINK_ATTRIBUTE) === true;
    const had = new Set(held.current.map((c) => c.modelId));
    target.current = onMoreLink ? (incoming.find((c) => !had.has(c.modelId))?.modelId ?? null) : null;
  }, []);

  useEffect(() => {
    const id = target.current;
    if (!id || !shown?.some((c) => c.modelId === id)) return;
    target.current = null;
    document.getElementById(listingAnchor(id))?.querySelector<HTMLElement>("a.card-link")?.focus();
  }, [shown]);

  return beforeAdding;
}
