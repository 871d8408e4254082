// What the suburb combobox does with the keyboard, the pointer and focus (spec §5): arrows move the
// highlight, Enter chooses, Escape closes and puts the value back, and leaving the field keeps only a
// suburb from the list.
import { useState } from "react";
import type { KeyboardEvent } from "react";
import { useSuburbSearch } from "./useSuburbSearch";

/** How long a blur waits, so a click on an option (which blurs the input first) still chooses it. */
const BLUR_SETTLE_MS = 150;

export function useSuburbCombobox(list: readonly string[], value: string, onChange: (suburb: string) => void) {
  const { query, setQuery, matches, active, setActive } = useSuburbSearch(list, value);
  const [open, setOpen] = useState(false);

  const choose = (suburb: string) => {
    onChange(suburb);
    setQuery(suburb);
    setOpen(false);
  };
  // Only a suburb from the list counts: typed text that matches one exactly is taken, else dropped.
  const settle = () => {
    setOpen(false);
    const exact = list.find((s) => s.toLowerCase() === query.trim().toLowerCase());
    if (exact) {
      if (exact !== value) onChange(exact);
      setQuery(exact);
    } else if (query.trim() === "") {
      if (value) onChange("");
    } else setQuery(value);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown") {
      e.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(i + 1, Math.max(matches.length - 1, 0)));
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (e.key === "Enter" && open && matches[active]) {
      e.preventDefault();
      choose(matches[active]);
    } else if (e.key === "Escape") {
      setOpen(false);
      setQuery(value);
    }
  };
  return {
    query,
    matches,
    active,
    open,
    choose,
    highlight: (index: number) => setActive(() => index),
    inputHandlers: {
      onChange: (e: { target: { value: string } }) => {
        setQuery(e.target.value);
        setOpen(true);
      },
      onFocus: () => setOpen(true),
      onBlur: () => window.setTimeout(settle, BLUR_SETTLE_MS),
      onKeyDown,
    },
  };
}
