import { describe, expect, it } from "vitest";
import { nzClock, nzDate } from "~/platform/time/nz-time";
import { REGIONS } from "~/core/regions";
import { regionForCity, SUBURBS } from "~/core/suburbs";

// Both are asked on every request (the page cache's key); the answers must be what the plain scan and
// Intl gave, however they are kept.
describe("regionForCity", () => {
  it("finds every suburb in its region and every region by name, spelled loosely", () => {
    for (const region of REGIONS) {
      for (const suburb of SUBURBS[region]) {
        const found = regionForCity(suburb.toUpperCase().replace(/ /g, "-"));
        expect(found?.suburb && normal(found.suburb), suburb).toBe(normal(suburb));
      }
      expect(regionForCity(region.toLowerCase())?.region).toBe(region);
    }
    expect(regionForCity("Austin")).toBeNull();
    expect(regionForCity("")).toBeNull();
    expect(regionForCity(null)).toBeNull();
  });

  it("hands out a copy: a caller changing its answer changes nobody else's", () => {
    const first = regionForCity("Auckland")!;
    first.suburb = "Nowhere";
    expect(regionForCity("Auckland")!.suburb).not.toBe("Nowhere");
  });
});

const normal = (s: string) => s.toLowerCase().replace(/[\s_-]+/g, "");

describe("nzClock", () => {
  it("answers each minute as Intl does, however the calls are ordered", () => {
    const start = Date.UTC(2026, 3, 4, 13, 58); // around the end of NZ daylight time (5 April, 3am NZDT)
    const times = Array.from({ length: 200 }, (_, i) => start + i * 37_000);
    const shuffled = [...times].sort((a, b) => ((a * 7919) % 1000) - ((b * 7919) % 1000));
    const intl = (ms: number) =>
      new Intl.DateTimeFormat("en-CA", { timeZone: "Pacific/Auckland", dateStyle: "short" }).format(ms);
    for (const ms of [...times, ...shuffled]) expect(nzDate(ms)).toBe(intl(ms));
  });

  it("hands out a copy", () => {
    const clock = nzClock(Date.UTC(2026, 10, 24, 1, 0));
    clock.date = "1999-01-01";
    expect(nzClock(Date.UTC(2026, 10, 24, 1, 0)).date).toBe("2026-11-24");
  });
});
