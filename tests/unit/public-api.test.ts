import { describe, expect, it } from "vitest";
import { monthKey } from "~/features/insights/stats";
import { decodeCursor, encodeCursor, likeBodySchema, parseListLimit } from "~/features/catalogue/public-api";

describe("monthKey", () => {
  it("is the UTC month, whatever the local time zone", () => {
    expect(monthKey(Date.UTC(2026, 0, 1, 0, 0, 0))).toBe("2026-01");
    expect(monthKey(Date.UTC(2026, 11, 31, 23, 59, 59, 999))).toBe("2026-12");
    // 1 March 2026 09:00 in Auckland (NZDT, UTC+13) is still February in UTC.
    expect(monthKey(Date.UTC(2026, 1, 28, 20, 0, 0))).toBe("2026-02");
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
