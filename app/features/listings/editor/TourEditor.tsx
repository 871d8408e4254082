// Page 3's tour stops (docs/touring.md): up to five visits to another region, each with an optional suburb and NZ
// start and end dates. Inputs are named after their place ('tours.2.end'), so server errors land beside them.
import { nzDate } from "~/platform/time/nz-time";
import { REGIONS, parseRegion } from "~/features/catalogue/regions";
import { SUBURBS } from "~/features/catalogue/suburbs";
import { MAX_TOUR_STOPS, type TourStopInput } from "~/features/listings/tour-stops";
import { PlusIcon, TrashIcon } from "~/ui/icons";
import { BUTTON, errorId, FieldError, fieldId, INPUT, SelectField } from "./fields";

export function TourEditor({
  tours,
  homeRegion,
  onChange,
  errors,
  editing,
}: {
  tours: TourStopInput[];
  homeRegion: string;
  onChange: (tours: TourStopInput[]) => void;
  errors: Record<string, string>;
  editing: boolean;
}) {
  const setStop = (i: number, stop: TourStopInput | null) =>
    onChange(stop ? tours.map((s, k) => (k === i ? stop : s)) : tours.filter((_, k) => k !== i));
  const otherRegions = REGIONS.filter((r) => r !== homeRegion);
  return (
    <section className="space-y-3" aria-labelledby="tours-heading" data-testid="tour-editor">
      <h3 id="tours-heading" className="text-lg font-semibold">
        Touring
      </h3>
      <p id="tours-hint" className="text-sm text-muted">
        Visiting another region? While a stop runs you are also listed there, with your dates. New Zealand dates, both
        days included; at most {MAX_TOUR_STOPS} stops, none overlapping.
      </p>
      <FieldError name="tours" message={errors.tours} />
      {tours.length === 0 ? <p className="text-sm text-muted">No tour stops.</p> : null}
      <ol className="space-y-2">
        {tours.map((stop, i) => {
          const key = (field: string) => `tours.${i}.${field}`;
          const region = parseRegion(stop.region);
          const date = (field: "start" | "end", label: string) => (
            <div className="space-y-1">
              <label htmlFor={fieldId(key(field))} className="block text-sm font-medium">
                {label}
              </label>
              <input
                id={fieldId(key(field))}
                type="date"
                value={stop[field]}
                onChange={(e) => setStop(i, { ...stop, [field]: e.target.value })}
                aria-invalid={errors[key(field)] ? true : undefined}
                aria-describedby={[errors[key(field)] ? errorId(key(field)) : null, "tours-hint"]
                  .filter(Boolean)
                  .join(" ")}
                className={INPUT}
              />
              <FieldError name={key(field)} message={errors[key(field)]} />
            </div>
          );
          return (
            <li
              key={i}
              className="grid gap-3 rounded-xl border border-line bg-ink/60 p-3 sm:grid-cols-2"
              data-testid="tour-stop"
            >
              <SelectField
                name={key("region")}
                label={`Stop ${i + 1}: region`}
                value={stop.region}
                options={otherRegions}
                error={errors[key("region")]}
                onChange={(value) => setStop(i, { ...stop, region: value, suburb: "" })}
              />
              <SelectField
                name={key("suburb")}
                label="Suburb (optional)"
                value={stop.suburb}
                options={region ? SUBURBS[region] : []}
                placeholder="Anywhere in the region"
                error={errors[key("suburb")]}
                onChange={(value) => setStop(i, { ...stop, suburb: value })}
              />
              {date("start", "From")}
              {date("end", "Until")}
              {editing ? (
                <button
                  type="button"
                  className={`${BUTTON} sm:col-span-2 sm:justify-self-start`}
                  onClick={() => setStop(i, null)}
                >
                  <TrashIcon className="h-5 w-5" /> Remove stop {i + 1}
                </button>
              ) : null}
            </li>
          );
        })}
      </ol>
      {editing && tours.length < MAX_TOUR_STOPS ? (
        <button
          type="button"
          className={BUTTON}
          data-testid="tour-add"
          onClick={() => {
            const today = nzDate(Date.now());
            onChange([...tours, { region: "", suburb: "", start: today, end: today }]);
          }}
        >
          <PlusIcon className="h-5 w-5" /> Add a tour stop
        </button>
      ) : null}
    </section>
  );
}
