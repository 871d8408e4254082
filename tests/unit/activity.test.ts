import { describe, expect, it } from "vitest";
import { activityOf, isActiveNow } from "~/core/activity";

const HOUR = 3_600_000;
const now = Date.UTC(2026, 0, 1, 12);

describe("activity badges", () => {
  it("is 'Active Now' when active with no end time or before it", () => {
    expect(activityOf(true, null, now)).toEqual({ kind: "active" });
    expect(activityOf(true, now + 1, now)).toEqual({ kind: "active" });
    expect(isActiveNow(true, now, now)).toBe(false);
  });

  it("is not active when the flag is off, even with a future end", () => {
    expect(isActiveNow(false, now + HOUR, now)).toBe(false);
  });

  it.each([
    [0, "Last active this hour"],
    [HOUR - 1, "Last active this hour"],
    [HOUR, "Last active 1 hour ago"],
    [2 * HOUR + 5, "Last active 2 hours ago"],
    [3 * HOUR, "Last active 3 hours ago"],
    [4 * HOUR, "Last active 4 hours ago"],
    [5 * HOUR, "Last active 4 hours ago"],
  ])("%i ms after active_until -> %s", (ago, label) => {
    expect(activityOf(true, now - ago, now)).toEqual({ kind: "recent", label });
    expect(activityOf(false, now - ago, now)).toEqual({ kind: "recent", label });
  });

  it("shows nothing past five hours or with no end time", () => {
    expect(activityOf(false, now - 5 * HOUR - 1, now)).toEqual({ kind: "none" });
    expect(activityOf(false, null, now)).toEqual({ kind: "none" });
  });
});
