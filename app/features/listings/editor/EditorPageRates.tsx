// Wizard page 3 (provider spec §2): incall and outcall rates, packages and special rates, availability, and
// the weekly hours and tour stops (docs/touring.md).
import { EDITOR_PAGE_TITLES } from "~/features/listings/editor-pages";
import { LIMITS } from "~/features/listings/schema";
import { fieldSetter, PageFieldset, TextAreaField } from "./fields";
import type { EditorPageProps } from "./fields";
import { RateList, SpecialRatesEditor } from "./RatesEditor";
import { ScheduleEditor } from "./ScheduleEditor";
import { TourEditor } from "./TourEditor";

export function EditorPageRates({ values, errors: e, editing, dispatch }: EditorPageProps) {
  const set = fieldSetter(dispatch);
  return (
    <PageFieldset legend={EDITOR_PAGE_TITLES[3]} editing={editing}>
      {e.rates ? (
        // Page 3's one message without a field of its own: focusable, so a failed Next or save can take the focus there.
        <p
          className="rounded-lg border border-red-500/60 bg-red-950/60 px-3 py-2 text-sm text-red-100"
          id="field-rates-error"
          data-testid="error-rates"
          tabIndex={-1}
          data-first-error
        >
          {e.rates}
        </p>
      ) : null}
      <div className="grid gap-6">
        <RateList callType="incall" rates={values.rates} onChange={set("rates")} errors={e} editing={editing} />
        <RateList callType="outcall" rates={values.rates} onChange={set("rates")} errors={e} editing={editing} />
      </div>
      <SpecialRatesEditor rows={values.specialRates} onChange={set("specialRates")} errors={e} editing={editing} />
      <TextAreaField
        name="availability"
        label="Availability"
        rows={3}
        max={LIMITS.availability}
        value={values.availability}
        onChange={set("availability")}
        error={e.availability}
      />
      <ScheduleEditor schedule={values.schedule} onChange={set("schedule")} errors={e} editing={editing} />
      <TourEditor
        tours={values.tours}
        homeRegion={values.location}
        onChange={set("tours")}
        errors={e}
        editing={editing}
      />
    </PageFieldset>
  );
}
