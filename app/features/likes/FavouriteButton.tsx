import { HeartIcon } from "~/ui/icons";
import { useFavourites } from "./useFavourites";

/**
 * Adds or removes the listing from this tab's favourites; the header heart follows at once. A heart, as the
 * header's link to Favourites is (spec: 'a heart link to /favorites'); a like is a thumb (LikeButton). Favourites live
 * in the browser (design: per browser session), so without JavaScript there is nothing it could do and it
 * is hidden (.js-only).
 */
export function FavouriteButton({ listingId, name, compact }: { listingId: string; name: string; compact?: boolean }) {
  const { favourites, toggle } = useFavourites();
  const saved = favourites.includes(listingId);
  return (
    <button
      type="button"
      onClick={() => toggle(listingId)}
      aria-pressed={saved}
      aria-label={compact ? (saved ? `Remove ${name} from favourites` : `Add ${name} to favourites`) : undefined}
      data-testid="favourite-button"
      className={`js-only toggle-btn ${compact ? "on-photo" : "border border-line px-3 text-sm"} ${saved ? "text-rose-400" : "text-white"}`}
    >
      <HeartIcon filled={saved} className="h-5 w-5" />
      {compact ? null : (
        <>
          <span>{saved ? "Saved" : "Favourite"}</span>
          <span className="sr-only"> {name}</span>
        </>
      )}
    </button>
  );
}
