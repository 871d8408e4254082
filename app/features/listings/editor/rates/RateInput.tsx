// The compact labelled input of a rate row (price, note, a package's fields). Its name is its place in the
// form ('rates.2.price'), so a server error lands beside it.
import { describedProps, FieldError, fieldId, INPUT } from "../fields";

export function RateInput({
  name,
  label,
  value,
  onChange,
  error,
  money,
  maxLength,
}: {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** A dollar amount: a number from 0, cents allowed, with the decimal keypad on phones. */
  money?: boolean;
  maxLength?: number;
}) {
  return (
    <div className="space-y-1">
      <RateLabel name={name} label={label} />
      <input
        id={fieldId(name)}
        type={money ? "number" : "text"}
        inputMode={money ? "decimal" : undefined}
        min={money ? 0 : undefined}
        step={money ? "any" : undefined}
        maxLength={maxLength}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...describedProps(name, error)}
        className={INPUT}
      />
      <FieldError name={name} message={error} />
    </div>
  );
}

export function RateLabel({ name, label }: { name: string; label: string }) {
  return (
    <label htmlFor={fieldId(name)} className="block text-xs text-muted">
      {label}
    </label>
  );
}
