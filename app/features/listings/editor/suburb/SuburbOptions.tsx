// The suburb combobox's list: the matches, the highlighted one marked, or 'No suburbs found.' (spec §5).
// Chosen on mouse down, before the input's blur would close the list.
export function SuburbOptions({
  id,
  region,
  matches,
  value,
  active,
  optionId,
  onChoose,
  onHighlight,
}: {
  id: string;
  region: string;
  matches: string[];
  value: string;
  active: number;
  optionId: (index: number) => string;
  onChoose: (suburb: string) => void;
  onHighlight: (index: number) => void;
}) {
  return (
    <ul
      id={id}
      role="listbox"
      aria-label={`Suburbs in ${region}`}
      className="absolute left-0 right-0 top-[4.5rem] z-20 max-h-64 overflow-y-auto rounded-lg border border-line bg-panel py-1 shadow-2xl"
      data-testid="suburb-options"
    >
      {matches.length ? (
        matches.map((s, i) => (
          <li
            key={s}
            id={optionId(i)}
            role="option"
            aria-selected={s === value}
            onMouseDown={(e) => {
              e.preventDefault();
              onChoose(s);
            }}
            onMouseEnter={() => onHighlight(i)}
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
  );
}
