import { describe, expect, it } from "vitest";
import { parseJsonObject } from "~/platform/data/json";

describe("parseJsonObject", () => {
  it("answers the object a JSON text holds", () => {
    expect(parseJsonObject('{"a":1,"b":[2]}')).toEqual({ a: 1, b: [2] });
  });

  it("answers null for malformed JSON and for JSON that is not an object", () => {
    for (const text of ["", "{", "not json", "null", "1", '"x"', "true", "[1,2]"]) {
      expect(parseJsonObject(text)).toBeNull();
    }
  });
});
