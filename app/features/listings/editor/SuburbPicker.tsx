// The suburb field (spec §5): disabled until a region is chosen, filtered by a case-insensitive substring
// 250 ms after typing stops, 'No suburbs found.' when nothing matches. A combobox: type to filter, arrows
// to move, Enter to choose, Escape to close. Only a suburb from the list is ever set as the value.
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { parseRegion } from "~/features/catalogue/regions";
import { SUBURBS } from "~/features/catalogue/suburbs";
import { errorId, FieldError, fieldId, INPUT } from "./fields";

export const SUBURB_SEARCH_DELAY_MS = 250;

export function filterSuburbs(list: readonly string[], query: string): string[] {
  const q = query.trim().toLowerCase();
  return q ? list.filter((s) => s.toLowerCase().includes(q)) : [...list];
}

export function SuburbPicker({
  region,
  value,
  onChange,
  error,
  disabled,
}: {
  region: string;
  value: string;
  onChange: (suburb: string) => void;
  error?: string;
  disabled?: boolean;
}) {
  const parsed = parseRegion(region);
  const list = useMemo(() => (parsed ? SUBURBS[parsed] : []), [parsed]);
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
  const [open, setOpen] = useState(false);
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const t = window.setTimeout(() => {
      const next = query === value ? "" : query;
      setSearch((s) => (s.filter === next ? s : { filter: next, active: 0 }));
    }, SUBURB_SEARCH_DELAY_MS);
    return () => window.clearTimeout(t);
  }, [query, value]);
  const matches = useMemo(() => filterSuburbs(list, filter), [list, filter]);

  const choose = (suburb: string) => {
    onChange(suburb);
    setQuery(suburb);
    setOpen(false);
  };
  const off = disabled || !parsed;
  const name = "suburb";

  return (
    <div className="relative space-y-1">
      <label htmlFor={fieldId(name)} className="block text-sm font-medium">
        Suburb
      </label>
      <input
        ref={inputRef}
        id={fieldId(name)}
        name={name}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open && !off}
        aria-controls={listId}
        aria-activedescendant={open && matches[active] ? `${listId}-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? errorId(name) : null, `${fieldId(name)}-hint`].filter(Boolean).join(" ")}
        disabled={off}
        value={query}
        placeholder={parsed ? `Search suburbs in ${parsed}` : "Choose a service location first"}
        onChange={(e) => {
          setQuery(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => {
          // Only a suburb from the list counts: typed text that matches one exactly is taken, else dropped.
          window.setTimeout(() => {
            setOpen(false);
            const exact = list.find((s) => s.toLowerCase() === query.trim().toLowerCase());
            if (exact) {
              if (exact !== value) onChange(exact);
              setQuery(exact);
            } else if (query.trim() === "") {
              if (value) onChange("");
            } else setQuery(value);
          }, 150);
        }}
        onKeyDown={(e) => {
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
        }}
        className={INPUT}
      />
      <p id={`${fieldId(name)}-hint`} className="text-xs text-muted">
        {parsed ? "Type to search, then choose from the list." : "Choose a service location to pick a suburb."}
      </p>
      {open && !off ? (
        <ul
          id={listId}
          role="listbox"
          aria-label={`Suburbs in ${parsed}`}
          className="absolute left-0 right-0 top-[4.5rem] z-20 max-h-64 overflow-y-auto rounded-lg border border-line bg-panel py-1 shadow-2xl"
          data-testid="suburb-options"
        >
          {matches.length ? (
            matches.map((s, i) => (
              <li
                key={s}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={s === value}
                onMouseDown={(e) => {
                  e.preventDefault();
                  choose(s);
                }}
                onMouseEnter={() => setActive(() => i)}
                className={`flex min-h-11 cursor-pointer items-center px-3 ${i === active ? "bg-accent/20 text-accent" : ""}`}
              >
                {s}
              </li>
            ))
          ) : (
            <li className="px-3 py-3 text-muted" role="presentation">
              No suburbs found.
            </li>
          )}
        </ul>
      ) : null}
      <FieldError name={name} message={error} />
    </div>
  );
}
