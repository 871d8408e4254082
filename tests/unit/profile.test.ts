import { describe, expect, it } from "vitest";
import {
  formatPhone,
  pickSuggestions,
  primaryImage,
  safeExternalUrl,
  shuffle,
  socialUrl,
  splitList,
} from "~/core/profile";

describe("formatPhone (spec §5)", () => {
  it("groups 9 digits 3-3-3", () => {
    expect(formatPhone("021 123 456")).toBe("021 123 456");
    expect(formatPhone("(021)123-456")).toBe("021 123 456");
  });
  it("groups 10 digits 3-3-4", () => {
    expect(formatPhone("0211234567")).toBe("021 123 4567");
  });
  it("groups 11 digits 3-4-4", () => {
    expect(formatPhone("+64 21 123 4567")).toBe("642 1123 4567");
    expect(formatPhone("02112345678")).toBe("021 1234 5678");
  });
  it("answers other lengths as bare digits", () => {
    expect(formatPhone("12345678")).toBe("12345678");
    expect(formatPhone("+64-211-234-56789")).toBe("6421123456789");
    expect(formatPhone("no digits")).toBe("");
  });
});

describe("safeExternalUrl", () => {
  it("prefixes http:// when no scheme is given", () => {
    expect(safeExternalUrl("example.co.nz/me")).toBe("http://example.co.nz/me");
    expect(safeExternalUrl("https://example.com")).toBe("https://example.com/");
  });
  it("refuses javascript:, data: and other schemes", () => {
    expect(safeExternalUrl("javascript:alert(1)")).toBeNull();
    expect(safeExternalUrl("JavaScript:alert(1)")).toBeNull();
    expect(safeExternalUrl("data:text/html,<script>alert(1)</script>")).toBeNull();
    expect(safeExternalUrl("ftp://example.com")).toBeNull();
  });
  it("refuses blanks, hosts without a dot and very long values", () => {
    expect(safeExternalUrl("")).toBeNull();
    expect(safeExternalUrl(null)).toBeNull();
    expect(safeExternalUrl("localhost")).toBeNull();
    expect(safeExternalUrl(`example.com/${"a".repeat(400)}`)).toBeNull();
  });
});

describe("socialUrl", () => {
  it("turns handles into profile links", () => {
    expect(socialUrl("instagram", "@kiri.nz")).toBe("https://www.instagram.com/kiri.nz");
    expect(socialUrl("twitter", "kiri_nz")).toBe("https://x.com/kiri_nz");
    expect(socialUrl("onlyFans", "kiri")).toBe("https://onlyfans.com/kiri");
  });
  it("keeps safe URLs and drops unsafe ones", () => {
    expect(socialUrl("instagram", "https://instagram.com/kiri")).toBe("https://instagram.com/kiri");
    expect(socialUrl("twitter", "javascript:alert(1)")).toBeNull();
    expect(socialUrl("onlyFans", "  ")).toBeNull();
  });
});

describe("primaryImage", () => {
  it("picks position 1, otherwise the first", () => {
    expect(
      primaryImage([
        { position: 2, id: "b" },
        { position: 1, id: "a" },
      ])?.id,
    ).toBe("a");
    expect(
      primaryImage([
        { position: 3, id: "c" },
        { position: 2, id: "b" },
      ])?.id,
    ).toBe("c");
    expect(primaryImage([])).toBeNull();
  });
});

describe("splitList", () => {
  it("splits comma lists and drops blanks", () => {
    expect(splitList("GFE, Massage,, ,Dinner Dates")).toEqual(["GFE", "Massage", "Dinner Dates"]);
  });
});

describe("pickSuggestions (spec §5)", () => {
  const current = { modelId: "current", location: "Auckland" };
  const candidates = [
    { modelId: "current", location: "Auckland" },
    { modelId: "w1", location: "Wellington" },
    { modelId: "a1", location: "Auckland" },
    { modelId: "w2", location: "Wellington" },
    { modelId: "a2", location: "Auckland" },
    { modelId: "a1", location: "Auckland" },
  ];

  it("never returns the current listing, prefers the same location and returns 3", () => {
    for (let seed = 0; seed < 20; seed++) {
      let s = seed + 1;
      const random = () => ((s = (s * 16807) % 2147483647) - 1) / 2147483646;
      const picked = pickSuggestions(current, candidates, 3, random);
      expect(picked).toHaveLength(3);
      expect(picked.map((p) => p.modelId)).not.toContain("current");
      expect(new Set(picked.map((p) => p.modelId)).size).toBe(3);
      expect(picked.slice(0, 2).every((p) => p.location === "Auckland")).toBe(true);
      expect(picked[2].location).toBe("Wellington");
    }
  });

  it("shuffles: different random sources give different orders", () => {
    const many = Array.from({ length: 10 }, (_, i) => ({ modelId: `a${i}`, location: "Auckland" }));
    const first = pickSuggestions(current, many, 3, () => 0).map((p) => p.modelId);
    const second = pickSuggestions(current, many, 3, () => 0.999).map((p) => p.modelId);
    expect(first).not.toEqual(second);
  });

  it("answers fewer when there are fewer", () => {
    expect(pickSuggestions(current, [candidates[0], candidates[1]])).toEqual([candidates[1]]);
  });
});

describe("shuffle", () => {
  it("keeps every item", () => {
    expect(shuffle([1, 2, 3, 4]).sort()).toEqual([1, 2, 3, 4]);
  });
});
