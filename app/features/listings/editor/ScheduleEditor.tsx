// Page 3's weekly hours (docs/dashboard.md): per weekday none, one or two NZ time ranges. Inputs are named after
// their place in the schedule ('schedule.4.1.end'), so server errors land beside the right one.
import { WEEKDAYS } from "~/platform/time/nz-time";
import { MAX_RANGES_PER_DAY } from "~/core/weekly-schedule";
import type { TimeRange, WeeklySchedule } from "~/core/weekly-schedule";
import { PlusIcon, TrashIcon } from "~/ui/icons";
import { BUTTON, describedProps, FieldError, fieldId, INPUT } from "./fields";

export function ScheduleEditor({
  schedule,
  onChange,
  errors,
  editing,
}: {
  schedule: WeeklySchedule;
  onChange: (schedule: WeeklySchedule) => void;
  errors: Record<string, string>;
  editing: boolean;
}) {
  const setDay = (day: number, ranges: TimeRange[]) => onChange(schedule.map((r, d) => (d === day ? ranges : r)));
  return (
    <section className="space-y-3" aria-labelledby="schedule-heading" data-testid="schedule-editor">
      <h3 id="schedule-heading" className="text-lg font-semibold">
        Weekly hours
      </h3>
      <p id="schedule-hint" className="text-sm text-muted">
        New Zealand time. An end at or before the start runs past midnight: 20:00 to 02:00 is until 2 am the next day.
        Leave a day empty when you are not available.
      </p>
      <ul className="space-y-2">
        {WEEKDAYS.map((weekday, day) => {
          const ranges = schedule[day] ?? [];
          const dayError = errors[`schedule.${day}`];
          return (
            <li
              key={weekday}
              className="grid gap-2 rounded-xl border border-line bg-ink/60 p-3 sm:grid-cols-[7rem_1fr]"
              data-testid={`schedule-day-${day}`}
            >
              <span className="pt-2 font-medium">{weekday}</span>
              <div className="space-y-2">
                {ranges.length === 0 ? <p className="pt-2 text-sm text-muted">Not available</p> : null}
                {ranges.map((range, i) => (
                  <RangeRow
                    key={i}
                    name={`schedule.${day}.${i}`}
                    weekday={weekday}
                    range={range}
                    errors={errors}
                    editing={editing}
                    onChange={(next) =>
                      setDay(day, next ? ranges.map((r, k) => (k === i ? next : r)) : ranges.filter((_, k) => k !== i))
                    }
                  />
                ))}
                <FieldError name={`schedule.${day}`} message={dayError} />
                {editing && ranges.length < MAX_RANGES_PER_DAY ? (
                  <button
                    type="button"
                    className={BUTTON}
                    data-testid={`schedule-add-${day}`}
                    onClick={() =>
                      setDay(day, [
                        ...ranges,
                        ranges.length ? { start: "", end: "" } : { start: "10:00", end: "22:00" },
                      ])
                    }
                  >
                    <PlusIcon className="h-5 w-5" /> Add hours on {weekday}
                  </button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function RangeRow({
  name,
  weekday,
  range,
  errors,
  editing,
  onChange,
}: {
  name: string;
  weekday: string;
  range: TimeRange;
  errors: Record<string, string>;
  editing: boolean;
  /** null removes the range. */
  onChange: (range: TimeRange | null) => void;
}) {
  const time = (part: "start" | "end", label: string) => {
    const key = `${name}.${part}`;
    return (
      <div className="space-y-1">
        <label htmlFor={fieldId(key)} className="block text-xs text-muted">
          {label}
          <span className="sr-only"> ({weekday})</span>
        </label>
        <input
          id={fieldId(key)}
          type="time"
          value={range[part]}
          onChange={(e) => onChange({ ...range, [part]: e.target.value })}
          {...describedProps(key, errors[key], "schedule-hint")}
          className={INPUT}
        />
        <FieldError name={key} message={errors[key]} />
      </div>
    );
  };
  return (
    // On a phone the two time fields take the row and Remove goes under them (on the narrowest phones each
    // field has a row of its own): beside each other and Remove, they were too narrow to show a time.
    <div
      className="grid grid-cols-1 items-start gap-2 min-[22rem]:grid-cols-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]"
      data-testid="schedule-range"
    >
      {time("start", "From")}
      {time("end", "Until")}
      {editing ? (
        <button
          type="button"
          className={`${BUTTON} col-span-full justify-self-end px-3 sm:col-span-1 sm:mt-5`}
          onClick={() => onChange(null)}
          aria-label={`Remove these hours on ${weekday}`}
        >
          <TrashIcon className="h-5 w-5" />
          <span className="sm:sr-only">Remove</span>
        </button>
      ) : null}
    </div>
  );
}
