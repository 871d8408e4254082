// One package or special rate: service name, duration in minutes, rate and description, each named after
// its place ('specialRates.1.rate') so a server error lands beside it.
import { LIMITS } from "~/features/listings/schema";
import type { SpecialRateValues } from "~/features/listings/schema";
import { TrashIcon } from "~/ui/icons";
import { BUTTON } from "../fields";
import { RateInput } from "./RateInput";

export function SpecialRateRow({
  row,
  index,
  update,
  remove,
  errors,
}: {
  row: SpecialRateValues;
  index: number;
  update: (patch: Partial<SpecialRateValues>) => void;
  /** Absent outside edit mode. */
  remove?: () => void;
  errors: Record<string, string>;
}) {
  const input = (key: keyof SpecialRateValues, label: string, extra: { money?: boolean; maxLength?: number }) => {
    const name = `specialRates.${index}.${key}`;
    return (
      <RateInput
        name={name}
        label={label}
        {...extra}
        value={row[key]}
        onChange={(value) => update({ [key]: value })}
        error={errors[name]}
      />
    );
  };
  return (
    <li
      className="grid gap-2 rounded-xl border border-line bg-ink/60 p-3 sm:grid-cols-2"
      data-testid="special-rate-row"
    >
      {input("serviceName", "Service name", { maxLength: LIMITS.serviceName })}
      {input("duration", "Duration (minutes)", { maxLength: LIMITS.specialDuration })}
      {input("rate", "Rate ($)", { money: true })}
      {input("description", "Description (optional)", { maxLength: LIMITS.rateDescription })}
      {remove ? (
        <button type="button" onClick={remove} className={`${BUTTON} sm:col-span-2`}>
          <TrashIcon className="h-5 w-5" /> Remove package {index + 1}
        </button>
      ) : null}
    </li>
  );
}
