import { describe, expect, it } from "vitest";
import { gridSlot, KEPT_SLOTS, parseSlotParam } from "~/features/catalogue/grid-slot";

describe("the rotation slot a grid page is read in", () => {
  it("reads ?slot= as a whole number, and anything else as not a slot", () => {
    expect(parseSlotParam(null)).toBeNull();
    expect(parseSlotParam("")).toBeNull();
    expect(parseSlotParam("2966000")).toBe(2966000);
    for (const bad of ["abc", "-1", "1.5", "1e6", " 12", "0x10", "9".repeat(13)])
      expect(parseSlotParam(bad)).toBe("invalid");
  });

  it("keeps a recent slot, and reads an old, future or missing one in the current slot", () => {
    const current = 2966000;
    expect(gridSlot(null, current)).toBe(current);
    expect(gridSlot(current, current)).toBe(current);
    expect(gridSlot(current - 1, current)).toBe(current - 1);
    expect(gridSlot(current - KEPT_SLOTS, current)).toBe(current - KEPT_SLOTS);
    // Older than two hours: no link can hold an order, and whoever led it, for longer.
    expect(gridSlot(current - KEPT_SLOTS - 1, current)).toBe(current);
    expect(gridSlot(0, current)).toBe(current);
    expect(gridSlot(current + 1, current)).toBe(current);
    expect(KEPT_SLOTS * 10).toBe(120);
  });
});
