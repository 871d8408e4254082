import { describe, expect, it } from "vitest";
import { specialRateDuration } from "~/core/special-rate-duration";

describe("a special rate's duration", () => {
  it("reads whole days and hours as such, the rest in hours and minutes", () => {
    expect(specialRateDuration("2880")).toBe("2 days");
    expect(specialRateDuration("1440")).toBe("1 day");
    expect(specialRateDuration("120")).toBe("2 hours");
    expect(specialRateDuration("60")).toBe("1 hour");
    expect(specialRateDuration("90")).toBe("1 hour 30 minutes");
    expect(specialRateDuration("45")).toBe("45 minutes");
    expect(specialRateDuration("1")).toBe("1 minute");
  });

  it("leaves free text as typed", () => {
    expect(specialRateDuration("Overnight")).toBe("Overnight");
    expect(specialRateDuration(" 2 hrs ")).toBe("2 hrs");
    expect(specialRateDuration("0")).toBe("0 minutes");
  });
});
