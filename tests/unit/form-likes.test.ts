import { describe, expect, it } from "vitest";
import { afterFormLike, likedInSearch } from "~/features/likes/likes";

describe("a like without JavaScript", () => {
  it("goes back to the page it came from, at the card, naming the like in ?liked=", () => {
    expect(afterFormLike("/?page=2", "abc", true)).toBe("/?page=2&liked=abc#listing-abc");
    expect(afterFormLike("/view/abc", "abc", true)).toBe("/view/abc?liked=abc#listing-abc");
  });

  it("adds to the likes already named, and takes one back when unliked", () => {
    const twice = afterFormLike("/locations/Auckland?liked=one", "two", true);
    expect(twice).toBe("/locations/Auckland?liked=one%2Ctwo#listing-two");
    expect(likedInSearch(new URL(twice, "http://x").search)).toEqual(["one", "two"]);
    expect(afterFormLike("/?liked=one%2Ctwo", "one", false)).toBe("/?liked=two#listing-one");
    expect(afterFormLike("/?liked=one", "one", false)).toBe("/#listing-one");
  });

  it("reads only ids from the address, at most twenty", () => {
    expect(likedInSearch("?liked=a,<b>,c")).toEqual(["a", "c"]);
    const many = Array.from({ length: 25 }, (_, i) => `id${i}`).join(",");
    expect(likedInSearch(`?liked=${many}`)).toHaveLength(20);
    expect(likedInSearch("")).toEqual([]);
  });
});
