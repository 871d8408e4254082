// The filter bar offers only options with a match in the set being viewed: the region and the other filters
// already on (spec public §5: 'Only ranges with at least one matching listing are offered').
import { describe, expect, it } from "vitest";
import { client } from "./client";
import { insertListing } from "./fixtures";

const visitor = client();

/** Every filter value the page links to (each chip's link), as `param=value`. */
async function offered(path: string): Promise<string[]> {
  const res = await visitor.get(path);
  expect(res.status).toBe(200);
  const html = await res.text();
  const found = new Set<string>();
  for (const [, href] of html.matchAll(/href="([^"]*\?[^"]*)"/g)) {
    const params = new URLSearchParams(href.replaceAll("&amp;", "&").split("?")[1].split("#")[0]);
    for (const name of ["age", "height", "nationality", "body"])
      for (const value of params.getAll(name)) found.add(`${name}=${value}`);
  }
  return [...found].sort();
}

describe("filter options under other filters", () => {
  it("offers only the ranges and values that still match with the filters on", async () => {
    await insertListing({ age: 20, height: 160, nationality: "Asian", bodyType: "Petite", location: "Auckland" });
    await insertListing({ age: 40, height: 180, nationality: "European", bodyType: "Curvy", location: "Auckland" });
    await insertListing({ age: 30, height: 140, nationality: "Maori", bodyType: "Slim", location: "Wellington" });

    // No filter: everything with a live listing is offered.
    expect(await offered("/")).toEqual(
      [
        "age=18-24",
        "age=28-35",
        "age=35+",
        "height=150-165",
        "height=175+",
        "height=under-150",
        "nationality=Asian",
        "nationality=European",
        "nationality=Maori",
        "body=Curvy",
        "body=Petite",
        "body=Slim",
      ].sort(),
    );

    // Asian only: the other listings' ages, heights and body types have no match any more. The nationality
    // facet is not narrowed by its own choice: the other nationalities stay offered to switch to.
    expect(await offered("/?nationality=Asian")).toEqual(
      [
        "age=18-24",
        "height=150-165",
        "nationality=Asian",
        "nationality=European",
        "nationality=Maori",
        "body=Petite",
      ].sort(),
    );

    // In a region, the region counts too: Auckland under 35+ offers only the European listing's values,
    // and Auckland's ages.
    expect(await offered("/locations/Auckland?age=35%2B")).toEqual(
      ["age=18-24", "age=35+", "height=175+", "nationality=European", "body=Curvy"].sort(),
    );

    // A chosen option that the other filters leave empty is still shown, so it can be cleared.
    expect(await offered("/?nationality=Asian&body=Curvy")).toEqual(
      expect.arrayContaining(["nationality=Asian", "body=Curvy"]),
    );
  });
});
