// Tour stops in the editor's form, its save body, its preview and the grid's card line (docs/touring.md).
import { describe, expect, it } from "vitest";
import { listingFormData, readListingBody } from "~/features/listings/body";
import { previewProfile, valuesFromProfile } from "~/features/listings/editor/form";
import { tourContext, validateListing } from "~/features/listings/schema";
import { nzDayStart } from "~/platform/time/nz-time";
import { cardTourText, draftStops, earliestRunningStart, MAX_STOP_DAYS, TOUR_MSG, tourInputs } from "~/core/tour-stops";
import type { TourStop } from "~/core/tour-stops";
import { validValues } from "./listing-fixtures";

const today = "2026-11-23";
const ctx = { today, saved: [] as TourStop[] };
const wellington = { region: "Wellington", suburb: "Te Aro", start: "2026-12-03", end: "2026-12-05" };

describe("tour stops in the listing save", () => {
  it("passes checked stops on, sorted, with the rest of the listing", () => {
    const later = { region: "Hamilton", suburb: "", start: "2026-12-10", end: "2026-12-10" };
    const result = validateListing(validValues({ tours: [later, wellington] }), 3, ctx);
    expect(result.ok && result.data.tours).toEqual([
      { region: "Wellington", suburb: "Te Aro", start: "2026-12-03", end: "2026-12-05" },
      { region: "Hamilton", suburb: null, start: "2026-12-10", end: "2026-12-10" },
    ]);
  });

  it("puts each bad stop's message beside its field, on page 3", () => {
    const result = validateListing(
      validValues({
        tours: [
          { region: "Wellington", suburb: "", start: "2026-12-05", end: "2026-12-03" },
          { region: "Atlantis", suburb: "", start: "2026-12-03", end: "2026-12-05" },
          { region: "Hamilton", suburb: "", start: "2026-11-01", end: "2026-11-02" },
          { region: "Auckland", suburb: "", start: "2026-12-03", end: "2026-12-05" },
        ],
      }),
      3,
      ctx,
    );
    expect(result).toMatchObject({
      ok: false,
      page: 3,
      error: "Please fix the issues on page 3 before saving.",
      fieldErrors: {
        "tours.0.end": TOUR_MSG.endBeforeStart,
        "tours.1.region": TOUR_MSG.region,
        "tours.2.end": TOUR_MSG.past,
        "tours.3.region": TOUR_MSG.homeRegion,
      },
    });
  });

  it("refuses overlapping stops and more than five", () => {
    const overlap = { region: "Hamilton", suburb: "", start: "2026-12-05", end: "2026-12-06" };
    expect(validateListing(validValues({ tours: [wellington, overlap] }), 3, ctx)).toMatchObject({
      ok: false,
      fieldErrors: { "tours.1.start": TOUR_MSG.overlap },
    });
    const six = Array.from({ length: 6 }, (_, i) => ({ ...wellington, start: `2026-12-1${i}`, end: `2026-12-1${i}` }));
    expect(validateListing(validValues({ tours: six }), 3, ctx)).toMatchObject({
      ok: false,
      fieldErrors: { tours: TOUR_MSG.tooMany },
    });
  });

  it("checks against the NZ date of the clock it is given", () => {
    // 11:30 UTC on 22 Nov is already 23 Nov in Auckland (NZDT): a stop starting on the 22nd is in the past.
    const context = tourContext([], Date.UTC(2026, 10, 22, 11, 30));
    expect(context.today).toBe("2026-11-23");
    const stop = { region: "Wellington", suburb: "", start: "2026-11-22", end: "2026-11-24" };
    expect(validateListing(validValues({ tours: [stop] }), 3, context)).toMatchObject({
      fieldErrors: { "tours.0.start": TOUR_MSG.startPast },
    });
  });
});

describe("the save body", () => {
  it("carries the stops as JSON and reads them back", () => {
    const body = readListingBody(listingFormData(validValues({ tours: [wellington] }), {}));
    expect("values" in body && body.values.tours).toEqual([wellington]);
  });

  it("answers a body error for tours that are not a list, never a crash", () => {
    for (const raw of ["{", '{"a":1}', JSON.stringify(Array(21).fill(wellington)), "x".repeat(5000)]) {
      const fd = listingFormData(validValues(), {});
      fd.set("tours", raw);
      expect(readListingBody(fd), raw.slice(0, 20)).toMatchObject({ field: "tours" });
    }
    const fd = listingFormData(validValues(), {});
    fd.set("tours", JSON.stringify([1, "a", null]));
    const body = readListingBody(fd);
    // Junk items become empty stops: messages beside the fields, not a 500.
    expect("values" in body && validateListing(body.values, 3, ctx)).toMatchObject({
      ok: false,
      fieldErrors: { "tours.0.region": TOUR_MSG.region },
    });
  });
});

describe("the form, the preview and the card", () => {
  const saved: TourStop[] = [
    { region: "Christchurch", suburb: null, start: "2026-11-01", end: "2026-11-03" },
    { region: "Wellington", suburb: "Te Aro", start: "2026-12-03", end: "2026-12-05" },
  ];

  it("loads the stops not yet over into the form, so a save drops ended ones", () => {
    expect(tourInputs(saved, today)).toEqual([wellington]);
    const profile = previewProfile(validValues({ tours: [wellington] }), [], {
      listingId: "m1",
      verified: false,
      live: false,
      photoVerified: false,
    });
    expect(valuesFromProfile({ ...profile, tours: saved }, today).tours).toEqual([wellington]);
  });

  it("previews the draft's stops that read as stops", () => {
    expect(
      draftStops([
        wellington,
        { region: "", suburb: "", start: today, end: today },
        { region: "Hamilton", suburb: "", start: "2026-12-09", end: "2026-12-01" },
      ]),
    ).toEqual([saved[1]]);
  });

  it("reads a card's stop as the badge where it tours and the line elsewhere", () => {
    const tour = { region: "Wellington" as const, start: "2026-12-03", end: "2026-12-05" };
    expect(cardTourText({ ...tour, here: true })).toBe("Touring · Wellington 3–5 Dec");
    expect(cardTourText({ ...tour, here: false })).toBe("On tour in Wellington until 5 Dec");
  });

  it("reads only stops begun in the last MAX_STOP_DAYS days: no running stop starts earlier", () => {
    expect(earliestRunningStart("2026-12-31")).toBe("2026-12-01");
    expect(MAX_STOP_DAYS).toBe(31);
    expect(nzDayStart("2026-12-03")).toBe(Date.UTC(2026, 11, 2, 11));
  });
});
