// The suburb field's search (spec §5): the typed text, and the suburbs it matches by case-insensitive
// substring 250 ms after typing stops.
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
  const [filter, setFilter] = useState("");

  useEffect(() => {
    const t = window.setTimeout(() => {
      setFilter(query === value ? "" : query);
    }, SUBURB_SEARCH_DELAY_MS);
    return () => window.clearTimeout(t);
  }, [query, value]);
  const matches = useMemo(() => filterSuburbs(list, filter), [list, filter]);
  return { query, setQuery, matches };
}
