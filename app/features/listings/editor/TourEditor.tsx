// Page 3's tour stops (docs/touring.md): up to five visits to another region, each with an optional suburb and NZ
// start and end dates. Inputs are named after their place ('tours.2.end'), so server errors land beside them.
import { nzDate } from "~/platform/time/nz-time";
import { MAX_TOUR_STOPS } from "~/features/listings/tour-stops";
import type { TourStopInput } from "~/features/listings/tour-stops";
import { PlusIcon } from "~/ui/icons";
import { BUTTON, FieldError } from "./fields";
import { TOURS_HINT_ID, TourStopRow } from "./tours/TourStopRow";

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
  const addStop = () => {
    const today = nzDate(Date.now());
    onChange([...tours, { region: "", suburb: "", start: today, end: today }]);
  };
  return (
    <section className="space-y-3" aria-labelledby="tours-heading" data-testid="tour-editor">
      <h3 id="tours-heading" className="text-lg font-semibold">
        Touring
      </h3>
      <p id={TOURS_HINT_ID} className="text-sm text-muted">
        Visiting another region? While a stop runs you are also listed there, with your dates. New Zealand dates, both
        days included; at most {MAX_TOUR_STOPS} stops, none overlapping.
      </p>
      <FieldError name="tours" message={errors.tours} />
      {tours.length === 0 ? <p className="text-sm text-muted">No tour stops.</p> : null}
      <ol className="space-y-2">
        {tours.map((stop, i) => (
          <TourStopRow
            key={i}
            stop={stop}
            index={i}
            homeRegion={homeRegion}
            onChange={(changed) => onChange(tours.map((s, k) => (k === i ? changed : s)))}
            remove={editing ? () => onChange(tours.filter((_, k) => k !== i)) : undefined}
            errors={errors}
          />
        ))}
      </ol>
      {editing && tours.length < MAX_TOUR_STOPS ? (
        <button type="button" className={BUTTON} data-testid="tour-add" onClick={addStop}>
          <PlusIcon className="h-5 w-5" /> Add a tour stop
        </button>
      ) : null}
    </section>
  );
}
