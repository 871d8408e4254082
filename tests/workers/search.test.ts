import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { rankByName } from "~/features/search/search";
import { searchListings } from "~/features/search/search.server";
import { insertListing } from "./fixtures";
import { rows } from "./public-fixtures";

const names = (r: { results: { firstName: string }[] }) => r.results.map((x) => x.firstName);

describe("searchListings", () => {
  it("ranks by spec §5: prefix, contained, then fragments and characters", async () => {
    for (const firstName of ["Joanna", "Annabelle", "Anja", "Bob", "Hannah"]) await insertListing({ firstName });
    const r = await searchListings(env, "anna", { includeHidden: false });
    expect(r.results.map((x) => [x.firstName, x.score])).toEqual([
      ["Annabelle", 900],
      ["Joanna", 800],
      // "anna" vs "hannah": an, nn, na all present; a, n, n, a all present.
      ["Hannah", 800],
      ["Anja", 90],
    ]);
    expect(r.results[0]).toMatchObject({ modelId: expect.any(String), live: true, cover: expect.any(Object) });
  });

  it("shows only exact matches when one exists, whatever the case", async () => {
    for (const firstName of ["Anna", "ANNA", "Annabelle", "Joanna"]) await insertListing({ firstName });
    const r = await searchListings(env, "  aNNa ", { includeHidden: false });
    expect(names(r).sort()).toEqual(["ANNA", "Anna"]);
    expect(r.results.every((x) => x.score === 1000)).toBe(true);
  });

  it("agrees with the pure ranking for every query shape", async () => {
    const all = ["Anna", "Annabelle", "Joanna", "Hannah", "Bob", "Zoë", "Mārama", "Kate", "Katie", "Te Ao", "Nana"];
    for (const firstName of all) await insertListing({ firstName });
    for (const q of ["a", "Z", "ë", "an", "ka", "mā", "nan", "te a", "katie", "xyz", "q", "ANNA", "zoë", "ao"]) {
      const r = await searchListings(env, q, { includeHidden: false });
      const expected = rankByName(
        all.map((firstName) => ({ firstName })),
        q,
      );
      expect(names(r).sort(), q).toEqual(expected.map((e) => e.firstName).sort());
      expect(
        r.results.map((x) => x.score),
        q,
      ).toEqual(expected.map((e) => e.score).sort((a, b) => b - a));
    }
  });

  it("puts featured listings first among equal scores, then the newest", async () => {
    await insertListing({ firstName: "Joanna", listedAt: 3 });
    await insertListing({ firstName: "Rosanna", featured: true, listedAt: 1 });
    await insertListing({ firstName: "Leanna", listedAt: 5 });
    expect(names(await searchListings(env, "anna", { includeHidden: false }))).toEqual(["Rosanna", "Leanna", "Joanna"]);
  });

  it("searches live listings for visitors and every listing for administrators", async () => {
    await insertListing({ firstName: "Annalise" });
    await insertListing({ firstName: "Annika", live: false });
    await insertListing({ firstName: "Anna", live: false });
    expect(names(await searchListings(env, "ann", { includeHidden: false }))).toEqual(["Annalise"]);
    // Visitors never learn that a hidden exact match exists.
    expect(names(await searchListings(env, "anna", { includeHidden: false }))).toEqual(["Annalise"]);
    expect(names(await searchListings(env, "anna", { includeHidden: true }))).toEqual(["Anna"]);
    expect(names(await searchListings(env, "ann", { includeHidden: true })).sort()).toEqual([
      "Anna",
      "Annalise",
      "Annika",
    ]);
  });

  it("does nothing for a blank query", async () => {
    await insertListing({ firstName: "Anna" });
    for (const q of ["", "   ", "\n\t"])
      expect(await searchListings(env, q, { includeHidden: false })).toEqual({
        results: [],
        rowsRead: 0,
        total: 0,
        next: null,
      });
  });

  it("treats SQL and HTML as text, and a 10,000-character query is harmless", async () => {
    await insertListing({ firstName: "Anna" });
    await insertListing({ firstName: "O'Brien" });
    for (const q of [
      "'; DROP TABLE listings; --",
      '" OR 1=1 --',
      "<script>alert(1)</script>",
      "%",
      "_",
      "*",
      "a".repeat(10_000),
      "\u0000",
    ]) {
      const r = await searchListings(env, q, { includeHidden: false });
      expect(Array.isArray(r.results), q.slice(0, 20)).toBe(true);
    }
    expect(names(await searchListings(env, "o'b", { includeHidden: false }))).toEqual(["O'Brien"]);
    // LIKE/GLOB wildcards are not wildcards here.
    expect(names(await searchListings(env, "%", { includeHidden: false }))).toEqual([]);
    expect(await rows("SELECT COUNT(*) AS n FROM listings")).toEqual([{ n: 2 }]);
  });

  it("answers at most `limit` results, in rank order, with the total", async () => {
    for (let i = 0; i < 100; i++) await insertListing({ firstName: `Ana${String(i).padStart(3, "0")}`, listedAt: i });
    const r = await searchListings(env, "an", { includeHidden: false, limit: 95 });
    expect(r.results).toHaveLength(95);
    expect(r.total).toBe(100);
    // All prefix matches (900): grid order, newest first.
    expect(r.results[0].firstName).toBe("Ana099");
    expect(r.results[94].firstName).toBe("Ana005");
    expect((await searchListings(env, "an", { includeHidden: false })).results).toHaveLength(48);
  });

  it("finds candidates through the name index (migration 0024), reading rows that follow the matches", async () => {
    for (let i = 0; i < 30; i++) await insertListing({ firstName: `Name${i}` });
    await insertListing({ firstName: "Kate" });
    await insertListing({ firstName: "Zoë" });
    // No INDEXED BY: the planner picks these on its own.
    const plan = async (sql: string, ...binds: unknown[]) =>
      (await rows<{ detail: string }>(`EXPLAIN QUERY PLAN ${sql}`, ...binds)).map((p) => p.detail).join(" | ");
    expect(
      await plan(
        "SELECT n.name FROM search_grams g JOIN search_names n ON n.id = g.name_id WHERE g.gram IN (?1, ?2) AND n.live_count > 0",
        "ka",
        "at",
      ),
    ).toBe("SEARCH g USING PRIMARY KEY (gram=?) | SEARCH n USING INTEGER PRIMARY KEY (rowid=?)");
    expect(await plan("SELECT name FROM search_names WHERE plain = 0 AND live_count > 0")).toBe(
      "SCAN search_names USING INDEX search_names_unusual",
    );
    // A tier's listings: for each scored name, a seek of the covering index listings_search.
    expect(
      await plan(
        "SELECT l.id FROM json_each(?1) s CROSS JOIN listings l WHERE l.live = 1 AND l.first_name = s.value ->> 0 COLLATE NOCASE",
        '[["kate",1000]]',
      ),
    ).toMatch(
      /^SCAN s VIRTUAL TABLE INDEX \d+: \| SEARCH l USING COVERING INDEX listings_search \(live=\? AND first_name=\?\)$/,
    );

    const exact = await searchListings(env, "kate", { includeHidden: false });
    expect(names(exact)).toEqual(["Kate"]);
    expect(exact.rowsRead).toBeLessThanOrEqual(25);
    const some = await searchListings(env, "na", { includeHidden: false });
    expect(some.results).toHaveLength(30);
    // 50 listings whose name shares no gram with "na" or "kate" add nothing to either search (the exact
    // name's index seek may land one entry off once the index has split a page).
    for (let i = 0; i < 50; i++) await insertListing({ firstName: "Bob" });
    expect((await searchListings(env, "na", { includeHidden: false })).rowsRead).toBeLessThanOrEqual(some.rowsRead + 2);
    expect((await searchListings(env, "kate", { includeHidden: false })).rowsRead).toBeLessThanOrEqual(
      exact.rowsRead + 2,
    );
  });

  it("fills the page from the best score tiers and orders each tier in grid order", async () => {
    // 3 prefix matches (900), then 60 contained matches (800) across several names.
    await insertListing({ firstName: "Anna", listedAt: 1 });
    await insertListing({ firstName: "Annabel", listedAt: 2 });
    await insertListing({ firstName: "Annie", listedAt: 3, featured: true });
    const contained: string[] = [];
    for (let i = 0; i < 60; i++) {
      const firstName = ["Joanna", "Hannah", "Leanne"][i % 3];
      contained.push(await insertListing({ firstName, listedAt: 100 + i, featured: i === 7 }));
    }
    await insertListing({ firstName: "Zanele", listedAt: 500 });
    const r = await searchListings(env, "ann", { includeHidden: false, limit: 10 });
    expect(r.total).toBe(64);
    expect(r.results.map((x) => x.score)).toEqual([900, 900, 900, 800, 800, 800, 800, 800, 800, 800]);
    expect(names(r).slice(0, 3)).toEqual(["Annie", "Annabel", "Anna"]);
    // The featured one first, then the newest.
    expect(r.results.slice(3).map((x) => x.modelId)).toEqual([
      contained[7],
      ...contained.slice(53).reverse().slice(0, 6),
    ]);
  });
});
