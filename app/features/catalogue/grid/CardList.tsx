import type { ListingCardData } from "~/core/listing-card";
import { ListingCard } from "../ListingCard";
import { FIRST_ROW } from "./grid-layout";

type Props = {
  cards: ListingCardData[];
  now: number;
  /** These cards start the page's first row of cards (false when other cards are above them). */
  firstRowFirst: boolean;
  admin?: boolean;
};

/** A grid's cards, the first row's photos loading first. */
export function CardList({ cards, now, firstRowFirst, admin }: Props) {
  return cards.map((card, i) => (
    <ListingCard key={card.modelId} card={card} now={now} firstRow={firstRowFirst && i < FIRST_ROW} admin={admin} />
  ));
}
