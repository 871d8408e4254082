// The names suggested for what is typed in the header's search box.
import { useEffect, useState } from "react";
import { useJsonFetch } from "~/ui/useJsonFetch";
import { SUGGEST_DEBOUNCE_MS } from "./suggestions";
import type { Suggestion } from "./suggestions";

/** The suggestions for `text`: a new array with each answer (the combobox then clears its highlight). */
export function useSuggestions(text: string): Suggestion[] {
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const { load } = useJsonFetch<{ suggestions: Suggestion[] }>();

  // Debounced lookup of what is typed; a newer lookup aborts the older (useJsonFetch).
  useEffect(() => {
    const q = text.trim();
    if (!q) {
      setSuggestions([]);
      return;
    }
    const timer = window.setTimeout(() => {
      void load(`/api/search/suggest?q=${encodeURIComponent(q)}`).then((result) => {
        if (!result.ok) return;
        setSuggestions(result.data.suggestions);
      });
    }, SUGGEST_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, load]);
  return suggestions;
}
