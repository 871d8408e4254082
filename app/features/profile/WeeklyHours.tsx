// The profile's weekly hours (docs/dashboard.md): a one-line summary for today, then the week as a table. Times are
// NZ wall-clock times as the provider entered them; `now` comes from the loader so the server and the
// browser draw the same line.
import { addDays, WEEKDAYS, nzClock } from "~/platform/time/nz-time";
import { availabilityLine, formatRange, hasSchedule } from "~/core/weekly-schedule";
import type { WeeklySchedule } from "~/core/weekly-schedule";
import { rosterHours } from "~/core/roster";
import type { Shift } from "~/core/roster";

/**
 * `note`: the provider's free-text availability, shown under the table as a note on it. `shifts`: her agency's
 * roster, which overrides the weekly hours date by date (docs/decisions/0060-agency-roster.md): the line and
 * the table show the coming seven days as they will be.
 */
export function WeeklyHours({
  schedule,
  now,
  note,
  shifts = [],
}: {
  schedule: WeeklySchedule;
  now: number;
  note?: string | null;
  shifts?: readonly Shift[];
}) {
  if (!hasSchedule(schedule) && !shifts.length) return null;
  const hoursOn = rosterHours(schedule, shifts);
  const line = availabilityLine(schedule, now, hoursOn);
  const clock = nzClock(now);
  const today = clock.weekday;
  // Each weekday's date in the coming seven days (today first), whose hours the table shows.
  const dateOf = (day: number) => addDays(clock.date, (day - today + 7) % 7);
  return (
    <div className="space-y-3" data-testid="weekly-hours">
      {line.kind !== "none" ? (
        <p className="font-semibold text-accent" data-testid="availability-line">
          {line.text}
        </p>
      ) : null}
      <table className="w-full text-sm">
        <caption className="sr-only">Weekly hours, New Zealand time</caption>
        <tbody>
          {WEEKDAYS.map((weekday, day) => (
            <tr key={weekday} className="border-t border-line" aria-current={day === today ? "date" : undefined}>
              <th
                scope="row"
                className={`py-2 text-left font-normal ${day === today ? "text-white" : "text-zinc-300"}`}
              >
                {weekday}
              </th>
              <td className="py-2 text-right">
                {hoursOn(dateOf(day)).length ? (
                  hoursOn(dateOf(day)).map(formatRange).join(", ")
                ) : (
                  <span className="text-muted">—</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {note ? (
        <p className="whitespace-pre-line break-words text-sm text-zinc-300" data-testid="availability-note">
          <span className="font-semibold text-muted">Note: </span>
          {note}
        </p>
      ) : null}
    </div>
  );
}
