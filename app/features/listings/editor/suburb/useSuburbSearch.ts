// The suburb field's search (spec §5): the typed text, the suburbs it matches by case-insensitive
// substring 250 ms after typing stops, and which of them the arrow keys have highlighted.
import { useEffect, useMemo, useState } from "react";

export const SUBURB_SEARCH_DELAY_MS = 250;

export function filterSuburbs(list: readonly string[], query: string): string[] {
  const q = query.trim().toLowerCase();
  return q ? list.filter((s) => s.toLowerCase().includes(q)) : [...list];
}

export function useSuburbSearch(list: readonly string[], value: string) {
  const [query, setQuery] = useState(value);
  // The shown text follows the value when it changes from outside (region change clears it, Cancel resets):
  // adjusted during render, so the old text never flashes.
  const [lastValue, setLastValue] = useState(value);
  if (value !== lastValue) {
    setLastValue(value);
    setQuery(value);
  }
  // The highlighted option goes back to the first whenever the filter changes, in the same update.
  const [search, setSearch] = useState({ filter: "", active: 0 });
  const { filter, active } = search;
  const setActive = (update: (i: number) => number) => setSearch((s) => ({ ...s, active: update(s.active) }));

  useEffect(() => {
    const t = window.setTimeout(() => {
      const next = query === value ? "" : query;
      setSearch((s) => (s.filter === next ? s : { filter: next, active: 0 }));
    }, SUBURB_SEARCH_DELAY_MS);
    return () => window.clearTimeout(t);
  }, [query, value]);
  const matches = useMemo(() => filterSuburbs(list, filter), [list, filter]);
  return { query, setQuery, matches, active, setActive };
}
