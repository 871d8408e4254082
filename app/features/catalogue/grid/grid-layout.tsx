// What a card grid is laid out with, apart from the cards' own code: the grid pages show it before that code
// is in (app/ui/island.tsx), and their skeletons while loading.

export function SkeletonCard() {
  return (
    <div
      className="overflow-hidden rounded-xl border border-line bg-panel"
      aria-hidden="true"
      data-testid="skeleton-card"
    >
      <div className="skeleton aspect-[3/4] w-full" />
      <div className="space-y-2 p-3">
        <div className="skeleton h-5 w-2/3 rounded" />
        <div className="skeleton h-10 w-full rounded" />
        <div className="skeleton h-4 w-1/2 rounded" />
        <div className="skeleton h-4 w-1/3 rounded" />
      </div>
    </div>
  );
}

/** Skeleton cards while a public grid loads (spec public §2: 6; the administrators' grid shows 8). */
export const SKELETONS = 6;

/** Cards in the first row of the widest grid (lg:grid-cols-4); on a phone that is its first two rows, still above the fold. */
export const FIRST_ROW = 4;

export const GRID_CLASSES = "grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4";
