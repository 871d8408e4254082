import { useFavourites } from "./useFavourites";

function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" fill={filled ? "currentColor" : "none"} stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
      <path d="m12 3 2.7 5.6 6.1.8-4.5 4.2 1.1 6.1L12 16.8l-5.4 2.9 1.1-6.1-4.5-4.2 6.1-.8z" />
    </svg>
  );
}

/** Adds or removes the listing from this tab's favourites; the header heart follows at once. */
export function FavouriteButton({ modelId, name, compact }: { modelId: string; name: string; compact?: boolean }) {
  const { favourites, toggle } = useFavourites();
  const saved = favourites.includes(modelId);
  return (
    <button
      type="button"
      onClick={() => toggle(modelId)}
      aria-pressed={saved}
      aria-label={compact ? (saved ? `Remove ${name} from favourites` : `Add ${name} to favourites`) : undefined}
      data-testid="favourite-button"
      className={`inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-full ${
        compact ? "bg-black/60 px-2" : "border border-line px-3 text-sm"
      } ${saved ? "text-accent" : "text-white"}`}
    >
      <StarIcon filled={saved} />
      {compact ? null : (
        <>
          <span>{saved ? "Saved" : "Favourite"}</span>
          <span className="sr-only"> {name}</span>
        </>
      )}
    </button>
  );
}
