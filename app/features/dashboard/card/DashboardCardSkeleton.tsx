// The dashboard card's placeholder while the dashboard's rows load: the same shape, nothing to read.
/** The three Monthly Performance tiles, as placeholders. */
const TILE_KEYS = ["views", "likes", "contacts"];

export function DashboardCardSkeleton() {
  return (
    <div
      className="overflow-hidden rounded-xl border border-line bg-panel"
      aria-hidden="true"
      data-testid="dashboard-skeleton-card"
    >
      <div className="flex gap-4 p-4">
        <div className="skeleton aspect-[3/4] w-24 shrink-0 rounded-lg sm:w-28" />
        <div className="flex-1 space-y-3 pt-1">
          <div className="skeleton h-5 w-16 rounded-full" />
          <div className="skeleton h-6 w-3/5 rounded" />
          <div className="skeleton h-4 w-4/5 rounded" />
        </div>
      </div>
      <div className="space-y-4 px-4 pb-4">
        <div className="skeleton h-11 w-3/5 rounded-lg" />
        <div className="skeleton h-11 w-2/5 rounded-lg" />
        <div className="skeleton h-11 rounded-lg" />
        <div className="grid grid-cols-3 gap-2">
          {TILE_KEYS.map((key) => (
            <div key={key} className="skeleton h-16 rounded-lg" />
          ))}
        </div>
      </div>
    </div>
  );
}
