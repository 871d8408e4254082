// The roster page, /dashboard/roster (docs/decisions/0060-agency-roster.md): the agency owner's week of shifts,
// 'off today', 'copy last week' and templates. Only an agency's owner has a roster: anyone else gets a 404. Plain
// form posts (the page works without JavaScript); each answer is `{ ok, message }` or `{ ok: false, error }` with
// its 4xx status, and a week with bad cells answers every error beside its field with nothing written.
import { data } from "@remix-run/cloudflare";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { requireUser, requireUserForPost } from "~/features/accounts/guards.server";
import { ownerWriteLimited } from "~/features/listings/own-listing.server";
import { ERROR_MSG } from "~/features/site/messages";
import { isId } from "~/platform/data/ids";
import { readForm, textFields } from "~/platform/http/body.server";
import { noStore } from "~/platform/http/page-answer";
import { addDays, nzDate } from "~/platform/time/nz-time";
import { formatRange } from "~/core/weekly-schedule";
import { rosterHours } from "~/core/roster";
import type { SessionUser } from "~/core/session-user";
import {
  agencyListingIds,
  deleteTemplate,
  lastWeekCells,
  loadRosterWeek,
  saveTemplate,
  templatePattern,
  writeCells,
} from "./roster.server";
import {
  cellKey,
  cellOf,
  parseWeek,
  readWeekForm,
  ROSTER_MSG,
  ROSTER_PATH,
  templateName,
  weekBounds,
  weekDates,
  weekFromPattern,
} from "./roster";
import type { RosterPageData, RosterResult } from "./roster";

/** A week form of an agency of many listings is larger than the usual small form. */
const ROSTER_BODY_BYTES = 256 * 1024;

const fail = (status: number, error: string, more: Omit<Extract<RosterResult, { ok: false }>, "ok" | "error"> = {}) =>
  data<RosterResult>({ ok: false, error, ...more }, { status, headers: noStore() });
const done = (message: string) => data<RosterResult>({ ok: true, message }, { headers: noStore() });

function requireAgency(user: SessionUser) {
  if (!user.agency) throw data({ error: ROSTER_MSG.notAgency }, { status: 404, headers: noStore() });
}

export async function rosterPage(request: Request, context: AppLoadContext) {
  const env = context.cloudflare.env;
  const user = await requireUser(request, context);
  requireAgency(user);
  const today = nzDate(Date.now());
  const monday = parseWeek(new URL(request.url).searchParams.get("week"), today);
  if (!monday) throw data({ error: ROSTER_MSG.badWeek }, { status: 400, headers: noStore() });
  const week = await loadRosterWeek(env, user.id, monday);
  const { first, last } = weekBounds(today);
  const dates = weekDates(monday);
  const stored = new Map(week.shifts.map((s) => [cellKey(s.listingId, s.date), cellOf(s)]));
  const page: RosterPageData = {
    today,
    monday,
    prevWeek: monday > first ? addDays(monday, -7) : null,
    nextWeek: monday < last ? addDays(monday, 7) : null,
    dates,
    rows: week.listings.map((listing) => {
      const weekly = rosterHours(listing.schedule, []);
      return {
        id: listing.id,
        name: listing.name || "Unnamed listing",
        live: listing.live,
        days: dates.map((date) => ({
          date,
          cell: stored.get(cellKey(listing.id, date)) ?? null,
          weekly: weekly(date).map(formatRange).join(", "),
        })),
      };
    }),
    templates: week.templates,
  };
  return data(page, { headers: noStore() });
}

/** The listings the form names, all the agency's; null when one is not (or none is named). */
async function ownListings(env: Env, userId: string, named: string[]): Promise<string[] | null> {
  if (!named.length || !named.every(isId)) return null;
  const own = new Set(await agencyListingIds(env, userId));
  return named.every((id) => own.has(id)) ? [...new Set(named)] : null;
}

export async function rosterAction(request: Request, context: AppLoadContext) {
  const { env, ctx } = context.cloudflare;
  const user = await requireUserForPost(request, env, ROSTER_PATH);
  requireAgency(user);
  const form = await readForm(request, ROSTER_BODY_BYTES);
  if (!form) return fail(400, ROSTER_MSG.badRequest);
  const fields = textFields(form);
  if (await ownerWriteLimited(env, user.id)) return fail(429, ERROR_MSG.tooManyChanges);
  const now = Date.now();
  const today = nzDate(now);
  const monday = parseWeek(fields.week, today);

  switch (fields.intent) {
    case "off-today":
    case "on-today": {
      const listingId = fields.listingId ?? "";
      if (!isId(listingId)) return fail(400, ROSTER_MSG.badRequest);
      if (!(await ownListings(env, user.id, [listingId]))) return fail(403, ROSTER_MSG.notYours);
      const off = fields.intent === "off-today";
      await writeCells(env, ctx, user.id, new Map([[cellKey(listingId, today), off ? "off" : null]]), now);
      return done(off ? "Off today: not shown as working today." : "Back to the weekly hours today.");
    }
    case "save-week": {
      if (!monday) return fail(400, ROSTER_MSG.badWeek, { field: "week" });
      const ids = await ownListings(env, user.id, form.getAll("listing").map(String));
      if (!ids) return fail(403, ROSTER_MSG.notYours);
      const week = readWeekForm(form, ids, monday);
      const errors = Object.keys(week.errors).length;
      if (errors)
        return fail(400, errors === 1 ? "One shift needs fixing." : `${errors} shifts need fixing.`, {
          fieldErrors: week.errors,
          values: week.values,
        });
      const changed = await writeCells(env, ctx, user.id, week.cells, now);
      return done(changed ? "Roster saved." : "No changes to save.");
    }
    case "copy-last-week": {
      if (!monday || monday <= weekBounds(today).first) return fail(400, ROSTER_MSG.badWeek, { field: "week" });
      const { cells, copied } = await lastWeekCells(env, user.id, monday);
      if (!copied) return fail(409, ROSTER_MSG.nothingToCopy);
      await writeCells(env, ctx, user.id, cells, now);
      return done("Last week's shifts copied to this week.");
    }
    case "save-template": {
      if (!monday) return fail(400, ROSTER_MSG.badWeek, { field: "week" });
      const name = templateName(fields.name ?? "");
      if (!name) return fail(400, ROSTER_MSG.templateName, { field: "name" });
      const saved = await saveTemplate(env, user.id, name, monday, now);
      if (saved === "empty") return fail(409, ROSTER_MSG.emptyWeek, { field: "name" });
      if (saved === "full") return fail(409, ROSTER_MSG.tooManyTemplates, { field: "name" });
      return done(`Saved as the template '${name}'.`);
    }
    case "apply-template": {
      if (!monday) return fail(400, ROSTER_MSG.badWeek, { field: "week" });
      const templateId = fields.templateId ?? "";
      const pattern = isId(templateId) ? await templatePattern(env, user.id, templateId) : null;
      if (!pattern) return fail(404, ROSTER_MSG.noTemplate, { field: "templateId" });
      const cells = weekFromPattern(pattern, monday, await agencyListingIds(env, user.id));
      await writeCells(env, ctx, user.id, cells, now);
      return done("Template applied to this week.");
    }
    case "delete-template": {
      const templateId = fields.templateId ?? "";
      if (!isId(templateId) || !(await deleteTemplate(env, user.id, templateId)))
        return fail(404, ROSTER_MSG.noTemplate, { field: "templateId" });
      return done("Template deleted.");
    }
    default:
      return fail(400, ERROR_MSG.unknownAction);
  }
}
