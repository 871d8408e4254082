// The roster's week form (docs/decisions/0060-agency-roster.md): each listing's seven days, each a shift (from, to),
// 'Off', or empty for the weekly hours. On a phone a listing is a card of seven day rows; from lg up the listings
// are rows of a grid with a column per day. One plain form post saves the week; errors show beside their field.
import { Form } from "@remix-run/react";
import { WEEKDAYS, weekdayOf } from "~/platform/time/nz-time";
import { shortDate } from "~/platform/time/short-dates";
import { buttonClass } from "~/ui/Button";
import { cellField } from "./roster";
import type { Cell, RosterPageData, RosterRow } from "./roster";

type Sent = { errors: Record<string, string>; values: Record<string, string> } | null;

const short = (date: string) => `${WEEKDAYS[weekdayOf(date)].slice(0, 3)} ${shortDate(date)}`;

const INPUT =
  "min-h-11 w-full min-w-0 rounded-lg border border-line bg-ink px-2 text-base text-zinc-100 aria-[invalid=true]:border-rose-400";

export function RosterWeek({ page, sent, busy }: { page: RosterPageData; sent: Sent; busy: boolean }) {
  // Made again whenever the stored week changes (a template applied, last week copied), so the fields show it.
  const version = page.monday + JSON.stringify(page.rows.map((r) => r.days.map((d) => d.cell)));
  return (
    <Form method="post" key={version} className="space-y-3" data-testid="roster-week" aria-label="Shifts this week">
      <input type="hidden" name="intent" value="save-week" />
      <input type="hidden" name="week" value={page.monday} />
      <div className="hidden gap-2 px-3 text-sm font-semibold text-zinc-300 lg:grid lg:grid-cols-[8rem_repeat(7,minmax(0,1fr))]">
        <span>Listing</span>
        {page.dates.map((d) => (
          <span key={d} className={d === page.today ? "text-accent" : undefined}>
            {short(d)}
          </span>
        ))}
      </div>
      {page.rows.map((row) => (
        <ListingRow key={row.id} row={row} today={page.today} sent={sent} />
      ))}
      <div className="sticky bottom-0 z-10 -mx-3 flex items-center gap-3 border-t border-line bg-ink/95 px-3 py-3">
        <button type="submit" className={buttonClass({ className: "flex-1 sm:flex-none" })} disabled={busy}>
          {busy ? "Saving…" : "Save this week"}
        </button>
        <p className="hidden text-sm text-muted sm:block">Empty days keep the weekly hours.</p>
      </div>
    </Form>
  );
}

function ListingRow({ row, today, sent }: { row: RosterRow; today: string; sent: Sent }) {
  const headingId = `roster-${row.id}`;
  return (
    <section
      role="group"
      aria-labelledby={headingId}
      className="rounded-xl border border-line bg-panel p-3 lg:grid lg:grid-cols-[8rem_repeat(7,minmax(0,1fr))] lg:gap-2"
      data-testid="roster-listing"
    >
      <input type="hidden" name="listing" value={row.id} />
      <h3 id={headingId} className="mb-1 truncate font-semibold lg:mb-0 lg:pt-2">
        {row.name}
        {row.live ? null : <span className="ml-2 text-xs font-normal text-muted">Hidden</span>}
      </h3>
      {row.days.map((day) => (
        <DayCell key={day.date} listingId={row.id} name={row.name} day={day} today={today} sent={sent} />
      ))}
    </section>
  );
}

function DayCell({
  listingId,
  name,
  day,
  today,
  sent,
}: {
  listingId: string;
  name: string;
  day: RosterRow["days"][number];
  today: string;
  sent: Sent;
}) {
  const f = (part: "start" | "end" | "off") => cellField(listingId, day.date, part);
  const value = (part: "start" | "end", cell: Cell) =>
    sent ? (sent.values[f(part)] ?? "") : cell && cell !== "off" ? cell[part] : "";
  const off = sent ? sent.values[f("off")] === "on" : day.cell === "off";
  const error = sent ? (sent.errors[f("start")] ?? sent.errors[f("end")]) : undefined;
  const errorId = `${f("start")}-error`;
  const label = `${name}, ${WEEKDAYS[weekdayOf(day.date)]} ${shortDate(day.date)}`;
  const isToday = day.date === today;
  const input = (part: "start" | "end", words: string) => (
    <input
      type="time"
      name={f(part)}
      defaultValue={value(part, day.cell)}
      aria-label={`${label}: ${words}`}
      aria-invalid={sent?.errors[f(part)] ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      className={INPUT}
    />
  );
  return (
    // A phone: the day, its weekly hours and 'Off' on one line, from and to side by side under it (wide enough for
    // '06:00 PM'). From lg up the day is a column of the grid: its header names the date.
    <div
      className={`grid grid-cols-2 gap-x-2 gap-y-1 border-t border-line py-2 first-of-type:border-t-0 lg:grid-cols-1 lg:content-start lg:border-t-0 lg:py-0 ${
        isToday ? "-mx-1 rounded-lg bg-accent/10 px-1 lg:p-1" : ""
      }`}
      data-testid="roster-day"
      data-date={day.date}
    >
      <div className="col-span-2 flex items-center justify-between gap-2 lg:col-span-1 lg:order-last lg:flex-col lg:items-start lg:gap-0">
        <p className="min-w-0 text-sm">
          <span className={`lg:sr-only ${isToday ? "font-semibold text-accent" : "text-zinc-200"}`}>
            {isToday ? `Today, ${short(day.date)}` : short(day.date)}
          </span>
          <span className="ml-2 text-xs text-muted lg:ml-0 lg:block">
            {day.weekly ? `Weekly ${day.weekly}` : "No weekly hours"}
          </span>
        </p>
        <label className="flex min-h-11 shrink-0 items-center gap-2 text-sm">
          <input
            type="checkbox"
            name={f("off")}
            defaultChecked={off}
            className="h-5 w-5"
            aria-label={`${label}: off`}
          />
          <span aria-hidden="true">Off</span>
        </label>
      </div>
      {input("start", "from")}
      {input("end", "to")}
      {error ? (
        <p id={errorId} className="col-span-2 text-sm text-rose-300 lg:col-span-1" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
