// Page 3's price lists: incall and outcall rates (six durations, one rate per duration per call type, a
// new one defaulting to 1hr) and packages / special rates. Rows keep their index in the form's single
// rates array, so server errors ('rates.2.price') land beside the right input.
import type { CallType } from "~/features/listings/options";
import { RATE_LABELS } from "~/features/profile/profile";
import { CALL_TYPE_LABEL, freeDurations, newRateDuration } from "~/features/listings/rules";
import { LIMITS, type RateValues, type SpecialRateValues } from "~/features/listings/schema";
import { BUTTON, errorId, FieldError, fieldId, INPUT } from "./fields";
import { PlusIcon, TrashIcon } from "~/ui/icons";

export const ALL_DURATIONS_NOTE = "All available durations have been added.";

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
  const label = CALL_TYPE_LABEL[callType];
  const next = newRateDuration(rates, callType);
  const update = (index: number, patch: Partial<RateValues>) =>
    onChange(rates.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  const rows = rates.map((rate, index) => ({ rate, index })).filter((r) => r.rate.call_type === callType);
  const noteId = `${callType}-rates-note`;
  return (
    <section
      className="space-y-3"
      aria-labelledby={`${callType}-rates-heading`}
      data-testid={`${callType}-rates-editor`}
    >
      <h3 id={`${callType}-rates-heading`} className="text-lg font-semibold">
        {label} rates
      </h3>
      {rows.length === 0 ? <p className="text-sm text-muted">No {callType} rates yet.</p> : null}
      <ul className="space-y-3">
        {rows.map(({ rate, index }, n) => {
          const base = `rates.${index}`;
          const options = [rate.duration, ...freeDurations(rates, callType)].filter(
            (d, i, all) => d && all.indexOf(d) === i,
          );
          return (
            <li
              key={index}
              className="grid gap-2 rounded-xl border border-line bg-ink/60 p-3 sm:grid-cols-[8rem_8rem_1fr_auto]"
              data-testid="rate-row"
            >
              <div className="space-y-1">
                <label htmlFor={fieldId(`${base}.duration`)} className="block text-xs text-muted">
                  Duration
                </label>
                <select
                  id={fieldId(`${base}.duration`)}
                  value={rate.duration}
                  onChange={(e) => update(index, { duration: e.target.value })}
                  aria-invalid={errors[`${base}.duration`] ? true : undefined}
                  aria-describedby={errors[`${base}.duration`] ? errorId(`${base}.duration`) : undefined}
                  className={INPUT}
                >
                  {options.map((d) => (
                    <option key={d} value={d}>
                      {RATE_LABELS[d as keyof typeof RATE_LABELS] ?? d}
                    </option>
                  ))}
                </select>
                <FieldError name={`${base}.duration`} message={errors[`${base}.duration`]} />
              </div>
              <div className="space-y-1">
                <label htmlFor={fieldId(`${base}.price`)} className="block text-xs text-muted">
                  Price ($)
                </label>
                <input
                  id={fieldId(`${base}.price`)}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step="any"
                  value={rate.price}
                  onChange={(e) => update(index, { price: e.target.value })}
                  aria-invalid={errors[`${base}.price`] ? true : undefined}
                  aria-describedby={errors[`${base}.price`] ? errorId(`${base}.price`) : undefined}
                  className={INPUT}
                />
                <FieldError name={`${base}.price`} message={errors[`${base}.price`]} />
              </div>
              <div className="space-y-1">
                <label htmlFor={fieldId(`${base}.description`)} className="block text-xs text-muted">
                  Note (optional)
                </label>
                <input
                  id={fieldId(`${base}.description`)}
                  type="text"
                  maxLength={LIMITS.rateDescription}
                  value={rate.description}
                  onChange={(e) => update(index, { description: e.target.value })}
                  className={INPUT}
                />
              </div>
              {editing ? (
                <button
                  type="button"
                  onClick={() => onChange(rates.filter((_, i) => i !== index))}
                  className={`${BUTTON} self-end px-3`}
                  aria-label={`Remove ${callType} rate ${n + 1}`}
                >
                  <TrashIcon className="h-5 w-5" />
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
      {editing ? (
        <div className="space-y-1">
          <button
            type="button"
            disabled={!next}
            aria-describedby={!next ? noteId : undefined}
            onClick={() =>
              next && onChange([...rates, { call_type: callType, duration: next, price: "", description: "" }])
            }
            className={BUTTON}
          >
            <PlusIcon className="h-5 w-5" /> Add {callType} rate
          </button>
          {!next ? (
            <p id={noteId} className="text-sm text-muted">
              {ALL_DURATIONS_NOTE}
            </p>
          ) : null}
        </div>
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
  const update = (index: number, patch: Partial<SpecialRateValues>) =>
    onChange(rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  const input = (
    index: number,
    key: keyof SpecialRateValues,
    label: string,
    extra: { type?: string; inputMode?: "decimal"; max?: number } = {},
  ) => {
    const name = `specialRates.${index}.${key}`;
    return (
      <div className="space-y-1">
        <label htmlFor={fieldId(name)} className="block text-xs text-muted">
          {label}
        </label>
        <input
          id={fieldId(name)}
          type={extra.type ?? "text"}
          inputMode={extra.inputMode}
          min={extra.type === "number" ? 0 : undefined}
          step={extra.type === "number" ? "any" : undefined}
          maxLength={extra.max}
          value={rows[index][key]}
          onChange={(e) => update(index, { [key]: e.target.value })}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={errors[name] ? errorId(name) : undefined}
          className={INPUT}
        />
        <FieldError name={name} message={errors[name]} />
      </div>
    );
  };
  return (
    <section className="space-y-3" aria-labelledby="special-rates-heading" data-testid="special-rates-editor">
      <h3 id="special-rates-heading" className="text-lg font-semibold">
        Packages and special rates
      </h3>
      {rows.length === 0 ? <p className="text-sm text-muted">No packages yet.</p> : null}
      <ul className="space-y-3">
        {rows.map((_, index) => (
          <li
            key={index}
            className="grid gap-2 rounded-xl border border-line bg-ink/60 p-3 sm:grid-cols-2"
            data-testid="special-rate-row"
          >
            {input(index, "serviceName", "Service name", { max: LIMITS.serviceName })}
            {input(index, "duration", "Duration (minutes)", { max: LIMITS.specialDuration })}
            {input(index, "rate", "Rate ($)", { type: "number", inputMode: "decimal" })}
            {input(index, "description", "Description (optional)", { max: LIMITS.rateDescription })}
            {editing ? (
              <button
                type="button"
                onClick={() => onChange(rows.filter((__, i) => i !== index))}
                className={`${BUTTON} sm:col-span-2`}
              >
                <TrashIcon className="h-5 w-5" /> Remove package {index + 1}
              </button>
            ) : null}
          </li>
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
