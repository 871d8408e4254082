// The grid pages' parts that run from the visitor's first input (docs/decisions/0042-islands-woken-by-input.md):
// until then the server's HTML shows them, and their links and forms work as plain HTML.
import { island } from "~/ui/island";
import { hasSavedHearts } from "~/features/likes/saved-hearts";
import { CardList as EagerCardList } from "./CardList";
import { FilterBar as EagerFilterBar } from "../FilterBar";
import { SKELETONS, SkeletonCard } from "./grid-layout";

/**
 * The cards (the card, its like and favourite buttons). At once for the administrators' grid, and for a
 * visitor whose saved likes or favourites the hearts must show.
 */
export const CardList = island(
  import.meta.env.SSR ? EagerCardList : null,
  () => import("./CardList").then((m) => m.CardList),
  {
    wakeNow: ({ admin }) => Boolean(admin) || hasSavedHearts(),
    fallback: Array.from({ length: SKELETONS }, (_, i) => <SkeletonCard key={i} />),
  },
);

/** The 'Refine' bar: links and a <details>, whose clicks wait for its code (held, then given again). */
export const FilterBar = island(import.meta.env.SSR ? EagerFilterBar : null, () =>
  import("../FilterBar").then((m) => m.FilterBar),
);
