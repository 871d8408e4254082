// One incall or outcall rate: its duration (those of its call type not taken by another row), price and
// note. Names keep the row's index in the form's single rates array ('rates.2.price').
import type { CallType } from "~/core/listing-options";
import { RATE_LABELS } from "~/core/profile";
import { freeDurations } from "~/features/listings/rules";
import { LIMITS } from "~/features/listings/schema";
import type { RateValues } from "~/features/listings/schema";
import { PlusIcon, TrashIcon } from "~/ui/icons";
import { BUTTON, describedProps, FieldError, fieldId, INPUT } from "../fields";
import { RateInput, RateLabel } from "./RateInput";

const ALL_DURATIONS_NOTE = "All available durations have been added.";

export function RateRow({
  callType,
  rates,
  index,
  number,
  update,
  remove,
  errors,
}: {
  callType: CallType;
  /** Every rate of the form, both call types: a duration is free when no other row of its type has it. */
  rates: RateValues[];
  index: number;
  /** Its place among its call type's rows, from 1, for the remove button's name. */
  number: number;
  update: (patch: Partial<RateValues>) => void;
  /** Absent outside edit mode. */
  remove?: () => void;
  errors: Record<string, string>;
}) {
  const rate = rates[index];
  const base = `rates.${index}`;
  const options = [rate.duration, ...freeDurations(rates, callType)].filter((d, i, all) => d && all.indexOf(d) === i);
  return (
    <li
      className="grid gap-2 rounded-xl border border-line bg-ink/60 p-3 sm:grid-cols-[8rem_8rem_1fr_auto]"
      data-testid="rate-row"
    >
      <div className="space-y-1">
        <RateLabel name={`${base}.duration`} label="Duration" />
        <select
          id={fieldId(`${base}.duration`)}
          value={rate.duration}
          onChange={(e) => update({ duration: e.target.value })}
          {...describedProps(`${base}.duration`, errors[`${base}.duration`])}
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
      <RateInput
        name={`${base}.price`}
        label="Price ($)"
        money
        value={rate.price}
        onChange={(price) => update({ price })}
        error={errors[`${base}.price`]}
      />
      <RateInput
        name={`${base}.description`}
        label="Note (optional)"
        maxLength={LIMITS.rateDescription}
        value={rate.description}
        onChange={(description) => update({ description })}
      />
      {remove ? (
        <button
          type="button"
          onClick={remove}
          className={`${BUTTON} self-end px-3`}
          aria-label={`Remove ${callType} rate ${number}`}
        >
          <TrashIcon className="h-5 w-5" />
        </button>
      ) : null}
    </li>
  );
}

/** The add button, off (with the reason beside it) once every duration of the call type has a rate. */
export function AddRate({ callType, onAdd }: { callType: CallType; onAdd?: () => void }) {
  const noteId = `${callType}-rates-note`;
  return (
    <div className="space-y-1">
      <button
        type="button"
        disabled={!onAdd}
        aria-describedby={!onAdd ? noteId : undefined}
        onClick={onAdd}
        className={BUTTON}
      >
        <PlusIcon className="h-5 w-5" /> Add {callType} rate
      </button>
      {!onAdd ? (
        <p id={noteId} className="text-sm text-muted">
          {ALL_DURATIONS_NOTE}
        </p>
      ) : null}
    </div>
  );
}
