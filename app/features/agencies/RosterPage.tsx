// The agency's roster page (docs/decisions/0060-agency-roster.md): today at a glance with one tap for 'Off today',
// the week's shifts, and below them 'Copy last week' and the templates. Every control is a plain form post, so the
// page works without JavaScript; with it, Remix sends them without reloading and the page follows the answer.
import { Form, Link, useNavigation } from "@remix-run/react";
import { Alert } from "~/ui/Alert";
import { buttonClass } from "~/ui/Button";
import { WEEKDAYS, addDays, weekdayOf } from "~/platform/time/nz-time";
import { shortDate, shortDateRange } from "~/platform/time/short-dates";
import { cardShiftText } from "~/core/roster";
import { ROSTER_PATH, TEMPLATE_NAME_MAX } from "./roster";
import type { Cell, RosterPageData, RosterResult } from "./roster";
import { RosterWeek } from "./RosterWeek";

const weekLink = (monday: string) => `${ROSTER_PATH}?week=${monday}`;
const SMALL = buttonClass({ variant: "secondary", className: "text-sm" });
const SELECT = "min-h-11 w-full rounded-lg border border-line bg-ink px-3 text-base text-zinc-100 sm:w-auto";

export function RosterPage({ page, result }: { page: RosterPageData; result: RosterResult | undefined }) {
  const navigation = useNavigation();
  const busyIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const sent =
    result && !result.ok && result.fieldErrors ? { errors: result.fieldErrors, values: result.values ?? {} } : null;
  const fieldError = (field: string) => (result && !result.ok && result.field === field ? result.error : null);
  return (
    <div className="space-y-6">
      {result ? (
        <div role={result.ok ? "status" : "alert"} data-testid="roster-result">
          <Alert tone={result.ok ? "success" : "error"}>{result.ok ? result.message : result.error}</Alert>
        </div>
      ) : null}
      {page.dates.includes(page.today) ? <TodayPanel page={page} /> : null}
      <nav className="flex items-center justify-between gap-2" aria-label="Weeks">
        {page.prevWeek ? (
          <Link to={weekLink(page.prevWeek)} className={SMALL} aria-label="Previous week">
            ← Prev
          </Link>
        ) : (
          <span />
        )}
        <h2 className="text-center text-lg font-semibold" data-testid="roster-week-title">
          {shortDateRange(page.monday, addDays(page.monday, 6))}
        </h2>
        {page.nextWeek ? (
          <Link to={weekLink(page.nextWeek)} className={SMALL} aria-label="Next week">
            Next →
          </Link>
        ) : (
          <span />
        )}
      </nav>
      {page.rows.length ? (
        <RosterWeek page={page} sent={sent} busy={busyIntent === "save-week"} />
      ) : (
        <p className="text-muted">Add a listing first: the roster lists your agency&apos;s listings.</p>
      )}
      <section className="space-y-4 rounded-2xl border border-line bg-panel p-4" aria-labelledby="roster-tools">
        <h2 id="roster-tools" className="text-lg font-semibold">
          Copy and templates
        </h2>
        <Form method="post">
          <input type="hidden" name="intent" value="copy-last-week" />
          <input type="hidden" name="week" value={page.monday} />
          <button type="submit" className={SMALL} disabled={busyIntent === "copy-last-week"}>
            Copy last week into this week
          </button>
        </Form>
        <Form method="post" className="space-y-1" data-testid="save-template">
          <input type="hidden" name="intent" value="save-template" />
          <input type="hidden" name="week" value={page.monday} />
          <label htmlFor="template-name" className="block text-sm font-medium">
            Save this week as a template
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <input
              id="template-name"
              name="name"
              maxLength={TEMPLATE_NAME_MAX}
              placeholder="e.g. Summer week"
              aria-invalid={fieldError("name") ? true : undefined}
              aria-describedby={fieldError("name") ? "template-name-error" : undefined}
              className={SELECT}
            />
            <button type="submit" className={SMALL}>
              Save template
            </button>
          </div>
          {fieldError("name") ? (
            <p id="template-name-error" className="text-sm text-rose-300">
              {fieldError("name")}
            </p>
          ) : null}
        </Form>
        {page.templates.length ? (
          <Form method="post" className="space-y-1" data-testid="apply-template">
            <input type="hidden" name="week" value={page.monday} />
            <label htmlFor="template-id" className="block text-sm font-medium">
              Apply a template to this week
            </label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <select id="template-id" name="templateId" className={SELECT}>
                {page.templates.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
              </select>
              <div className="flex gap-2">
                <button type="submit" name="intent" value="apply-template" className={`${SMALL} flex-1`}>
                  Apply
                </button>
                <button
                  type="submit"
                  name="intent"
                  value="delete-template"
                  className={buttonClass({ variant: "danger", className: "flex-1 text-sm" })}
                >
                  Delete
                </button>
              </div>
            </div>
            {fieldError("templateId") ? <p className="text-sm text-rose-300">{fieldError("templateId")}</p> : null}
          </Form>
        ) : (
          <p className="text-sm text-muted">No templates yet: save a week to use its pattern again.</p>
        )}
      </section>
    </div>
  );
}

const todayText = (cell: Cell, weekly: string) =>
  cell === null ? (weekly ? `Weekly hours ${weekly}` : "No hours today") : cardShiftText(cell);

/** Today's shift of each listing, with one tap to take her off today (or give today back to the weekly hours). */
function TodayPanel({ page }: { page: RosterPageData }) {
  return (
    <section className="space-y-2 rounded-2xl border border-line bg-panel p-4" aria-labelledby="roster-today">
      <h2 id="roster-today" className="text-lg font-semibold">
        {`Today, ${WEEKDAYS[weekdayOf(page.today)]} ${shortDate(page.today)}`}
      </h2>
      <ul className="divide-y divide-line">
        {page.rows.map((row) => {
          const day = row.days.find((d) => d.date === page.today)!;
          return (
            <li key={row.id} className="flex items-center justify-between gap-3 py-2" data-testid="roster-today-row">
              <div className="min-w-0">
                <p className="truncate font-semibold">{row.name}</p>
                <p className={`text-sm ${day.cell === "off" ? "text-muted" : "text-zinc-300"}`}>
                  {todayText(day.cell, day.weekly)}
                </p>
              </div>
              <Form method="post" className="shrink-0">
                <input type="hidden" name="listingId" value={row.id} />
                {day.cell === "off" ? (
                  <button type="submit" name="intent" value="on-today" className={SMALL}>
                    Undo off
                  </button>
                ) : (
                  <button type="submit" name="intent" value="off-today" className={SMALL}>
                    Off today
                  </button>
                )}
              </Form>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
