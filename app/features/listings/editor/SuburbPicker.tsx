// The suburb field (spec §5): disabled until a region is chosen, filtered by a case-insensitive substring
// 250 ms after typing stops, 'No suburbs found.' when nothing matches. A combobox: type to filter, arrows
// to move, Enter to choose, Escape to close. Only a suburb from the list is ever set as the value.
import { useMemo } from "react";
import { parseRegion } from "~/core/regions";
import { SUBURBS } from "~/core/suburbs";
import { describedProps, FieldError, fieldId, INPUT } from "./fields";
import { SuburbOptions } from "./suburb/SuburbOptions";
import { useSuburbCombobox } from "./suburb/useSuburbCombobox";

const name = "suburb";
const hintId = `${fieldId(name)}-hint`;

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
  const { query, matches, combobox, choose, inputHandlers } = useSuburbCombobox(list, value, onChange);
  const { listId, open, active, optionId, setActive, inputProps } = combobox;
  const off = disabled || !parsed;

  return (
    <div className="relative space-y-1">
      <label htmlFor={fieldId(name)} className="block text-sm font-medium">
        Suburb
      </label>
      <input
        id={fieldId(name)}
        name={name}
        type="text"
        autoComplete="off"
        {...inputProps}
        aria-expanded={inputProps["aria-expanded"] && !off}
        {...describedProps(name, error, hintId)}
        disabled={off}
        value={query}
        placeholder={parsed ? `Search suburbs in ${parsed}` : "Choose a service location first"}
        {...inputHandlers}
        className={INPUT}
      />
      <p id={hintId} className="text-xs text-muted">
        {parsed ? "Type to search, then choose from the list." : "Choose a service location to pick a suburb."}
      </p>
      {open && parsed && !disabled ? (
        <SuburbOptions
          id={listId}
          region={parsed}
          matches={matches}
          value={value}
          active={active}
          optionId={optionId}
          onChoose={choose}
          onHighlight={setActive}
        />
      ) : null}
      <FieldError name={name} message={error} />
    </div>
  );
}
