import { describe, expect, it } from "vitest";
import { addressKey, countDay } from "~/platform/http/client-address";
import { limiterKey } from "~/platform/http/rate-limit.server";

describe("one visitor for counting", () => {
  it("is the IPv4 address, or the IPv6 /64", () => {
    expect(addressKey("203.0.113.9")).toBe("203.0.113.9");
    expect(addressKey("2001:DB8:1:2::10")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8:1:2:ffff:0:0:1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey(null)).toBe("unknown");
  });
  it("reads every way of writing one /64 as that /64", () => {
    for (const written of ["2001:0db8:0001:0002::10", "2001:db8:1:2:0:0:0:1", " 2001:DB8:1:2::abcd ", "2001:db8:1:2::"])
      expect(addressKey(written)).toBe("2001:db8:1:2::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
  });
  it("takes an IPv4 address written as IPv6 as the IPv4 address", () => {
    expect(addressKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(addressKey("::FFFF:cb00:7109")).toBe("203.0.113.9");
  });
  it("gives anything that is not an address one key, so made-up values share it", () => {
    for (const junk of [
      "",
      "nope",
      "1.2",
      "010.1.1.1",
      "0x7f.0.0.1",
      "1.2.3.4.5",
      "2001:db8::1::2",
      "[::1]",
      "x".repeat(80),
    ])
      expect(addressKey(junk)).toBe("unknown");
  });
  it("counts by NZ day, as every page shows days", () => {
    // 23:59 UTC on 23 November is 12:59 pm on the 24th in Auckland (daylight time, UTC+13).
    expect(countDay(Date.UTC(2026, 10, 23, 23, 59))).toBe("2026-11-24");
    // 10:59 UTC is 11:59 pm the same day there; a minute later it is the next day.
    expect(countDay(Date.UTC(2026, 10, 23, 10, 59))).toBe("2026-11-23");
    expect(countDay(Date.UTC(2026, 10, 23, 11, 0))).toBe("2026-11-24");
  });
});

describe("rate-limit buckets", () => {
  const key = (ip: string) => limiterKey("like", new Headers({ "CF-Connecting-IP": ip }));
  it("are one per IPv4 address and one per IPv6 /64", () => {
    expect(key("2001:db8:1:2::1")).toBe("like:2001:db8:1:2::/64");
    expect(key("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe(key("2001:db8:1:2::1"));
    expect(key("2001:db8:1:3::1")).not.toBe(key("2001:db8:1:2::1"));
    expect(key("203.0.113.9")).toBe("like:203.0.113.9");
    expect(key("203.0.113.10")).not.toBe(key("203.0.113.9"));
    expect(limiterKey("login", new Headers())).toBe("login:unknown");
  });
});
