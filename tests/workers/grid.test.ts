import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { AGE_RANGES, HEIGHT_RANGES } from "~/features/catalogue/filters";
import { getDb } from "~/platform/data/db.server";
import { facetsQuery, loadFacets } from "~/features/catalogue/facets.server";
import { client } from "./client";
import { insertListing } from "./fixtures";

const visitor = client();

const HOUR = 3_600_000;

function cardNames(html: string): string[] {
  return namesIn(html.split('data-testid="listing-grid"')[1] ?? "");
}

function namesIn(fragment: string): string[] {
  return [...fragment.matchAll(/<h3[^>]*><span class="truncate">([^<]+)<\/span>/g)].map((m) => m[1]);
}

async function gridJson(qs: string) {
  const res = await visitor.get(`/api/grid?${qs}`);
  expect(res.status).toBe(200);
  return (await res.json()) as {
    cards: { modelId: string; firstName: string }[];
    page: number;
    hasMore: boolean;
    slot: number | null;
  };
}

describe("home and region grid", () => {
  it("shows only live listings, featured first", async () => {
    await insertListing({ firstName: "Livia", listedAt: 3 });
    await insertListing({ firstName: "Hidden", live: false, verified: true });
    await insertListing({ firstName: "Unverified", live: false, verified: false });
    await insertListing({ firstName: "Felicity", featured: true, listedAt: 1 });
    const html = await (await visitor.get("/")).text();
    expect(cardNames(html)).toEqual(["Felicity", "Livia"]);
    expect(html).toContain("FEATURED");
  });

  it("counts live listings per region in the region bar and the dropdown", async () => {
    await insertListing({ location: "Auckland" });
    await insertListing({ location: "Auckland" });
    await insertListing({ location: "Wellington" });
    await insertListing({ location: "Wellington", live: false });
    const html = await (await visitor.get("/")).text();
    expect(html).toMatch(/All New Zealand<span[^>]*>3<\/span>/);
    expect(html).toMatch(/Auckland<span[^>]*>2<\/span>/);
    expect(html).toMatch(/Wellington<span[^>]*>1<\/span>/);
    expect(html).toMatch(/Hamilton<span[^>]*>0<\/span>/);
    expect(html).toContain("All New Zealand (<!-- -->3<!-- -->)");
  });

  it("keeps the counts right as listings move, go live, hide and are deleted", async () => {
    const id = await insertListing({ location: "Auckland", nationality: "Asian" });
    await env.DB.prepare("UPDATE listings SET location = 'Tauranga' WHERE id = ?").bind(id).run();
    let html = await (await visitor.get("/")).text();
    expect(html).toMatch(/Auckland<span[^>]*>0<\/span>/);
    expect(html).toMatch(/Tauranga<span[^>]*>1<\/span>/);
    await env.DB.prepare("UPDATE listings SET live = 0 WHERE id = ?").bind(id).run();
    html = await (await visitor.get("/")).text();
    expect(html).toMatch(/Tauranga<span[^>]*>0<\/span>/);
    await env.DB.prepare("UPDATE listings SET awaiting_consent = 0, agency_held = 0, live = 1 WHERE id = ?")
      .bind(id)
      .run();
    await env.DB.prepare("DELETE FROM listings WHERE id = ?").bind(id).run();
    const { results } = await env.DB.prepare("SELECT * FROM listing_facets WHERE n <> 0").all();
    expect(results).toEqual([]);
  });

  it("shows one region with its heading and intro text", async () => {
    await insertListing({ firstName: "Ava", location: "Wellington" });
    await insertListing({ firstName: "Bea", location: "Auckland" });
    const res = await visitor.get("/locations/Wellington");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Wellington Escorts");
    expect(html).toContain("Te Aro");
    expect(cardNames(html)).toEqual(["Ava"]);
  });

  it("redirects other spellings of a region to its canonical URL and unknown regions home", async () => {
    let res = await visitor.get("/locations/central-north-island?show=hot");
    expect(res.status).toBe(301);
    expect(res.headers.get("Location")).toBe("/locations/Central%20North%20Island?show=hot");
    res = await visitor.get("/locations/Sydney");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
    res = await visitor.get("/locations?region=Hamilton");
    expect(res.headers.get("Location")).toBe("/locations/Hamilton");
  });

  it("applies each filter, combined by AND", async () => {
    const now = Date.now();
    await insertListing({ firstName: "Young", age: 20, height: 160, nationality: "Asian", bodyType: "Petite" });
    await insertListing({
      firstName: "Tall",
      age: 30,
      height: 180,
      nationality: "European",
      bodyType: "Athletic",
      hot: true,
    });
    await insertListing({
      firstName: "Mature",
      age: 40,
      height: 170,
      nationality: "European",
      bodyType: "Curvy",
      active: true,
      activeUntil: now + HOUR,
    });
    await insertListing({
      firstName: "Expired",
      age: 41,
      height: 145,
      nationality: "Maori",
      bodyType: "Curvy",
      active: true,
      activeUntil: now - HOUR,
    });
    await insertListing({
      firstName: "Plain",
      age: 26,
      height: 166,
      nationality: "Maori",
      bodyType: "Slim",
      live: true,
      verified: true,
    });

    const names = async (qs: string) => (await gridJson(qs)).cards.map((c) => c.firstName).sort();
    expect(await names("age=18-24")).toEqual(["Young"]);
    expect(await names("age=35%2B")).toEqual(["Expired", "Mature"]);
    expect(await names("height=under-150")).toEqual(["Expired"]);
    expect(await names("height=165-175")).toEqual(["Mature", "Plain"]);
    expect(await names("nationality=European")).toEqual(["Mature", "Tall"]);
    expect(await names("body=Curvy")).toEqual(["Expired", "Mature"]);
    expect(await names("show=hot")).toEqual(["Tall"]);
    expect(await names("show=active")).toEqual(["Mature"]);
    // Only a verified listing can be public (docs/decisions/0029-one-visibility-rule.md), so every card is.
    expect(await names("show=verified")).toEqual(["Expired", "Mature", "Plain", "Tall", "Young"]);
    expect(await names("nationality=European&body=Curvy&age=35%2B")).toEqual(["Mature"]);
    expect(await names("nationality=European&body=Petite")).toEqual([]);
    // The page itself renders the same filter from its URL.
    expect(cardNames(await (await visitor.get("/?nationality=European&body=Curvy")).text())).toEqual(["Mature"]);
  });

  it("offers only filter options with at least one live listing in the view", async () => {
    await insertListing({ age: 20, height: 180, nationality: "Indian", bodyType: "Tall", location: "Hamilton" });
    await insertListing({ age: 30, height: 140, nationality: "British", bodyType: "BBW", location: "Auckland" });
    await insertListing({ age: 50, nationality: "Maori", bodyType: "Short", location: "Auckland", live: false });
    const home = await (await visitor.get("/")).text();
    expect(home).toContain("?nationality=Indian");
    expect(home).toContain("?nationality=British");
    expect(home).not.toContain("nationality=Maori");
    expect(home).toContain("?age=18-24");
    expect(home).not.toContain("age=35%2B");
    const hamilton = await (await visitor.get("/locations/Hamilton")).text();
    expect(hamilton).toContain("?body=Tall");
    expect(hamilton).not.toContain("body=BBW");
    expect(hamilton).toContain("?height=175%2B");
    expect(hamilton).not.toContain("height=under-150");
  });

  it("reads the counts and options as one row per region and per value, not one per region and value", async () => {
    // The same nationality and body type in three regions: each value comes back once for the whole country.
    for (const location of ["Auckland", "Hamilton", "Wellington"]) {
      await insertListing({ age: 30, height: 170, nationality: "Indian", bodyType: "Curvy", location });
    }
    const db = getDb(env);
    const country = await facetsQuery(db, null);
    expect(country.filter((r) => r.facet === "all").map((r) => [r.location, r.n])).toEqual(
      expect.arrayContaining([
        ["Auckland", 1],
        ["Hamilton", 1],
        ["Wellington", 1],
      ]),
    );
    const options = country.filter((r) => r.facet !== "all").map((r) => `${r.facet}=${r.value}`);
    expect(options.sort()).toEqual(["age=28-35", "bodyType=Curvy", "height=165-175", "nationality=Indian"]);
    const hamilton = await facetsQuery(db, "Hamilton");
    expect(hamilton.filter((r) => r.facet !== "all")).toHaveLength(4);
    // What the screens make of them is unchanged (toFacets).
    const facets = await loadFacets(env, null);
    expect(facets.counts.Hamilton).toBe(1);
    expect(facets.options.nationality).toEqual(["Indian"]);
  });

  it("marks the active filter so clicking it clears it, and 'All Escorts' clears all", async () => {
    await insertListing({ nationality: "Indian" });
    const html = await (await visitor.get("/?nationality=Indian&show=hot")).text();
    // Each chip lands on the results' count (#results), so the change is in view on a phone.
    expect(html).toMatch(/aria-current="true"[^>]*href="\/\?show=hot#results">Indian</);
    expect(html).toMatch(/href="\/#results">All Escorts</);
  });

  it("pages 8 at a time in a stable order without repeats", async () => {
    const base = Date.now();
    for (let i = 0; i < 19; i++) await insertListing({ firstName: `P${i}`, listedAt: base - i, featured: i % 5 === 0 });
    const p1 = await gridJson("page=1");
    // The pages after the first are read in its rotation slot (grid-slot.ts).
    const p2 = await gridJson(`page=2&slot=${p1.slot}`);
    const p3 = await gridJson(`page=3&slot=${p1.slot}`);
    expect(p1.cards).toHaveLength(8);
    expect(p2.cards).toHaveLength(8);
    expect(p3.cards).toHaveLength(3);
    expect([p1.hasMore, p2.hasMore, p3.hasMore]).toEqual([true, true, false]);
    const ids = [...p1.cards, ...p2.cards, ...p3.cards].map((c) => c.modelId);
    expect(new Set(ids).size).toBe(19);
    expect((await gridJson("page=1")).cards).toEqual(p1.cards);
    // The page HTML has the same first page and a no-JavaScript link to the next.
    const html = await (await visitor.get("/")).text();
    expect(cardNames(html)).toEqual(p1.cards.map((c) => c.firstName));
    expect(html).toMatch(/href="\/\?page=2&amp;slot=\d+"/);
    expect(cardNames(await (await visitor.get(`/?page=2&slot=${p1.slot}`)).text())).toEqual(
      p2.cards.map((c) => c.firstName),
    );
  });

  it("leaves out live listings without a cover photo in the query, so no page is a card short", async () => {
    // Whatever the rotation's slot, the coverless ones would fall among the first page's 8 + 1 rows.
    const base = Date.now();
    for (let i = 0; i < 9; i++) await insertListing({ firstName: `C${i}`, listedAt: base - i });
    for (let i = 0; i < 4; i++) await insertListing({ firstName: `Bare${i}`, coverKey: null, listedAt: base + i });
    const p1 = await gridJson("page=1");
    const p2 = await gridJson(`page=2&slot=${p1.slot}`);
    expect(p1.cards).toHaveLength(8);
    expect([p1.hasMore, p2.hasMore]).toEqual([true, false]);
    const names = [...p1.cards, ...p2.cards].map((c) => c.firstName);
    expect(names.sort()).toEqual(["C0", "C1", "C2", "C3", "C4", "C5", "C6", "C7", "C8"]);
    expect(cardNames(await (await visitor.get("/")).text())).toHaveLength(8);
  });

  it("answers bad input with a normal page, never a 500", async () => {
    await insertListing({ firstName: "Solo" });
    for (const path of [
      "/?page=abc",
      "/?page=-1",
      "/?page=99999999999999999999999",
      "/?age=999&height=%00&show=<script>&nationality=' OR 1=1 --",
      "/locations/Auckland?page=1e9&body=" + "x".repeat(5000),
    ]) {
      const res = await visitor.get(path);
      expect(res.status, path).toBe(200);
    }
    expect(cardNames(await (await visitor.get("/?page=abc")).text())).toEqual(["Solo"]);
    const past = await (await visitor.get("/?page=50")).text();
    expect(past).toContain("That is the end of the listings.");
    expect((await visitor.get("/api/grid?region=Atlantis")).status).toBe(400);
  });

  it("shows the four empty messages", async () => {
    expect(await (await visitor.get("/")).text()).toContain("No models available");
    await insertListing({ nationality: "Indian" });
    expect(await (await visitor.get("/?nationality=British")).text()).toContain(
      "No models found matching your criteria.",
    );
    await env.DB.prepare("UPDATE listings SET cover_key = NULL").run();
    expect(await (await visitor.get("/")).text()).toContain("No models with primary images found");
    expect(await (await visitor.get("/?nationality=Indian")).text()).toContain(
      "Models found, but no primary images could be determined.",
    );
  });

  it("shows the card's details and badges", async () => {
    const now = Date.now();
    await insertListing({
      firstName: "Cara",
      age: 27,
      tagLine: "Sunny smile",
      suburb: "Ponsonby",
      rate60: 24950,
      hot: true,
      photoVerified: true,
      active: true,
      activeUntil: now + HOUR,
    });
    await insertListing({ firstName: "Dana", active: false, activeUntil: now - 2 * HOUR - 60_000 });
    const html = await (await visitor.get("/")).text();
    expect(html).toContain("Cara");
    expect(html).toContain("27");
    expect(html).toContain("Sunny smile");
    expect(html).toContain("Ponsonby");
    expect(html).toMatch(/\$249<\/span> <span[^>]*>1 hour/);
    expect(html).toContain(">Hot<");
    expect(html).toContain("Active Now");
    expect(html).toContain("title>Verified photos");
    expect(html).toContain("Last active 2 hours ago");
  });

  it("agrees with app/features/catalogue/filters.ts on the range bounds the triggers use", async () => {
    const { results } = await env.DB.prepare(
      "SELECT facet, value, min, max FROM facet_ranges ORDER BY facet, min",
    ).all();
    const expected = [
      ...AGE_RANGES.map((r) => ({ facet: "age", value: r.value, min: r.min, max: r.max })),
      ...HEIGHT_RANGES.map((r) => ({ facet: "height", value: r.value, min: r.min, max: r.max })),
    ];
    expect(results).toEqual(expected);
  });
});

describe("escorts near you", () => {
  it("shows up to four live listings in the visitor's city, suburb matches first", async () => {
    await insertListing({ firstName: "Far", location: "Auckland", suburb: "Albany" });
    await insertListing({ firstName: "NoSuburb", location: "Wellington", suburb: "", listedAt: Date.now() + 10 });
    await insertListing({ firstName: "Region1", location: "Wellington", suburb: "Te Aro" });
    await insertListing({ firstName: "Region2", location: "Wellington", suburb: "Karori" });
    await insertListing({ firstName: "Hutt", location: "Wellington", suburb: "Lower Hutt", listedAt: 1 });
    await insertListing({ firstName: "HiddenHutt", location: "Wellington", suburb: "Lower Hutt", live: false });
    const html = await (await visitor.get("/", { cf: { city: "Lower Hutt" } })).text();
    const near = html.split('data-testid="near-you"')[1].split("</section>")[0];
    const names = namesIn(near);
    expect(names[0]).toBe("Hutt");
    expect(names).toHaveLength(4);
    expect(names.indexOf("NoSuburb")).toBe(3);
    expect(names).not.toContain("Far");
    expect(names).not.toContain("HiddenHutt");
  });

  it("fills its four from listings with a cover photo", async () => {
    for (let i = 0; i < 4; i++)
      await insertListing({ firstName: `Bare${i}`, location: "Wellington", suburb: "Lower Hutt", coverKey: null });
    for (let i = 0; i < 4; i++)
      await insertListing({ firstName: `Shown${i}`, location: "Wellington", suburb: "Karori", listedAt: i });
    const html = await (await visitor.get("/", { cf: { city: "Lower Hutt" } })).text();
    const near = html.split('data-testid="near-you"')[1].split("</section>")[0];
    expect(namesIn(near).sort()).toEqual(["Shown0", "Shown1", "Shown2", "Shown3"]);
  });

  it("is hidden when the city is unknown or nothing matches", async () => {
    await insertListing({ location: "Auckland" });
    expect(await (await visitor.get("/", { cf: { city: "Austin" } })).text()).not.toContain("Escorts Near You");
    expect(await (await visitor.get("/", { cf: { city: "Dunedin" } })).text()).not.toContain("Escorts Near You");
    expect(await (await visitor.get("/", { cf: { city: "Auckland" } })).text()).toContain("Escorts Near You");
  });
});
