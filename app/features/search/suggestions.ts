// The header's name suggestions (issue: 'Find by name' suggests as you type). The ranking is the search
// page's own (spec §5, app/features/search/search.ts); this holds what a suggestion shows and the keyboard rules.

export const MAX_SUGGESTIONS = 5;
/** Typing pauses this long before a lookup, so a fast typist costs one request, not one per key. */
export const SUGGEST_DEBOUNCE_MS = 200;

export type Suggestion = {
  modelId: string;
  firstName: string;
  age: number | null;
  location: string;
  photoUrl: string | null;
};

/** Where a suggestion leads: the spec's /profile/{id}, which redirects to the public profile. */
export function suggestionHref(listingId: string): string {
  return `/profile/${encodeURIComponent(listingId)}`;
}

/**
 * The highlighted option after an arrow key: ArrowDown from the text goes to the first, past the last back
 * to the text (-1); ArrowUp the other way round. `count` 0 keeps the text.
 */
export function moveHighlight(current: number, key: "ArrowDown" | "ArrowUp", count: number): number {
  if (count <= 0) return -1;
  if (key === "ArrowDown") return current >= count - 1 ? -1 : current + 1;
  return current <= -1 ? count - 1 : current - 1;
}

/**
 * The highlight once a new answer replaces the list: on the same listing if it is still suggested, else on the
 * text (-1). An answer for more of the name often still holds the one the visitor moved to.
 */
export function highlightAfterAnswer(shown: Suggestion[], active: number, next: Suggestion[]): number {
  const kept = shown[active]?.modelId;
  return kept === undefined ? -1 : next.findIndex((s) => s.modelId === kept);
}
