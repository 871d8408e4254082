// The header's name suggestions (issue: 'Find by name' suggests as you type). The ranking is the search
// page's own (spec §5, app/features/search/search.ts); this holds what a suggestion shows (the keys are
// app/ui/useCombobox.ts's).

export const MAX_SUGGESTIONS = 5;
/** Typing pauses this long before a lookup, so a fast typist costs one request, not one per key. */
export const SUGGEST_DEBOUNCE_MS = 200;

export type Suggestion = {
  listingId: string;
  firstName: string;
  age: number | null;
  location: string;
  photoUrl: string | null;
};

/** Where a suggestion leads: the spec's /profile/{id}, which redirects to the public profile. */
export function suggestionHref(listingId: string): string {
  return `/profile/${encodeURIComponent(listingId)}`;
}
