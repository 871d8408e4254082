import { useEffect } from "react";
import type { ListingCardData } from "~/core/listing-card";
import { ListingCard } from "../ListingCard";
import { FIRST_ROW } from "./grid-layout";

type Props = {
  cards: ListingCardData[];
  now: number;
  /** These cards start the page's first row of cards (false when other cards are above them). */
  firstRowFirst: boolean;
  admin?: boolean;
  /**
   * Told which cards are on the screen once they are (after each render that put them there). The list is an
   * island (LazyGridParts.tsx): cards given to it before its code is in show only once it is live.
   */
  onShown?: (cards: ListingCardData[]) => void;
};

/** A grid's cards, the first row's photos loading first. */
export function CardList({ cards, now, firstRowFirst, admin, onShown }: Props) {
  useEffect(() => onShown?.(cards), [cards, onShown]);
  return cards.map((card, i) => (
    <ListingCard key={card.modelId} card={card} now={now} firstRow={firstRowFirst && i < FIRST_ROW} admin={admin} />
  ));
}
