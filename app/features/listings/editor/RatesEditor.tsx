// Page 3's price lists: incall and outcall rates (six durations, one rate per duration per call type, a
// new one defaulting to 1hr) and packages / special rates. Rows keep their index in the form's single
// rates array, so server errors ('rates.2.price') land beside the right input.
import type { CallType } from "~/core/listing-options";
import { CALL_TYPE_LABEL, newRateDuration } from "~/features/listings/rules";
import { LIMITS } from "~/features/listings/schema";
import type { RateValues, SpecialRateValues } from "~/features/listings/schema";
import { AddRate, RateRow } from "./rates/RateRow";
import { SpecialRateRow } from "./rates/SpecialRateRow";
import { AddRowButton, RowsSection } from "./RowsSection";

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
  return (
    <RowsSection
      id={`${callType}-rates`}
      testId={`${callType}-rates-editor`}
      title={`${CALL_TYPE_LABEL[callType]} rates`}
      empty={`No ${callType} rates yet.`}
      listClassName="space-y-3"
      rows={rates}
      shows={(rate) => rate.call_type === callType}
      onChange={onChange}
      editing={editing}
      renderRow={(_, edit) => <RateRow callType={callType} rates={rates} {...edit} errors={errors} />}
      add={
        editing ? (
          <AddRate
            callType={callType}
            onAdd={
              next
                ? () => onChange([...rates, { call_type: callType, duration: next, price: "", description: "" }])
                : undefined
            }
          />
        ) : null
      }
    />
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
    <RowsSection
      id="special-rates"
      testId="special-rates-editor"
      title="Packages and special rates"
      empty="No packages yet."
      listClassName="space-y-3"
      rows={rows}
      onChange={onChange}
      editing={editing}
      renderRow={(row, edit) => <SpecialRateRow row={row} {...edit} errors={errors} />}
      add={
        editing && rows.length < LIMITS.specialRateRows ? (
          <AddRowButton
            label="Add package or special rate"
            onAdd={() => onChange([...rows, { serviceName: "", duration: "", rate: "", description: "" }])}
          />
        ) : null
      }
    />
  );
}
