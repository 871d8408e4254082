// Page 3's tour stops (docs/touring.md): up to five visits to another region, each with an optional suburb and NZ
// start and end dates. Inputs are named after their place ('tours.2.end'), so server errors land beside them.
import { nzDate } from "~/platform/time/nz-time";
import { MAX_TOUR_STOPS } from "~/core/tour-stops";
import type { TourStopInput } from "~/core/tour-stops";
import { FieldError } from "./fields";
import { TOURS_HINT_ID, TourStopRow } from "./tours/TourStopRow";
import { AddRowButton, RowsSection } from "./RowsSection";

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
    <RowsSection
      id="tours"
      testId="tour-editor"
      title="Touring"
      intro={
        <>
          <p id={TOURS_HINT_ID} className="text-sm text-muted">
            Visiting another region? While a stop runs you are also listed there, with your dates. New Zealand dates,
            both days included; at most {MAX_TOUR_STOPS} stops, none overlapping.
          </p>
          <FieldError name="tours" message={errors.tours} />
        </>
      }
      empty="No tour stops."
      ordered
      listClassName="space-y-2"
      rows={tours}
      onChange={onChange}
      editing={editing}
      renderRow={(stop, edit) => <TourStopRow stop={stop} homeRegion={homeRegion} {...edit} errors={errors} />}
      add={
        editing && tours.length < MAX_TOUR_STOPS ? (
          <AddRowButton label="Add a tour stop" onAdd={addStop} testId="tour-add" />
        ) : null
      }
    />
  );
}
