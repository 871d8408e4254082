// GET /api/search/suggest: the header's name suggestions, ranked by the spec's §5 scoring, live only.
import { describe, expect, it } from "vitest";
import { rankByName } from "~/features/search/search";
import { client } from "./client";
import { insertListing } from "./fixtures";

type Answer = {
  suggestions: {
    listingId: string;
    firstName: string;
    age: number | null;
    location: string;
    photoUrl: string | null;
  }[];
};

async function suggest(q: string | null) {
  const res = await client().get(q === null ? "/api/search/suggest" : `/api/search/suggest?q=${encodeURIComponent(q)}`);
  return { status: res.status, cache: res.headers.get("Cache-Control"), body: (await res.json()) as Answer };
}

describe("GET /api/search/suggest", () => {
  it("answers at most 5 live listings, in the spec's score order, with what a suggestion shows", async () => {
    const live = ["Annabelle", "Joanna", "Hannah", "Anja", "Anahera", "Ana-Lee", "Bob"];
    for (const firstName of live) await insertListing({ firstName, location: "Wellington", age: 31 });
    await insertListing({ firstName: "Annalise", live: false });
    const { status, cache, body } = await suggest("anna");
    expect(status).toBe(200);
    expect(cache).toBe("no-store");
    const expected = rankByName(
      live.map((firstName) => ({ firstName })),
      "anna",
    ).slice(0, 5);
    expect(body.suggestions.map((s) => s.firstName)).toEqual(expected.map((e) => e.firstName));
    expect(body.suggestions.length).toBeLessThanOrEqual(5);
    expect(body.suggestions.map((s) => s.firstName)).not.toContain("Annalise");
    expect(body.suggestions[0]).toEqual({
      listingId: expect.stringMatching(/^[A-Za-z0-9]+$/),
      firstName: "Annabelle",
      age: 31,
      location: "Wellington",
      photoUrl: expect.stringMatching(/^\/photos\//),
    });
  });

  it("caps a common letter at 5 and keeps only exact names when one exists", async () => {
    for (let i = 0; i < 8; i++) await insertListing({ firstName: `Kara${i}` });
    await insertListing({ firstName: "Kara" });
    expect((await suggest("a")).body.suggestions).toHaveLength(5);
    expect((await suggest("KARA")).body.suggestions.map((s) => s.firstName)).toEqual(["Kara"]);
  });

  it("answers an empty list, never an error, for blank, missing, hostile or huge text", async () => {
    await insertListing({ firstName: "Mere" });
    for (const q of [null, "", "   ", "%", "_", "'", '" OR 1=1 --', "NEAR(a b)", "*", "x".repeat(10_000), "\u0000"]) {
      const r = await suggest(q);
      expect(r.status, String(q).slice(0, 20)).toBe(200);
      expect(Array.isArray(r.body.suggestions)).toBe(true);
      expect(r.body.suggestions.map((s) => s.firstName)).not.toContain("Mere");
    }
    expect((await client().post("/api/search/suggest?q=a")).status).toBe(405);
  });
});
