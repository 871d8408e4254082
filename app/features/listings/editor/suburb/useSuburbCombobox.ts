// The suburb field as a combobox (spec §5; the keys are app/ui/useCombobox.ts's): one suburb is always
// highlighted, the list says 'No suburbs found.' when nothing matches, Enter chooses, Escape closes and puts
// the value back, and leaving the field keeps only a suburb from the list.
import { useCombobox } from "~/ui/useCombobox";
import { useSuburbSearch } from "./useSuburbSearch";

/** How long a blur waits, so a click on an option (which blurs the input first) still chooses it. */
const BLUR_SETTLE_MS = 150;

export function useSuburbCombobox(list: readonly string[], value: string, onChange: (suburb: string) => void) {
  const { query, setQuery, matches } = useSuburbSearch(list, value);
  const combobox = useCombobox({
    count: matches.length,
    options: matches,
    showsEmpty: true,
    onChoose: (i) => choose(matches[i]),
    onEscape: () => setQuery(value),
  });
  const { setOpen } = combobox;

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
  return {
    query,
    matches,
    combobox,
    choose,
    inputHandlers: {
      onChange: (e: { target: { value: string } }) => {
        setQuery(e.target.value);
        setOpen(true);
      },
      onFocus: () => setOpen(true),
      onBlur: () => window.setTimeout(settle, BLUR_SETTLE_MS),
    },
  };
}
