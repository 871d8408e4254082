// Likes and favourites live in the browser (spec §3): 'profileLikes' in local storage, 'heartedModels' in
// session storage. Their hearts show them only once the cards' code runs, so a page wakes that code at once
// for a visitor who has saved any (app/ui/island.tsx).
export const LIKES_KEY = "profileLikes";
export const FAVOURITES_KEY = "heartedModels";

/** Whether this browser has liked or favourited a listing. */
export function hasSavedHearts(): boolean {
  try {
    const liked = localStorage.getItem(LIKES_KEY);
    const favourites = sessionStorage.getItem(FAVOURITES_KEY);
    return (liked != null && liked !== "{}") || (favourites != null && favourites !== "[]");
  } catch {
    return false;
  }
}
