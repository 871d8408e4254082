// The names suggested for what is typed in the header's search box.
import { useCallback, useEffect, useReducer } from "react";
import type { SetStateAction } from "react";
import { useJsonFetch } from "~/ui/useJsonFetch";
import { highlightAfterAnswer, SUGGEST_DEBOUNCE_MS } from "./suggestions";
import type { Suggestion } from "./suggestions";

/** The suggestions shown, the text they answer, and the highlighted one (-1: the text itself). */
type Shown = { answers: string; suggestions: Suggestion[]; active: number };

type Change =
  | { type: "answer"; q: string; suggestions: Suggestion[] }
  | { type: "failed"; q: string }
  | { type: "highlight"; to: SetStateAction<number> };

function shownAfter(shown: Shown, change: Change): Shown {
  switch (change.type) {
    case "answer":
      return {
        answers: change.q,
        suggestions: change.suggestions,
        active: highlightAfterAnswer(shown.suggestions, shown.active, change.suggestions),
      };
    case "failed":
      // The list stays as it was (the box is still a search form); it is no longer waiting for anything.
      return { ...shown, answers: change.q };
    case "highlight":
      return { ...shown, active: typeof change.to === "function" ? change.to(shown.active) : change.to };
  }
}

const NOTHING: Shown = { answers: "", suggestions: [], active: -1 };

/**
 * The suggestions for `text` and the highlighted one. `busy` while what is shown answers other text than the box
 * holds (typing on, the lookup on its way): a list that is still changing, which the listbox says (aria-busy).
 */
export function useSuggestions(text: string) {
  const q = text.trim();
  const [shown, change] = useReducer(shownAfter, NOTHING);
  const { load } = useJsonFetch<{ suggestions: Suggestion[] }>();

  // Debounced lookup of what is typed; a newer lookup aborts the older (useJsonFetch).
  useEffect(() => {
    if (!q) {
      change({ type: "answer", q, suggestions: [] });
      return;
    }
    const timer = window.setTimeout(() => {
      void load(`/api/search/suggest?q=${encodeURIComponent(q)}`).then((result) => {
        if (result.ok) change({ type: "answer", q, suggestions: result.data.suggestions });
        else if (!("aborted" in result)) change({ type: "failed", q });
      });
    }, SUGGEST_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [q, load]);

  const setActive = useCallback((to: SetStateAction<number>) => change({ type: "highlight", to }), []);
  return { suggestions: shown.suggestions, active: shown.active, setActive, busy: shown.answers !== q };
}
