import { describe, expect, it } from "vitest";
import { centsToDecimal, decimalToCents } from "~/platform/money";

describe("centsToDecimal", () => {
  it.each([
    [1, "0.01"],
    [10, "0.10"],
    [3500, "35.00"],
    [7500, "75.00"],
    [123456, "1234.56"],
    [0, "0.00"],
    [435, "4.35"],
  ])("%i cents is %s", (cents, text) => {
    expect(centsToDecimal(cents)).toBe(text);
  });

  it.each([-1, 1.5, Number.NaN, Infinity, 2 ** 53])("refuses %s", (cents) => {
    expect(() => centsToDecimal(cents)).toThrow(RangeError);
  });
});

describe("decimalToCents", () => {
  it.each([
    ["0.01", 1],
    ["0.10", 10],
    ["35.00", 3500],
    ["75.00", 7500],
    ["1234.56", 123456],
    ["35", 3500],
    ["0.5", 50],
    // 4.35 * 100 is 434.99999999999994 in binary floating point: the digits are read as text instead.
    ["4.35", 435],
    ["1.15", 115],
    ["0.29", 29],
  ])("%s is %i cents", (text, cents) => {
    expect(decimalToCents(text)).toBe(cents);
  });

  it("round-trips every amount it writes", () => {
    for (const cents of [1, 10, 29, 115, 435, 3500, 7500, 123456, 99999999]) {
      expect(decimalToCents(centsToDecimal(cents))).toBe(cents);
    }
  });

  it.each(["-1.00", "1.005", "1e3", " 35.00", "35.", ".5", "", "035.00", "35,00", "NaN", "Infinity"])(
    "refuses %j",
    (text) => {
      expect(decimalToCents(text)).toBeNull();
    },
  );

  it.each([null, undefined, 35, {}])("refuses the non-string %j", (value) => {
    expect(decimalToCents(value)).toBeNull();
  });
});
