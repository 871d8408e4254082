// All money text comes from app/platform/money.ts: rates rounded to whole dollars, payments to the cent, the
// payment provider's decimal strings. These pin the payments' form against the one it replaced (Intl's).
import { describe, expect, it } from "vitest";
import { centsToDecimal, formatDollarsAndCents } from "~/platform/money";

describe("what is paid, to the cent", () => {
  it("keeps the cents and groups thousands", () => {
    expect(formatDollarsAndCents(3500)).toBe("$35.00");
    expect(formatDollarsAndCents(5)).toBe("$0.05");
    expect(formatDollarsAndCents(123456)).toBe("$1,234.56");
    expect(formatDollarsAndCents(123456789)).toBe("$1,234,567.89");
  });

  it("writes what Intl's en-NZ grouping wrote, for any whole number of cents", () => {
    const intl = (c: number) =>
      `$${Math.trunc(c / 100).toLocaleString("en-NZ")}.${String(Math.abs(c % 100)).padStart(2, "0")}`;
    for (let i = 0; i < 300; i++) {
      const cents = Math.floor(Math.random() * 10 ** (1 + (i % 11)));
      expect(formatDollarsAndCents(cents)).toBe(intl(cents));
    }
  });

  it("agrees with the provider's decimal string", () => {
    expect(formatDollarsAndCents(123456)).toBe(`$1,${centsToDecimal(123456).slice(1)}`);
  });
});
