import { describe, expect, it } from "vitest";
import {
  decodeSearchCursor,
  encodeSearchCursor,
  MAX_QUERY_LENGTH,
  normaliseQuery,
  queryFragments,
  rankByName,
  scoreName,
  searchTerms,
} from "~/features/search/search";

describe("scoreName (spec §5)", () => {
  it("scores an exact match 1000, ignoring case and surrounding spaces", () => {
    expect(scoreName("Anna", "anna")).toBe(1000);
    expect(scoreName("  ANNA ", " Anna  ")).toBe(1000);
  });

  it("scores a one-letter query 1 when the name contains it, else 0", () => {
    expect(scoreName("Anna", "n")).toBe(1);
    expect(scoreName("Anna", "N")).toBe(1);
    expect(scoreName("Anna", "z")).toBe(0);
    // ...but a one-letter name equal to the query is still an exact match.
    expect(scoreName("A", "a")).toBe(1000);
  });

  it("needs at least one two-letter fragment of a longer query in the name", () => {
    // "xa" and "az" are not in "Anna", although both letters partly are: 0, not a character score.
    expect(scoreName("Anna", "xaz")).toBe(0);
    expect(scoreName("Anna", "an")).toBe(900);
  });

  it("scores a prefix match 900", () => {
    expect(scoreName("Annabelle", "anna")).toBe(900);
    expect(scoreName("Annabelle", "ANNAB")).toBe(900);
  });

  it("scores a contained match 800", () => {
    expect(scoreName("Joanna", "anna")).toBe(800);
    expect(scoreName("Mary Ann", "ry a")).toBe(800);
  });

  it("otherwise adds 50 per matching fragment and 10 per matching character", () => {
    // "anja" vs "Anna": fragments an(yes) nj(no) ja(no) = 1; characters a, n, j, a -> a, n, a present = 3.
    expect(scoreName("Anna", "anja")).toBe(1 * 50 + 3 * 10);
    // "bella" vs "Isabel": be, el (yes), ll, la (no) = 2; b, e, l, l, a all present = 5.
    expect(scoreName("Isabel", "bella")).toBe(2 * 50 + 5 * 10);
  });

  it("counts repeated fragments and characters once per position in the query", () => {
    // "anan" vs "Nana": fragments an, na, an -> all present (3); characters a, n, a, n -> 4.
    // ("anan" is not a prefix of or contained in "nana".)
    expect(queryFragments("anan")).toEqual(["an", "na", "an"]);
    expect(scoreName("Nana", "anan")).toBe(3 * 50 + 4 * 10);
  });

  it("treats characters as code points", () => {
    expect(queryFragments("Māo")).toEqual(["Mā", "āo"]);
    expect(scoreName("Mārama", "mā")).toBe(900);
    expect(scoreName("ZOË", "zoë")).toBe(1000);
  });

  it("scores nothing for empty input", () => {
    expect(scoreName("Anna", "")).toBe(0);
    expect(scoreName("Anna", "   ")).toBe(0);
    expect(scoreName("", "an")).toBe(0);
  });
});

describe("rankByName", () => {
  const people = (...names: string[]) => names.map((firstName, i) => ({ firstName, id: i }));

  it("keeps only scores above 0, highest first", () => {
    const ranked = rankByName(people("Joanna", "Bob", "Annabelle", "Anja"), "anna");
    expect(ranked.map((r) => [r.firstName, r.score])).toEqual([
      ["Annabelle", 900],
      ["Joanna", 800],
      // "anna" vs "Anja": an (yes), nn, na (no) = 1 fragment; a, n, n, a all present = 4 characters.
      ["Anja", 50 + 40],
    ]);
  });

  it("shows only exact matches when there is one", () => {
    const ranked = rankByName(people("Annabelle", "Anna", "Joanna", "ANNA"), "Anna");
    expect(ranked.map((r) => r.firstName)).toEqual(["Anna", "ANNA"]);
    expect(ranked.every((r) => r.score === 1000)).toBe(true);
  });

  it("keeps the input order for equal scores and keeps the items' other fields", () => {
    const ranked = rankByName(people("Joanna", "Rosanna", "Hanna"), "ann");
    expect(ranked.map((r) => r.id)).toEqual([0, 1, 2]);
    expect(ranked[0]).toEqual({ firstName: "Joanna", id: 0, score: 800 });
  });

  it("answers nothing for a blank query", () => {
    expect(rankByName(people("Anna"), "  ")).toEqual([]);
  });

  it("treats SQL and HTML in the query as plain text", () => {
    const ranked = rankByName(people("Anna", "Robert'); DROP TABLE listings;--"), "'); DROP TABLE listings;--");
    expect(ranked.map((r) => [r.firstName, r.score])).toEqual([["Robert'); DROP TABLE listings;--", 800]]);
    expect(rankByName(people("<b>Anna</b>"), "<b>anna</b>").map((r) => r.score)).toEqual([1000]);
  });
});

describe("normaliseQuery", () => {
  it("trims, and answers null for missing or blank input", () => {
    expect(normaliseQuery("  anna ")).toBe("anna");
    expect(normaliseQuery(null)).toBeNull();
    expect(normaliseQuery(undefined)).toBeNull();
    expect(normaliseQuery("")).toBeNull();
    expect(normaliseQuery(" \t\n ")).toBeNull();
  });

  it("caps a huge query at 50 characters", () => {
    const q = normaliseQuery("a".repeat(10_000))!;
    expect(q).toHaveLength(MAX_QUERY_LENGTH);
    expect(normaliseQuery(`${"x".repeat(49)} tail`)).toBe("x".repeat(49));
    expect(Array.from(normaliseQuery("ā".repeat(60))!)).toHaveLength(50);
  });
});

describe("searchTerms", () => {
  it("gives the folded query and its distinct fragments for the SQL prefilter", () => {
    expect(searchTerms("AnAn")).toEqual({ folded: "anan", singleChar: false, fragments: ["an", "na"] });
    expect(searchTerms(" Z ")).toEqual({ folded: "z", singleChar: true, fragments: [] });
  });

  it("never needs more than 49 fragments, within D1's 100 bound parameters", () => {
    const q = normaliseQuery(Array.from({ length: 200 }, (_, i) => String.fromCharCode(97 + (i % 26))).join(""))!;
    expect(searchTerms(q).fragments.length).toBeLessThanOrEqual(49);
  });
});

describe("search cursor", () => {
  it("round-trips a page end", () => {
    for (const c of [
      { score: 1000, featured: true, listedAt: 1_700_000_000_000, id: "AbC123xyz" },
      { score: 1, featured: false, listedAt: 0, id: "a" },
      { score: 190, featured: false, listedAt: 42, id: "bulk000001_x-y" },
    ])
      expect(decodeSearchCursor(encodeSearchCursor(c))).toEqual(c);
    expect(encodeSearchCursor({ score: 900, featured: true, listedAt: 5, id: "abc" })).toBe("900.1.5.abc");
  });

  it("answers null for anything we could not have issued", () => {
    for (const raw of [
      null,
      undefined,
      "",
      "900.1.5",
      "900.2.5.abc",
      "-1.1.5.abc",
      "900.1.5.a b",
      "900.1.5.abc'--",
      "900.1.99999999999999999.abc",
      `900.1.5.${"a".repeat(65)}`,
      "x".repeat(10_000),
    ])
      expect(decodeSearchCursor(raw), String(raw).slice(0, 20)).toBeNull();
  });
});
