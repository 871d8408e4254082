// Page 3's price lists: incall and outcall rates (six durations, one rate per duration per call type, a
// new one defaulting to 1hr) and packages / special rates. Rows keep their index in the form's single
// rates array, so server errors ('rates.2.price') land beside the right input.
import type { CallType } from "~/features/listings/options";
import { CALL_TYPE_LABEL, newRateDuration } from "~/features/listings/rules";
import { LIMITS } from "~/features/listings/schema";
import type { RateValues, SpecialRateValues } from "~/features/listings/schema";
import { BUTTON } from "./fields";
import { PlusIcon } from "~/ui/icons";
import { AddRate, RateRow } from "./rates/RateRow";
import { SpecialRateRow } from "./rates/SpecialRateRow";

export function RateList({
  callType,
  rates,
  onChange,
  errors,
  editing,
}: {
  callType: CallType;
  rates: RateValues[];
  onChange: (rates: RateValues[]) => void;
  errors: Record<string, string>;
  editing: boolean;
}) {
  const next = newRateDuration(rates, callType);
  const rows = rates.map((rate, index) => ({ rate, index })).filter((r) => r.rate.call_type === callType);
  return (
    <section
      className="space-y-3"
      aria-labelledby={`${callType}-rates-heading`}
      data-testid={`${callType}-rates-editor`}
    >
      <h3 id={`${callType}-rates-heading`} className="text-lg font-semibold">
        {CALL_TYPE_LABEL[callType]} rates
      </h3>
      {rows.length === 0 ? <p className="text-sm text-muted">No {callType} rates yet.</p> : null}
      <ul className="space-y-3">
        {rows.map(({ index }, n) => (
          <RateRow
            key={index}
            callType={callType}
            rates={rates}
            index={index}
            number={n + 1}
            update={(patch) => onChange(patchAt(rates, index, patch))}
            remove={editing ? () => onChange(rates.filter((_, i) => i !== index)) : undefined}
            errors={errors}
          />
        ))}
      </ul>
      {editing ? (
        <AddRate
          callType={callType}
          onAdd={
            next
              ? () => onChange([...rates, { call_type: callType, duration: next, price: "", description: "" }])
              : undefined
          }
        />
      ) : null}
    </section>
  );
}

export function SpecialRatesEditor({
  rows,
  onChange,
  errors,
  editing,
}: {
  rows: SpecialRateValues[];
  onChange: (rows: SpecialRateValues[]) => void;
  errors: Record<string, string>;
  editing: boolean;
}) {
  return (
    <section className="space-y-3" aria-labelledby="special-rates-heading" data-testid="special-rates-editor">
      <h3 id="special-rates-heading" className="text-lg font-semibold">
        Packages and special rates
      </h3>
      {rows.length === 0 ? <p className="text-sm text-muted">No packages yet.</p> : null}
      <ul className="space-y-3">
        {rows.map((row, index) => (
          <SpecialRateRow
            key={index}
            row={row}
            index={index}
            update={(patch) => onChange(patchAt(rows, index, patch))}
            remove={editing ? () => onChange(rows.filter((_, i) => i !== index)) : undefined}
            errors={errors}
          />
        ))}
      </ul>
      {editing && rows.length < LIMITS.specialRateRows ? (
        <button
          type="button"
          onClick={() => onChange([...rows, { serviceName: "", duration: "", rate: "", description: "" }])}
          className={BUTTON}
        >
          <PlusIcon className="h-5 w-5" /> Add package or special rate
        </button>
      ) : null}
    </section>
  );
}

/** The list with one row changed. */
function patchAt<T>(rows: T[], index: number, patch: Partial<T>): T[] {
  return rows.map((r, i) => (i === index ? { ...r, ...patch } : r));
}
