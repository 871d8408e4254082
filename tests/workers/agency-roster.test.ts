// The agency's roster, /dashboard/roster (docs/decisions/0060-agency-roster.md): only an agency's owner edits it;
// bad cells are refused beside their fields with nothing written; a shift overrides the weekly hours on the
// profile, the card, the JSON and 'Available today'; a change to today's shift rewrites the KV snapshot and tells
// open pages; templates and 'copy last week' write whole weeks.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { client, signedIn } from "./client";
import type { SignedIn } from "./client";
import { insertListing } from "./fixtures";
import { addDays, nzClock } from "~/platform/time/nz-time";
import { cellField, mondayOf } from "~/features/agencies/roster";
import { sweepOldShifts } from "~/features/agencies/roster.server";

const anonymous = client();
const today = () => nzClock(Date.now()).date;
const thisMonday = () => mondayOf(today());

/** Text as React writes it into the page. */
const escaped = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;");

/** An agency account with listings in `region`, live, and weekly hours 10:00–16:00 every day. */
async function agencyWith(names: string[], region = "Tauranga"): Promise<{ agency: SignedIn; ids: string[] }> {
  const agency = await signedIn({ agency: true });
  const ids: string[] = [];
  const weekly = JSON.stringify(Array.from({ length: 7 }, () => [{ start: "10:00", end: "16:00" }]));
  for (const firstName of names) {
    const id = await insertListing({ userId: agency.userId, firstName, location: region });
    await env.DB.prepare("UPDATE listings SET schedule = ?, available_days = 127 WHERE id = ?").bind(weekly, id).run();
    ids.push(id);
  }
  return { agency, ids };
}

/** The week form as the page posts it: every cell of every listing, the ones given filled in. */
function weekForm(
  ids: string[],
  monday: string,
  cells: Record<string, { start?: string; end?: string; off?: boolean }>,
) {
  const form: Record<string, string | string[]> = { intent: "save-week", week: monday, listing: ids };
  for (const id of ids)
    for (let i = 0; i < 7; i++) {
      const date = addDays(monday, i);
      const cell = cells[`${id}|${date}`] ?? {};
      form[cellField(id, date, "start")] = cell.start ?? "";
      form[cellField(id, date, "end")] = cell.end ?? "";
      if (cell.off) form[cellField(id, date, "off")] = "on";
    }
  return form;
}

function formBody(fields: Record<string, string | string[]>): { multipart: FormData } {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const one of Array.isArray(v) ? v : [v]) form.append(k, one);
  return { multipart: form };
}

/** A plain form post, as the page sends one without JavaScript: the page comes back with the answer on it. */
async function post(
  as: SignedIn,
  fields: Record<string, string | string[]>,
): Promise<{ status: number; page: string }> {
  const res = await as.client.post("/dashboard/roster", formBody(fields));
  return { status: res.status, page: await res.text() };
}

/** The post's status, and that its page says `text`. */
async function says(answer: Promise<{ status: number; page: string }>, status: number, text: string) {
  const { status: got, page } = await answer;
  expect(got).toBe(status);
  expect(page).toContain(escaped(text));
  return page;
}

async function shifts(ids: string[]) {
  const { results } = await env.DB.prepare(
    `SELECT listing_id AS id, date, start_time AS start, end_time AS "end" FROM roster_shifts WHERE listing_id IN (${ids.map(() => "?").join(",")}) ORDER BY listing_id, date`,
  )
    .bind(...ids)
    .all<{ id: string; date: string; start: string | null; end: string | null }>();
  return results;
}

type Card = { modelId: string; shift: unknown };
async function gridCards(region: string, availableToday = false): Promise<Card[]> {
  const res = await anonymous.get(`/api/grid?region=${region}&pages=12${availableToday ? "&available=today" : ""}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { cards: Card[] }).cards;
}

describe("who may use the roster", () => {
  it("an independent gets a 404 for the page and its posts; a signed-out visitor is sent to sign in", async () => {
    const independent = await signedIn();
    expect((await independent.client.get("/dashboard/roster")).status).toBe(404);
    const res = await independent.client.post("/dashboard/roster", formBody({ intent: "off-today", listingId: "x" }));
    expect(res.status).toBe(404);
    const out = await anonymous.get("/dashboard/roster");
    expect(out.status).toBe(302);
    expect(out.headers.get("Location")).toContain("/login");
  });

  it("an agency cannot write another agency's listing", async () => {
    const { agency, ids } = await agencyWith(["Mine"]);
    const other = await agencyWith(["Theirs"]);
    await says(
      post(agency, { intent: "off-today", listingId: other.ids[0] }),
      403,
      "That listing is not one of your agency's.",
    );
    const week = await post(agency, weekForm([...ids, other.ids[0]], thisMonday(), {}));
    expect(week.status).toBe(403);
    expect(await shifts([...ids, other.ids[0]])).toEqual([]);
  });
});

describe("the week form", () => {
  it("shows the agency's listings and the week, with last week to eight weeks ahead", async () => {
    const { agency } = await agencyWith(["Sienna", "Jade"]);
    const html = await (await agency.client.get("/dashboard/roster")).text();
    expect(html).toContain("Sienna");
    expect(html).toContain("Jade");
    expect(html).toContain("Off today");
    expect(html).toContain("Weekly 10:00–16:00");
    expect((await agency.client.get(`/dashboard/roster?week=${addDays(thisMonday(), -14)}`)).status).toBe(400);
    expect((await agency.client.get(`/dashboard/roster?week=${addDays(thisMonday(), 63)}`)).status).toBe(400);
    expect((await agency.client.get(`/dashboard/roster?week=${addDays(thisMonday(), 56)}`)).status).toBe(200);
  });

  it("refuses bad cells beside their fields and writes nothing, not even the good ones", async () => {
    const { agency, ids } = await agencyWith(["Sienna"]);
    const [id] = ids;
    const monday = thisMonday();
    const page = await says(
      post(
        agency,
        weekForm(ids, monday, {
          [`${id}|${monday}`]: { start: "18:00", end: "02:00" },
          [`${id}|${addDays(monday, 1)}`]: { start: "18:00" },
          [`${id}|${addDays(monday, 2)}`]: { start: "6pm", end: "23:00" },
        }),
      ),
      400,
      "2 shifts need fixing.",
    );
    // Each error beside its field (the field points at it), and what was typed is kept.
    const half = cellField(id, addDays(monday, 1), "start");
    const garbled = cellField(id, addDays(monday, 2), "start");
    expect(page).toMatch(
      new RegExp(`id="${half}-error"[^>]*>Enter both a start and an end time, or leave both empty.<`),
    );
    expect(page).toMatch(new RegExp(`id="${garbled}-error"[^>]*>Enter a time as HH:MM, from 00:00 to 23:59.<`));
    expect(page).toMatch(new RegExp(`name="${garbled}"[^>]*value="6pm"|value="6pm"[^>]*name="${garbled}"`));
    expect(await shifts(ids)).toEqual([]);
    // A week out of range is refused as a whole.
    const far = await post(agency, weekForm(ids, addDays(monday, 70), {}));
    expect(far.status).toBe(400);
    // A post that names no listing, or an intent the page never sends.
    expect((await post(agency, { intent: "save-week", week: monday })).status).toBe(403);
    expect((await post(agency, { intent: "nonsense" })).status).toBe(400);
  });

  it("saves the week, and today's shift shows on the card, the profile, the JSON and 'Available today'", async () => {
    const { agency, ids } = await agencyWith(["Sienna", "Jade"], "Hamilton");
    const [sienna, jade] = ids;
    const date = today();
    // Sienna works 18:00–02:00 today and Jade is off.
    const todaysWeek = () =>
      weekForm(ids, thisMonday(), {
        [`${sienna}|${date}`]: { start: "18:00", end: "02:00" },
        [`${jade}|${date}`]: { off: true },
      });
    await says(post(agency, todaysWeek()), 200, "Roster saved.");
    expect(await shifts(ids)).toEqual(
      [
        { id: sienna, date, start: "18:00", end: "02:00" },
        { id: jade, date, start: null, end: null },
      ].sort((a, b) => (a.id < b.id ? -1 : 1)),
    );

    const cards = await gridCards("Hamilton");
    expect(cards.find((c) => c.modelId === sienna)?.shift).toEqual({ start: "18:00", end: "02:00" });
    expect(cards.find((c) => c.modelId === jade)?.shift).toBe("off");
    // Jade has weekly hours every day, but is off today: not 'Available today'.
    const available = (await gridCards("Hamilton", true)).map((c) => c.modelId);
    expect(available).toContain(sienna);
    expect(available).not.toContain(jade);

    // The page's text, without its tags (the card keeps the range in a span of its own).
    const regionPage = (await (await anonymous.get("/locations/Hamilton")).text()).replace(/<[^>]*>/g, "");
    expect(regionPage).toContain("Working today 18:00–02:00");
    expect(regionPage).toContain("Not working today");

    const profile = await (await anonymous.get(`/view/${sienna}`)).text();
    // Her weekly 10:00–16:00 is replaced today by the shift.
    expect(profile).toContain(">Available today 18:00–02:00<");
    const json = (await (await anonymous.get(`/api/model/${sienna}`)).json()) as { shifts: unknown };
    expect(json.shifts).toEqual([{ date, start: "18:00", end: "02:00" }]);

    // Saving the same week again changes nothing.
    await says(post(agency, todaysWeek()), 200, "No changes to save.");
  });
});

describe("today's change reaches readers at once", () => {
  it("'Off today' rewrites the KV snapshot and publishes profileUpdate; 'Undo off' gives the weekly hours back", async () => {
    const { agency, ids } = await agencyWith(["Ruby"], "Christchurch");
    const [id] = ids;
    // A snapshot made before the change.
    expect((await anonymous.get(`/view/${id}`)).status).toBe(200);
    const res = await client().get("/parties/listings-room/public-31", { headers: { Upgrade: "websocket" } });
    const socket = res.webSocket!;
    const messages: { type?: string; modelId?: string }[] = [];
    socket.accept();
    socket.addEventListener("message", (e) => messages.push(JSON.parse(String(e.data)) as { modelId?: string }));
    await says(post(agency, { intent: "off-today", listingId: id }), 200, "Off today: not shown as working today.");
    const snapshot = JSON.parse((await env.PROFILES.get(`profile:${id}`))!) as { shifts: unknown; updatedAt: number };
    expect(snapshot.shifts).toEqual([{ date: today(), start: null, end: null }]);
    const { updated_at } = (await env.DB.prepare("SELECT updated_at FROM listings WHERE id = ?")
      .bind(id)
      .first<{ updated_at: number }>())!;
    expect(snapshot.updatedAt).toBe(updated_at);
    const deadline = Date.now() + 5000;
    while (!messages.some((m) => m.modelId === id) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    expect(messages).toContainEqual(expect.objectContaining({ type: "profileUpdate", modelId: id }));
    await new Promise<void>((resolve) => {
      socket.addEventListener("close", () => resolve());
      socket.close(1000, "done");
      setTimeout(resolve, 500);
    });
    expect((await gridCards("Christchurch")).find((c) => c.modelId === id)?.shift).toBe("off");

    await says(post(agency, { intent: "on-today", listingId: id }), 200, "Back to the weekly hours today.");
    expect(await shifts(ids)).toEqual([]);
    const after = JSON.parse((await env.PROFILES.get(`profile:${id}`))!) as { shifts: unknown };
    expect(after.shifts).toEqual([]);
    expect((await gridCards("Christchurch")).find((c) => c.modelId === id)?.shift).toBeNull();
  });
});

describe("templates and copy last week", () => {
  it("copies last week's shifts into this week, day for day", async () => {
    const { agency, ids } = await agencyWith(["Mia"]);
    const [id] = ids;
    const last = addDays(thisMonday(), -7);
    await says(post(agency, { intent: "copy-last-week", week: thisMonday() }), 409, "Last week has no shifts to copy.");
    await post(
      agency,
      weekForm(ids, last, {
        [`${id}|${last}`]: { start: "20:00", end: "03:00" },
        [`${id}|${addDays(last, 3)}`]: { off: true },
      }),
    );
    await says(
      post(agency, { intent: "copy-last-week", week: thisMonday() }),
      200,
      "Last week's shifts copied to this week.",
    );
    expect((await shifts(ids)).filter((s) => s.date >= thisMonday())).toEqual([
      { id, date: thisMonday(), start: "20:00", end: "03:00" },
      { id, date: addDays(thisMonday(), 3), start: null, end: null },
    ]);
    // Last week's own first week has no week before it in the roster.
    expect((await post(agency, { intent: "copy-last-week", week: last })).status).toBe(400);
  });

  it("saves a week as a named template, applies it to another week, and deletes it", async () => {
    const { agency, ids } = await agencyWith(["Ava", "Zoe"]);
    const [ava, zoe] = ids;
    const monday = addDays(thisMonday(), 7);
    const target = addDays(thisMonday(), 14);
    await says(
      post(agency, { intent: "save-template", week: monday, name: "Summer" }),
      409,
      "This week has no shifts to save as a template.",
    );
    await says(
      post(agency, { intent: "save-template", week: monday, name: "  " }),
      400,
      "Name the template (1 to 40 characters).",
    );

    await post(
      agency,
      weekForm(ids, monday, {
        [`${ava}|${addDays(monday, 4)}`]: { start: "18:00", end: "02:00" },
        [`${zoe}|${addDays(monday, 6)}`]: { off: true },
      }),
    );
    await says(
      post(agency, { intent: "save-template", week: monday, name: "Summer" }),
      200,
      "Saved as the template 'Summer'.",
    );
    const template = (await env.DB.prepare("SELECT id FROM roster_templates WHERE user_id = ?")
      .bind(agency.userId)
      .first<{ id: string }>())!;
    // A shift already in the target week, on a day the template leaves empty, goes back to the weekly hours.
    await post(agency, weekForm(ids, target, { [`${ava}|${target}`]: { start: "09:00", end: "12:00" } }));
    await says(
      post(agency, { intent: "apply-template", week: target, templateId: template.id }),
      200,
      "Template applied to this week.",
    );
    expect((await shifts(ids)).filter((s) => s.date >= target)).toEqual(
      [
        { id: ava, date: addDays(target, 4), start: "18:00", end: "02:00" },
        { id: zoe, date: addDays(target, 6), start: null, end: null },
      ].sort((a, b) => (a.id < b.id ? -1 : 1)),
    );
    const html = await (await agency.client.get(`/dashboard/roster?week=${target}`)).text();
    expect(html).toContain("Summer");

    // Another agency cannot apply or delete it.
    const other = await agencyWith(["Eve"]);
    expect((await post(other.agency, { intent: "apply-template", week: target, templateId: template.id })).status).toBe(
      404,
    );
    expect((await post(other.agency, { intent: "delete-template", templateId: template.id })).status).toBe(404);
    await says(post(agency, { intent: "delete-template", templateId: template.id }), 200, "Template deleted.");
    expect((await post(agency, { intent: "apply-template", week: target, templateId: template.id })).status).toBe(404);
  });
});

describe("old shifts", () => {
  it("are swept two weeks after their date, touching no listing; recent ones stay", async () => {
    const { ids } = await agencyWith(["Old"]);
    const [id] = ids;
    const old = addDays(today(), -15);
    const kept = addDays(today(), -14);
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO roster_shifts (listing_id, date, start_time, end_time) VALUES (?, ?, '18:00', '02:00')",
      ).bind(id, old),
      env.DB.prepare(
        "INSERT INTO roster_shifts (listing_id, date, start_time, end_time) VALUES (?, ?, NULL, NULL)",
      ).bind(id, kept),
    ]);
    const version = () =>
      env.DB.prepare(
        "SELECT l.updated_at AS u, v.version AS v FROM listings l JOIN page_cache_versions v ON v.scope = 'listing:' || l.id WHERE l.id = ?",
      )
        .bind(id)
        .first<{ u: number; v: number }>();
    const before = await version();
    expect(await sweepOldShifts(env, Date.now())).toBeGreaterThanOrEqual(1);
    expect((await shifts(ids)).map((s) => s.date)).toEqual([kept]);
    expect(await version()).toEqual(before);
  });
});
