// One tour stop: a region other than home, an optional suburb in it and NZ start and end dates. Inputs are
// named after their place ('tours.2.end'), so a server error lands beside them.
import { REGIONS, parseRegion } from "~/core/regions";
import { SUBURBS } from "~/core/suburbs";
import type { TourStopInput } from "~/core/tour-stops";
import { TrashIcon } from "~/ui/icons";
import { BUTTON, describedProps, FieldError, fieldId, INPUT, SelectField } from "../fields";

/** The touring section's explanation, which every date input also points to. */
export const TOURS_HINT_ID = "tours-hint";

export function TourStopRow({
  stop,
  index,
  homeRegion,
  update,
  remove,
  errors,
}: {
  stop: TourStopInput;
  index: number;
  homeRegion: string;
  update: (patch: Partial<TourStopInput>) => void;
  /** Absent outside edit mode. */
  remove?: () => void;
  errors: Record<string, string>;
}) {
  const key = (field: string) => `tours.${index}.${field}`;
  const region = parseRegion(stop.region);
  const date = (field: "start" | "end", label: string) => (
    <TourDate
      name={key(field)}
      label={label}
      value={stop[field]}
      onChange={(value) => update({ [field]: value })}
      error={errors[key(field)]}
    />
  );
  return (
    <li className="grid gap-3 rounded-xl border border-line bg-ink/60 p-3 sm:grid-cols-2" data-testid="tour-stop">
      <SelectField
        name={key("region")}
        label={`Stop ${index + 1}: region`}
        value={stop.region}
        options={REGIONS.filter((r) => r !== homeRegion)}
        error={errors[key("region")]}
        onChange={(value) => update({ region: value, suburb: "" })}
      />
      <SelectField
        name={key("suburb")}
        label="Suburb (optional)"
        value={stop.suburb}
        options={region ? SUBURBS[region] : []}
        placeholder="Anywhere in the region"
        error={errors[key("suburb")]}
        onChange={(value) => update({ suburb: value })}
      />
      {date("start", "From")}
      {date("end", "Until")}
      {remove ? (
        <button type="button" className={`${BUTTON} sm:col-span-2 sm:justify-self-start`} onClick={remove}>
          <TrashIcon className="h-5 w-5" /> Remove stop {index + 1}
        </button>
      ) : null}
    </li>
  );
}

function TourDate({
  name,
  label,
  value,
  onChange,
  error,
}: {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={fieldId(name)} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={fieldId(name)}
        type="date"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...describedProps(name, error, TOURS_HINT_ID)}
        className={INPUT}
      />
      <FieldError name={name} message={error} />
    </div>
  );
}
