// the weekly hours travel with the listing: validated beside their fields on page 3, stored as JSON
// with a weekday mask, and sent in the editor's multipart body as one JSON part.
import { describe, expect, it } from "vitest";
import { listingFormData, readListingBody } from "~/features/listings/body";
import { validateListing } from "~/features/listings/schema";
import { emptySchedule, SCHEDULE_MSG } from "~/core/weekly-schedule";
import { validValues } from "./listing-fixtures";

const week = (days: Record<number, { start: string; end: string }[]>) => emptySchedule().map((_, d) => days[d] ?? []);

describe("a listing's weekly hours", () => {
  it("are stored in start order as JSON, with the weekdays they touch as a mask", () => {
    const schedule = week({
      0: [
        { start: "18:00", end: "23:00" },
        { start: "10:00", end: "14:00" },
      ],
      4: [{ start: "20:00", end: "02:00" }],
    });
    const r = validateListing(validValues({ schedule }), 3);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(JSON.parse(r.data.schedule)[0]).toEqual([
      { start: "10:00", end: "14:00" },
      { start: "18:00", end: "23:00" },
    ]);
    // Monday and Friday; Friday's hours past midnight do not make Saturday a day of hers.
    expect(r.data.availableDays).toBe(0b10001);
  });

  it("store nothing when no day has hours", () => {
    const r = validateListing(validValues({ schedule: emptySchedule() }), 3);
    expect(r.ok && r.data.schedule).toBe("");
    expect(r.ok && r.data.availableDays).toBe(0);
  });

  it("are refused beside the field, on page 3: 25:00, same start and end, overlaps", () => {
    const r = validateListing(
      validValues({
        schedule: week({
          1: [{ start: "25:00", end: "26:00" }],
          2: [{ start: "10:00", end: "10:00" }],
          3: [
            { start: "10:00", end: "15:00" },
            { start: "14:00", end: "16:00" },
          ],
        }),
      }),
      3,
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.page).toBe(3);
    expect(r.fieldErrors).toMatchObject({
      "schedule.1.0.start": SCHEDULE_MSG.badTime,
      "schedule.1.0.end": SCHEDULE_MSG.badEnd,
      "schedule.2.0.end": SCHEDULE_MSG.sameTimes,
      "schedule.3.1.start": SCHEDULE_MSG.overlap,
    });
  });

  it("refuse a hand-made shape: not seven days, or three ranges a day", () => {
    const six = validateListing({ ...validValues(), schedule: [[], [], [], [], [], []] }, 3);
    expect(six.ok).toBe(false);
    const three = [
      { start: "01:00", end: "02:00" },
      { start: "03:00", end: "04:00" },
      { start: "05:00", end: "06:00" },
    ];
    const r = validateListing(validValues({ schedule: week({ 5: three }) }), 3);
    expect(!r.ok && r.fieldErrors["schedule.5"]).toBe(SCHEDULE_MSG.tooMany);
  });

  it("go through the multipart body as one JSON part, and a broken part is a 400-style error", () => {
    const schedule = week({ 6: [{ start: "12:00", end: "18:00" }] });
    const body = readListingBody(listingFormData(validValues({ schedule }), {}));
    expect("values" in body && body.values.schedule).toEqual(schedule);
    const fd = listingFormData(validValues(), {});
    for (const bad of ["{not json", '{"a":1}', "x".repeat(3000)]) {
      fd.set("schedule", bad);
      expect(readListingBody(fd)).toEqual({ error: "schedule is not a valid weekly schedule", field: "schedule" });
    }
    // Left out, as by a client that predates it: no weekly hours.
    fd.delete("schedule");
    expect(
      "values" in readListingBody(fd) && (readListingBody(fd) as { values: { schedule: unknown } }).values.schedule,
    ).toEqual(emptySchedule());
  });
});
