import { describe, expect, it } from "vitest";
import { gridEmptyMessage } from "~/features/catalogue/grid-empty";
import { mergeCards, toCard } from "~/core/listing-card";
import type { CardRow } from "~/core/listing-card";
import {
  centsToDollars,
  centsToWholeDollars,
  formatDollarAmount,
  formatDollars,
  groupThousands,
} from "~/platform/money";
import { parseRegion, regionPath, REGIONS } from "~/core/regions";
import { regionForCity, SUBURBS } from "~/core/suburbs";

describe("rate rounding", () => {
  it("rounds cents down to whole dollars: never more than the provider set", () => {
    expect(centsToWholeDollars(24950)).toBe(249);
    expect(centsToWholeDollars(24999)).toBe(249);
    expect(centsToWholeDollars(25000)).toBe(250);
    expect(formatDollars(30000)).toBe("$300");
    expect(formatDollars(15050)).toBe("$150");
    expect(formatDollars(150050)).toBe("$1,500");
    expect(formatDollars(null)).toBeNull();
  });

  it("groups thousands as en-NZ's number format does", () => {
    const nz = new Intl.NumberFormat("en-NZ");
    const samples = [0, 1, 12, 999, 1000, 1001, 9999, 10000, 123456, 999999, 1000000, 1234567890, -1, -1000, -123456];
    for (let i = 0; i < 200; i++) samples.push(Math.floor(Math.random() * 10 ** (1 + (i % 12))));
    for (const n of samples) expect(groupThousands(n)).toBe(nz.format(n));
  });

  it("gives the API's dollars exact to the cent, and shows them rounded like stored cents", () => {
    expect(centsToDollars(35050)).toBe(350.5);
    expect(centsToDollars(null)).toBeNull();
    expect(formatDollarAmount(150.5)).toBe("$150");
    expect(formatDollarAmount(249.99)).toBe("$249");
    expect(formatDollarAmount(0.29)).toBe("$0");
    expect(formatDollarAmount(1500.5)).toBe("$1,500");
    expect(formatDollarAmount(null)).toBeNull();
  });
});

describe("regions", () => {
  it("has the seven regions, each with suburbs", () => {
    expect(REGIONS).toHaveLength(7);
    for (const r of REGIONS) expect(SUBURBS[r].length).toBeGreaterThan(5);
  });

  it("parses URL spellings of a region and rejects unknown ones", () => {
    expect(parseRegion("Central%20North%20Island")).toBe("Central North Island");
    expect(parseRegion("central-north-island")).toBe("Central North Island");
    expect(parseRegion("AUCKLAND")).toBe("Auckland");
    expect(parseRegion("Sydney")).toBeNull();
    expect(parseRegion("%E0%A4%A")).toBeNull();
    expect(regionPath("South Island")).toBe("/locations/South%20Island");
  });

  it("maps a visitor's city to a region and suburb", () => {
    expect(regionForCity("Wellington")).toEqual({ region: "Wellington", suburb: null });
    expect(regionForCity("Lower Hutt")).toEqual({ region: "Wellington", suburb: "Lower Hutt" });
    expect(regionForCity("Dunedin")).toEqual({ region: "South Island", suburb: "Dunedin" });
    expect(regionForCity("Austin")).toBeNull();
    expect(regionForCity(null)).toBeNull();
  });
});

const row = (id: string, extra: Partial<CardRow> = {}): CardRow => ({
  id,
  firstName: "A",
  age: 25,
  tagLine: "t",
  location: "Auckland",
  suburb: "",
  rate60: null,
  orate60: 20000,
  featured: false,
  hot: false,
  verified: true,
  live: true,
  photoVerified: false,
  active: false,
  activeUntil: null,
  coverKey: "listing/abc.webp",
  coverWidth: 600,
  coverHeight: 800,
  ...extra,
});

describe("cards", () => {
  it("uses the outcall hour when there is no incall hour, in dollars like every public answer, and builds the photo URL", () => {
    const card = toCard(row("a"));
    expect(card.rate60).toBe(200);
    expect(toCard(row("c", { rate60: 24950 })).rate60).toBe(249.5);
    expect(toCard(row("d", { orate60: null })).rate60).toBeNull();
    expect(card.cover).toEqual({ url: "/photos/listing/abc.webp", width: 600, height: 800 });
    expect(toCard(row("b", { coverKey: null })).cover).toBeNull();
  });

  it("de-duplicates by modelId when pages are appended", () => {
    const merged = mergeCards([toCard(row("a")), toCard(row("b"))], [toCard(row("b")), toCard(row("c"))]);
    expect(merged.map((c) => c.modelId)).toEqual(["a", "b", "c"]);
  });
});

describe("empty messages", () => {
  it("picks one of the spec's four messages", () => {
    expect(gridEmptyMessage({ liveTotal: 0, filtered: false, matched: 0, withImages: 0 })).toBe("No models available");
    expect(gridEmptyMessage({ liveTotal: 5, filtered: true, matched: 0, withImages: 0 })).toBe(
      "No models found matching your criteria.",
    );
    expect(gridEmptyMessage({ liveTotal: 5, filtered: false, matched: 3, withImages: 0 })).toBe(
      "No models with primary images found",
    );
    expect(gridEmptyMessage({ liveTotal: 5, filtered: true, matched: 3, withImages: 0 })).toBe(
      "Models found, but no primary images could be determined.",
    );
    expect(gridEmptyMessage({ liveTotal: 5, filtered: true, matched: 3, withImages: 1 })).toBeNull();
  });
});
