import { describe, expect, it } from "vitest";
import {
  filtersToSearch,
  hasActiveFilters,
  isActive,
  parseFilters,
  parsePage,
  toggleFilter,
} from "~/features/catalogue/filters";

const parse = (qs: string) => parseFilters(new URLSearchParams(qs));

describe("parseFilters", () => {
  it("reads every filter from the URL", () => {
    const f = parse("age=24-28&height=175%2B&nationality=Asian&body=Curvy&show=hot");
    expect(f.age).toMatchObject({ min: 24, max: 28 });
    expect(f.height).toMatchObject({ min: 175, max: 999 });
    expect(f.nationality).toBe("Asian");
    expect(f.bodyType).toBe("Curvy");
    expect(f.show).toBe("hot");
    expect(hasActiveFilters(f)).toBe(true);
  });

  it("ignores unknown or malformed values instead of failing", () => {
    const f = parse("age=12-99&height=tall&show=nope&photos=all&nationality=" + "x".repeat(500));
    expect(f).toEqual({
      age: null,
      height: null,
      nationality: null,
      bodyType: null,
      show: "all",
      availableToday: false,
      verifiedPhotos: false,
    });
    expect(hasActiveFilters(f)).toBe(false);
  });

  it("reads and writes the 'Verified photos' filter, and clicking it again clears it", () => {
    const f = parse("photos=verified&available=today");
    expect(f.verifiedPhotos).toBe(true);
    expect(hasActiveFilters(f)).toBe(true);
    expect(filtersToSearch(f)).toBe("?available=today&photos=verified");
    expect(toggleFilter(f, "photos", "verified")).toBe("?available=today");
    expect(toggleFilter(parse(""), "photos", "verified")).toBe("?photos=verified");
  });

  it("has the spec's ranges: 35+ runs to 100, 175cm+ to 999, under 150 below 150", () => {
    expect(parse("age=35%2B").age).toMatchObject({ min: 35, max: 100 });
    expect(parse("height=under-150").height).toMatchObject({ min: 0, max: 149 });
    expect(parse("age=18-24").age).toMatchObject({ min: 18, max: 24 });
  });
});

describe("toggleFilter", () => {
  it("sets a filter and keeps the others (AND)", () => {
    const f = parse("age=18-24");
    expect(toggleFilter(f, "body", "Slim")).toBe("?age=18-24&body=Slim");
  });

  it("clicking the active value clears it", () => {
    const f = parse("age=18-24&body=Slim");
    expect(toggleFilter(f, "age", "18-24")).toBe("?body=Slim");
  });

  it("'All Escorts' clears every filter", () => {
    const f = parse("age=18-24&body=Slim&show=hot");
    expect(toggleFilter(f, "show", "all")).toBe("");
    expect(isActive(parse(""), "show", "all")).toBe(true);
    expect(isActive(f, "show", "all")).toBe(false);
  });

  it("drops the page so a new filter starts at page 1", () => {
    expect(filtersToSearch(parse("show=hot&page=3"))).toBe("?show=hot");
  });
});

describe("parsePage", () => {
  it.each([
    [null, 1],
    ["2", 2],
    ["0", 1],
    ["-4", 1],
    ["abc", 1],
    ["1e9", 1],
    ["99999999999999999999", 1],
    ["1000", 1000],
    ["1001", 1],
  ])("%s -> %i", (input, expected) => {
    expect(parsePage(input)).toBe(expected);
  });
});
