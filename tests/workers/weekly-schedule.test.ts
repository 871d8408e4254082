// weekly hours: saved with the listing (columns schedule and available_days), shown on the public
// profile and in its JSON, and the grid's 'Available today' filter keeps the listings with hours on today's
// NZ weekday. 'Active Now' is untouched by it.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { nzClock } from "~/platform/time/nz-time";
import type { Profile } from "~/core/profile";
import { emptySchedule } from "~/core/weekly-schedule";
import type { WeeklySchedule } from "~/core/weekly-schedule";
import { client, signedIn, uploadIds } from "./client";
import { positions, rows, saveForm, validValues } from "./editor-fixtures";
import { insertListing } from "./fixtures";

const visitor = client();
const week = (days: Record<number, { start: string; end: string }[]>): WeeklySchedule =>
  emptySchedule().map((_, d) => days[d] ?? []);

async function gridNames(qs: string): Promise<string[]> {
  const res = await visitor.get(`/api/grid?${qs}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { cards: { firstName: string }[] }).cards.map((c) => c.firstName);
}

describe("saving weekly hours", () => {
  it("stores them with their weekday mask and shows them on the profile and in its JSON", async () => {
    const owner = await signedIn();
    const today = nzClock(Date.now()).weekday;
    const schedule = week({
      [today]: [{ start: "00:00", end: "24:00" }],
      [(today + 2) % 7]: [{ start: "10:00", end: "22:00" }],
    });
    const res = await owner.client.post("/api/profiles", {
      multipart: saveForm(validValues({ schedule }), { uploadIds: positions(await uploadIds(owner, 3)) }),
    });
    expect(res.status).toBe(201);
    const profile = (await res.json()) as Profile;
    expect(profile.schedule).toEqual(schedule);
    const [row] = await rows<{ schedule: string; available_days: number }>(
      "SELECT schedule, available_days FROM listings WHERE id = ?",
      profile.modelId,
    );
    expect(JSON.parse(row.schedule)).toEqual(schedule);
    expect(row.available_days).toBe((1 << today) | (1 << ((today + 2) % 7)));

    // Published, the profile page shows today's line and the week.
    await env.DB.prepare(
      "UPDATE listings SET awaiting_consent = 0, agency_held = 0, verified = 1, paid = 1, live = 1 WHERE id = ?",
    )
      .bind(profile.modelId)
      .run();
    const page = await visitor.get(`/view/${profile.modelId}`);
    const html = await page.text();
    expect(html).toContain('data-testid="weekly-hours"');
    expect(html).toContain("Available today 00:00–24:00");
    const json = (await (await visitor.get(`/api/model/${profile.modelId}`)).json()) as Profile;
    expect(json.schedule).toEqual(schedule);
  });

  it("refuses bad hours with a 400 and the message beside the field, and writes nothing", async () => {
    const owner = await signedIn();
    const schedule = week({ 1: [{ start: "25:00", end: "10:00" }] });
    const res = await owner.client.post("/api/profiles", {
      multipart: saveForm(validValues({ schedule }), { uploadIds: positions(await uploadIds(owner, 3)) }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { fieldErrors?: Record<string, string> };
    expect(body.fieldErrors?.["schedule.1.0.start"]).toMatch(/HH:MM/);
    expect(await rows("SELECT id FROM listings WHERE user_id = ?", owner.userId)).toEqual([]);
  });

  it("refuses a schedule part that is not JSON with a 400, never a 500", async () => {
    const owner = await signedIn();
    const form = saveForm(validValues(), { uploadIds: positions(await uploadIds(owner, 3)) });
    form.set("schedule", "[[{]");
    const res = await owner.client.post("/api/profiles", { multipart: form });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: expect.stringContaining("schedule") });
  });
});

describe("the 'Available today' filter", () => {
  it("keeps listings with hours on today's NZ weekday, and leaves 'Active Now' alone", async () => {
    const today = nzClock(Date.now()).weekday;
    const tag = `T${Date.now()}`;
    await insertListing({ firstName: `${tag}Today`, location: "Hamilton" });
    await insertListing({ firstName: `${tag}Tomorrow`, location: "Hamilton" });
    await insertListing({ firstName: `${tag}None`, location: "Hamilton", active: true });
    await env.DB.prepare("UPDATE listings SET available_days = ? WHERE first_name = ?")
      .bind(1 << today, `${tag}Today`)
      .run();
    await env.DB.prepare("UPDATE listings SET available_days = ? WHERE first_name = ?")
      .bind(1 << ((today + 1) % 7), `${tag}Tomorrow`)
      .run();
    const mine = (names: string[]) => names.filter((n) => n.startsWith(tag)).sort();
    expect(mine(await gridNames("region=Hamilton&available=today"))).toEqual([`${tag}Today`]);
    expect(mine(await gridNames("region=Hamilton"))).toEqual([`${tag}None`, `${tag}Today`, `${tag}Tomorrow`]);
    expect(mine(await gridNames("region=Hamilton&show=active"))).toEqual([`${tag}None`]);
    // The page's filter bar offers it as a link, and marks it when on (the link opens at the results).
    const html = await (await visitor.get("/locations/Hamilton?available=today")).text();
    expect(html).toMatch(/<a aria-current="true"[^>]*href="\/locations\/Hamilton#results">Available today<\/a>/);
  });
});
