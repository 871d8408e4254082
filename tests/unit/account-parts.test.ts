// The person's public fields on a grid page made from the public copy (docs/decisions/0070): written into an
// attribute of <body> with nothing that needs escaping, and read back as exactly those fields or not at all.
import { describe, expect, it } from "vitest";
import { decodeIncludedUser, encodeIncludedUser } from "~/features/shell/account-parts";

const person = { id: "u1", firstName: `Ben "<i>" & 'co'`, accountType: "unpaid", agency: false, isAdmin: false };

describe("the included person", () => {
  it("round-trips through a value with no quote, bracket or ampersand", () => {
    const raw = encodeIncludedUser(person);
    expect(raw).not.toMatch(/["'<>&\s]/);
    expect(decodeIncludedUser(raw)).toEqual(person);
  });

  it("reads nothing from a missing, mangled or foreign value", () => {
    expect(decodeIncludedUser(null)).toBeNull();
    expect(decodeIncludedUser("")).toBeNull();
    expect(decodeIncludedUser("%E0%A4%A")).toBeNull();
    expect(decodeIncludedUser(encodeURIComponent("[1,2]"))).toBeNull();
    expect(decodeIncludedUser(encodeURIComponent(JSON.stringify({ id: 1, firstName: "A" })))).toBeNull();
  });

  it("keeps only the public fields, with flags true only when they say so", () => {
    const extra = { ...person, email: "ben@example.nz", agency: "true", isAdmin: 1 };
    expect(decodeIncludedUser(encodeURIComponent(JSON.stringify(extra)))).toEqual({
      ...person,
      agency: false,
      isAdmin: false,
    });
  });
});
