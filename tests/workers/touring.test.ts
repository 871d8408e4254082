// touring: during a stop a live listing is also listed and counted in the region it tours, with the
// badge 'Touring · Wellington 3–5 Dec', and its home region shows 'On tour in Wellington until 5 Dec'. Stops end
// by the request's NZ date (no write, no cron), are saved with the listing in one batch, and every bad stop
// gets a 400 with its message beside the field.
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { parseFilters } from "~/features/catalogue/filters";
import { addDays, nzDate, nzDayStart, shortDate } from "~/platform/time/nz-time";
import type { Profile } from "~/core/profile";
import { TOUR_MSG } from "~/core/tour-stops";
import type { Region } from "~/core/regions";
import { loadFacets } from "~/features/catalogue/facets.server";
import { loadGridPage } from "~/features/catalogue/grid.server";
import { client, signedIn } from "./client";
import type { SignedIn } from "./client";
import { rows, saveForm, validValues } from "./editor-fixtures";
import { insertListing } from "./fixtures";
import { insertImages, insertRate } from "./public-fixtures";
import { sleep } from "./background";
import { onNzMorningClock } from "./clock";

// Stops run by NZ dates, and the tests below date theirs from today: NZ midnight must not fall in the middle
// of one (clock.ts).
onNzMorningClock();

const visitor = client();
const none = parseFilters(new URLSearchParams());
const touringOnly = parseFilters(new URLSearchParams("show=touring"));

/** Top of every grid: featured and listed after anything else here. */
let order = 0;
async function topListing(over: Parameters<typeof insertListing>[0] = {}) {
  order++;
  return insertListing({ featured: true, listedAt: Date.now() + 1e10 + order * 1000, ...over });
}

async function addStop(listingId: string, position: number, region: Region, start: string, end: string) {
  await env.DB.prepare(
    "INSERT INTO tour_stops (listing_id, position, region, suburb, start_date, end_date) VALUES (?, ?, ?, NULL, ?, ?)",
  )
    .bind(listingId, position, region, start, end)
    .run();
}

async function gridAt(region: Region | null, now: number, filters = none) {
  return (await loadGridPage(env, { region, filters, page: 1, now })).cards;
}

describe("a touring listing in the grid and the counts, by the request's NZ date", () => {
  // Far ahead, so no other test's stop runs on these days.
  const start = "2099-12-03";
  const end = "2099-12-05";
  const clocks = {
    before: nzDayStart(start) - 1,
    first: nzDayStart(start),
    last: nzDayStart("2099-12-06") - 1,
    after: nzDayStart("2099-12-06"),
  };

  it("is listed and counted in the tour region from its first NZ midnight to its last, and not outside", async () => {
    const id = await topListing({ firstName: "Tui", location: "Auckland" });
    const hidden = await topListing({ firstName: "Kahu", location: "Auckland", live: false, subscription: "none" });
    const baseline = await loadFacets(env, null, clocks.before);
    await addStop(id, 1, "Wellington", start, end);
    await addStop(hidden, 1, "Wellington", start, end);

    for (const [name, now] of Object.entries(clocks)) {
      const during = name === "first" || name === "last";
      const wellington = await gridAt("Wellington", now);
      const card = wellington.find((c) => c.modelId === id);
      expect(Boolean(card), name).toBe(during);
      // Only live listings: a hidden one touring is neither listed nor counted.
      expect(
        wellington.some((c) => c.modelId === hidden),
        name,
      ).toBe(false);
      const facets = await loadFacets(env, "Wellington", now);
      expect(facets.counts.Wellington - baseline.counts.Wellington, name).toBe(during ? 1 : 0);
      // Counted once in New Zealand, in its home region.
      expect(facets.counts.Auckland, name).toBe(baseline.counts.Auckland);
      expect(facets.total, name).toBe(baseline.total);
      // 'Touring' in Wellington: the listings touring there.
      expect(
        (await gridAt("Wellington", now, touringOnly)).map((c) => c.modelId),
        name,
      ).toEqual(during ? [id] : []);
      // At home it stays listed, with where it is away to while the stop runs.
      const home = (await gridAt("Auckland", now)).find((c) => c.modelId === id);
      expect(home?.tour ?? null, name).toEqual(during ? { region: "Wellington", start, end, here: false } : null);
    }
    const card = (await gridAt("Wellington", clocks.first)).find((c) => c.modelId === id);
    expect(card?.tour).toEqual({ region: "Wellington", start, end, here: true });
    // Never in a third region.
    expect((await gridAt("Hamilton", clocks.first)).some((c) => c.modelId === id)).toBe(false);
    // All of New Zealand lists it once.
    expect((await gridAt(null, clocks.first)).filter((c) => c.modelId === id)).toHaveLength(1);
    expect((await gridAt(null, clocks.first, touringOnly)).map((c) => c.modelId)).toContain(id);
  });

  it("merges touring listings into the region's grid order across pages, none twice and none lost", async () => {
    const day = "2099-11-10";
    const now = nzDayStart(day) + 3600_000;
    // Newest first: every third listing is based in Hamilton and touring Tauranga today.
    const all: string[] = [];
    for (let i = 0; i < 14; i++) {
      const touring = i % 3 === 1;
      const id = await topListing({ location: touring ? "Hamilton" : "Tauranga" });
      if (touring) await addStop(id, 1, "Tauranga", day, day);
      all.unshift(id);
    }
    const seen: string[] = [];
    for (let page = 1; page <= 2; page++)
      seen.push(
        ...(await loadGridPage(env, { region: "Tauranga", filters: none, page, now })).cards.map((c) => c.modelId),
      );
    // In the tier's rotation order of the moment (docs/decisions/0024-counting-off-the-request-path.md), every
    // listing, based or touring, once.
    expect([...seen.slice(0, 14)].sort()).toEqual([...all].sort());
    // A refresh of both pages at once reads the same.
    const both = await loadGridPage(env, { region: "Tauranga", filters: none, page: 1, pages: 2, now });
    expect(both.cards.map((c) => c.modelId).slice(0, 14)).toEqual(seen.slice(0, 14));
    expect(new Set(seen).size).toBe(seen.length);
  });
});

describe("the public pages while a stop runs (dates from today)", () => {
  it("shows the badge in the tour region, the line at home and on the profile, and the stops to come", async () => {
    const today = nzDate(Date.now());
    const end = addDays(today, 2);
    const id = await topListing({ firstName: "Hinewai", location: "Auckland" });
    await insertImages(id, [1, 2, 3]);
    await insertRate(id, "incall", "1hr", 30000);
    // The region's cached grid, warmed before the stop is added: adding it must change the page's key.
    let before = await visitor.get("/api/grid?region=Wellington");
    for (let i = 0; i < 40 && before.headers.get("X-Cache") !== "HIT"; i++) {
      await before.arrayBuffer();
      await sleep(25);
      before = await visitor.get("/api/grid?region=Wellington");
    }
    expect(before.headers.get("X-Cache")).toBe("HIT");
    expect(((await before.json()) as { cards: { modelId: string }[] }).cards.map((c) => c.modelId)).not.toContain(id);
    await addStop(id, 1, "Wellington", today, end);
    await addStop(id, 2, "Christchurch", addDays(today, 10), addDays(today, 12));

    const after = await visitor.get("/api/grid?region=Wellington");
    expect(after.headers.get("X-Cache")).toBe("MISS");
    const grid = (await after.json()) as {
      cards: { modelId: string; tour: unknown }[];
    };
    expect(grid.cards.find((c) => c.modelId === id)?.tour).toEqual({
      region: "Wellington",
      start: today,
      end,
      here: true,
    });
    const page = await (await visitor.get("/locations/Wellington")).text();
    expect(page).toContain("Hinewai");
    expect(page).toMatch(/Touring · Wellington \d/);
    const homePage = await (await visitor.get("/locations/Auckland")).text();
    expect(homePage).toContain(`On tour in Wellington until ${shortDate(end)}`);

    const profile = await (await visitor.get(`/view/${id}`)).text();
    expect(profile).toContain(`On tour in Wellington until ${shortDate(end)}`);
    expect(profile).toContain('data-testid="tour-stops"');
    expect(profile).toContain("Touring · Christchurch");
    const json = (await (await visitor.get(`/api/model/${id}`)).json()) as Profile;
    expect(json.tours.map((s) => s.region)).toEqual(["Wellington", "Christchurch"]);
  });
});

describe("saving tour stops", () => {
  async function ownListing(): Promise<{ owner: SignedIn; id: string }> {
    const owner = await signedIn({ agency: true });
    const id = await insertListing({ userId: owner.userId, firstName: "Before", location: "Auckland" });
    await insertImages(id, [1, 2, 3]);
    await insertRate(id, "incall", "1hr", 20000);
    return { owner, id };
  }
  const stopsOf = (id: string) =>
    rows<{ position: number; region: string; suburb: string | null; start_date: string; end_date: string }>(
      "SELECT position, region, suburb, start_date, end_date FROM tour_stops WHERE listing_id = ? ORDER BY position",
      id,
    );
  // Today when each test runs, not when the file was read (the tests run seconds to minutes later).
  let today = "";
  beforeEach(() => {
    today = nzDate(Date.now());
  });
  const stop = (region: string, from: number, to: number, suburb = "") => ({
    region,
    suburb,
    start: addDays(today, from),
    end: addDays(today, to),
  });

  it("stores them with the listing and replaces them all on the next save", async () => {
    const { owner, id } = await ownListing();
    const first = await owner.client.put("/api/profile", {
      multipart: saveForm(validValues({ tours: [stop("Christchurch", 10, 12), stop("Wellington", 0, 2, "Te Aro")] }), {
        listingId: id,
      }),
    });
    expect(first.status).toBe(200);
    expect(((await first.json()) as Profile).tours.map((s) => s.region)).toEqual(["Wellington", "Christchurch"]);
    expect(await stopsOf(id)).toEqual([
      { position: 1, region: "Wellington", suburb: "Te Aro", start_date: today, end_date: addDays(today, 2) },
      {
        position: 2,
        region: "Christchurch",
        suburb: null,
        start_date: addDays(today, 10),
        end_date: addDays(today, 12),
      },
    ]);

    const second = await owner.client.put("/api/profile", {
      multipart: saveForm(validValues({ tours: [stop("Hamilton", 20, 21)] }), { listingId: id }),
    });
    expect(second.status).toBe(200);
    expect((await stopsOf(id)).map((s) => s.region)).toEqual(["Hamilton"]);

    const cleared = await owner.client.put("/api/profile", {
      multipart: saveForm(validValues({ tours: [] }), { listingId: id }),
    });
    expect(cleared.status).toBe(200);
    expect(await stopsOf(id)).toEqual([]);
  });

  it("keeps a stop under way (its start in the past) when the listing is saved again", async () => {
    const { owner, id } = await ownListing();
    await addStop(id, 1, "Wellington", addDays(today, -2), addDays(today, 1));
    const res = await owner.client.put("/api/profile", {
      multipart: saveForm(validValues({ tours: [stop("Wellington", -2, 1)] }), { listingId: id }),
    });
    expect(res.status).toBe(200);
    expect((await stopsOf(id)).map((s) => s.start_date)).toEqual([addDays(today, -2)]);
  });

  it("answers every bad stop with a 400 and its message beside the field, and changes nothing", async () => {
    const { owner, id } = await ownListing();
    await addStop(id, 1, "Hamilton", addDays(today, 30), addDays(today, 31));
    const six = Array.from({ length: 6 }, (_, i) => stop("Wellington", 40 + i, 40 + i));
    const cases: [string, unknown[], string, string][] = [
      ["end before start", [stop("Wellington", 5, 3)], "tours.0.end", TOUR_MSG.endBeforeStart],
      ["overlapping", [stop("Wellington", 3, 6), stop("Hamilton", 5, 8)], "tours.1.start", TOUR_MSG.overlap],
      ["past", [stop("Wellington", -5, -3)], "tours.0.end", TOUR_MSG.past],
      ["new stop starting yesterday", [stop("Wellington", -1, 2)], "tours.0.start", TOUR_MSG.startPast],
      ["unknown region", [stop("Atlantis", 3, 5)], "tours.0.region", TOUR_MSG.region],
      ["home region", [stop("Auckland", 3, 5)], "tours.0.region", TOUR_MSG.homeRegion],
      ["suburb elsewhere", [stop("Wellington", 3, 5, "Ponsonby")], "tours.0.suburb", TOUR_MSG.suburb],
      [
        "not a date",
        [{ region: "Wellington", suburb: "", start: "3 Dec", end: "2026-02-30" }],
        "tours.0.start",
        TOUR_MSG.date,
      ],
      ["too long", [stop("Wellington", 1, 40)], "tours.0.end", TOUR_MSG.tooLong],
      ["more than five", six, "tours", TOUR_MSG.tooMany],
      ["junk item", [42], "tours.0.region", TOUR_MSG.region],
    ];
    for (const [name, tours, field, message] of cases) {
      const res = await owner.client.put("/api/profile", {
        multipart: saveForm(validValues({ firstName: "After", tours: tours as never }), { listingId: id }),
      });
      expect(res.status, name).toBe(400);
      const body = (await res.json()) as { error: string; fieldErrors: Record<string, string>; page: number };
      expect(body.fieldErrors[field], name).toBe(message);
      expect(body.page, name).toBe(3);
      expect(body.error, name).toBe("Please fix the issues on page 3 before saving.");
    }
    for (const raw of ["[{", '{"region":"Wellington"}', JSON.stringify(Array(21).fill(stop("Wellington", 1, 1)))]) {
      const form = saveForm(validValues({ firstName: "After" }), { listingId: id });
      form.set("tours", raw);
      const res = await owner.client.put("/api/profile", { multipart: form });
      expect(res.status, raw.slice(0, 20)).toBe(400);
      expect(await res.json()).toMatchObject({ error: expect.stringContaining("tours") });
    }
    // Nothing was written: neither the listing nor its stops.
    expect((await rows<{ first_name: string }>("SELECT first_name FROM listings WHERE id = ?", id))[0].first_name).toBe(
      "Before",
    );
    expect((await stopsOf(id)).map((s) => s.region)).toEqual(["Hamilton"]);
  });

  it("lets no one else change a listing's stops", async () => {
    const { id } = await ownListing();
    await addStop(id, 1, "Hamilton", addDays(today, 30), addDays(today, 31));
    const stranger = await signedIn({ agency: true });
    const res = await stranger.client.put("/api/profile", {
      multipart: saveForm(validValues({ tours: [stop("Wellington", 1, 2)] }), { listingId: id }),
    });
    expect(res.status).toBe(403);
    expect((await stopsOf(id)).map((s) => s.region)).toEqual(["Hamilton"]);
  });

  it("goes with its listing when the listing is deleted", async () => {
    const { id } = await ownListing();
    await addStop(id, 1, "Hamilton", addDays(today, 30), addDays(today, 31));
    await env.DB.prepare("DELETE FROM listings WHERE id = ?").bind(id).run();
    expect(await stopsOf(id)).toEqual([]);
  });

  it("holds at most five a listing, whatever writes them", async () => {
    const { id } = await ownListing();
    await expect(addStop(id, 6, "Hamilton", addDays(today, 30), addDays(today, 31))).rejects.toThrow();
    await expect(addStop(id, 1, "Hamilton", addDays(today, 30), addDays(today, 70))).rejects.toThrow();
  });
});
