import { describe, expect, it } from "vitest";
import { monthKey } from "~/features/insights/stats";
import { countDay } from "~/platform/http/client-address";
import { decodeCursor, encodeCursor, likeBodySchema, parseListLimit } from "~/features/catalogue/public-api";

describe("monthKey", () => {
  it("is the NZ month, whatever the local time zone", () => {
    expect(monthKey(Date.UTC(2026, 0, 1, 0, 0, 0))).toBe("2026-01");
    // 31 December 2026 23:59 UTC is already 1 January 2027 in Auckland (NZDT, UTC+13).
    expect(monthKey(Date.UTC(2026, 11, 31, 23, 59, 59, 999))).toBe("2027-01");
    // 1 March 2026 09:00 in Auckland is March there, though still February in UTC.
    expect(monthKey(Date.UTC(2026, 1, 28, 20, 0, 0))).toBe("2026-03");
    // 30 June 2026 23:59:59 in Auckland (NZST, UTC+12) is still June.
    expect(monthKey(Date.UTC(2026, 5, 30, 11, 59, 59, 999))).toBe("2026-06");
    expect(monthKey(Date.UTC(2026, 5, 30, 12, 0, 0))).toBe("2026-07");
  });

  it("is the month of the day a count is kept under, at every hour of a year", () => {
    // The count flush files views under substr(day, 1, 7) of their mark's day; likes, contacts and the
    // dashboard's reads use monthKey. They must never disagree, or a month's views go missing.
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 3_600_000) {
      expect(monthKey(t)).toBe(countDay(t).slice(0, 7));
    }
  });
});

describe("like body", () => {
  it("takes a visitor id of 8-128 URL-safe characters", () => {
    expect(likeBodySchema.safeParse({ fingerprint: "abcDEF12_-" }).success).toBe(true);
    expect(likeBodySchema.safeParse({ fingerprint: "x".repeat(128) }).success).toBe(true);
  });
  it("refuses a missing, non-string, short, long or odd fingerprint", () => {
    for (const body of [
      {},
      { fingerprint: 12345678 },
      { fingerprint: null },
      { fingerprint: "short" },
      { fingerprint: "x".repeat(129) },
      { fingerprint: "<script>alert(1)</script>" },
    ]) {
      const parsed = likeBodySchema.safeParse(body);
      expect(parsed.success, JSON.stringify(body)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toMatch(/fingerprint/);
    }
  });
});

describe("list paging", () => {
  it("reads ?limit as 1-100, 24 by default", () => {
    expect(parseListLimit(null)).toBe(24);
    expect(parseListLimit("")).toBe(24);
    expect(parseListLimit("1")).toBe(1);
    expect(parseListLimit("100")).toBe(100);
    for (const bad of ["0", "101", "-1", "1.5", "abc", "1e2", " 5"]) expect(parseListLimit(bad), bad).toBeNull();
  });

  it("round-trips a cursor and refuses anything else", () => {
    const c = { featured: true, listedAt: 1_760_000_000_000, id: "abcdefghij012345" };
    expect(decodeCursor(encodeCursor(c))).toEqual(c);
    expect(encodeCursor(c)).toMatch(/^[A-Za-z0-9_-]+$/);
    const b64 = (v: unknown) => btoa(JSON.stringify(v)).replace(/=+$/, "");
    for (const bad of [
      "",
      "%%%",
      "not-a-cursor",
      b64([1, 5]),
      b64([2, 5, c.id]),
      b64([1, "5", c.id]),
      b64([1, 5, "x' OR 1=1"]),
      b64({ a: 1 }),
      "A".repeat(300),
    ]) {
      expect(decodeCursor(bad), bad).toBeNull();
    }
  });
});
