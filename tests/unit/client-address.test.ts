import { describe, expect, it } from "vitest";
import { addressKey, countDay } from "~/platform/http/client-address";

describe("one visitor for counting", () => {
  it("is the IPv4 address, or the IPv6 /64", () => {
    expect(addressKey("203.0.113.9")).toBe("203.0.113.9");
    expect(addressKey("2001:DB8:1:2::10")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8:1:2:ffff:0:0:1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey(null)).toBe("unknown");
  });
  it("counts by UTC day", () => {
    expect(countDay(Date.UTC(2026, 10, 23, 23, 59))).toBe("2026-11-23");
  });
});
