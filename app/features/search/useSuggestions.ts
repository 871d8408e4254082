// The names suggested for what is typed in the header's search box.
import { useEffect, useState } from "react";
import { useJsonFetch } from "~/ui/useJsonFetch";
import { SUGGEST_DEBOUNCE_MS } from "./suggestions";
import type { Suggestion } from "./suggestions";

/**
 * The suggestions for `text` (a new array with each answer), and whether they are `busy`: they answer other
 * text than the box holds (typing on, or the lookup on its way), so the list may still change; the listbox
 * says so (aria-busy). A pause in the typing sends a lookup for part of the name, and its answer shows until
 * the answer for the whole arrives.
 */
export function useSuggestions(text: string): { suggestions: Suggestion[]; busy: boolean } {
  const q = text.trim();
  const [shown, setShown] = useState<{ answers: string; suggestions: Suggestion[] }>({ answers: "", suggestions: [] });
  const { load } = useJsonFetch<{ suggestions: Suggestion[] }>();

  // Debounced lookup of what is typed; a newer lookup aborts the older (useJsonFetch).
  useEffect(() => {
    if (!q) {
      setShown({ answers: q, suggestions: [] });
      return;
    }
    const timer = window.setTimeout(() => {
      void load(`/api/search/suggest?q=${encodeURIComponent(q)}`).then((result) => {
        if (result.ok) setShown({ answers: q, suggestions: result.data.suggestions });
        // A failed lookup leaves the list as it was (the box is still a search form); nothing is on its way.
        else if (!("aborted" in result)) setShown((before) => ({ ...before, answers: q }));
      });
    }, SUGGEST_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [q, load]);
  return { suggestions: shown.suggestions, busy: shown.answers !== q };
}
