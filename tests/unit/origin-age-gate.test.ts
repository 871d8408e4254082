import { describe, expect, it } from "vitest";
import { hasAgeCookie } from "~/features/site/age-gate";
import { isCrossOriginWrite } from "~/platform/http/origin";

describe("cross-origin writes", () => {
  const url = "https://site.nz/api/x";
  it("lets reads through and same-origin writes through", () => {
    expect(isCrossOriginWrite("GET", url, new Headers({ Origin: "https://evil.example" }))).toBe(false);
    expect(isCrossOriginWrite("POST", url, new Headers({ Origin: "https://site.nz" }))).toBe(false);
    expect(isCrossOriginWrite("POST", url, new Headers({ "Sec-Fetch-Site": "same-origin" }))).toBe(false);
  });
  it("refuses writes another site started", () => {
    expect(isCrossOriginWrite("POST", url, new Headers({ Origin: "https://evil.example" }))).toBe(true);
    expect(isCrossOriginWrite("DELETE", url, new Headers({ "Sec-Fetch-Site": "cross-site" }))).toBe(true);
    expect(isCrossOriginWrite("PUT", url, new Headers({ Origin: "null" }))).toBe(true);
  });
});

describe("age gate helpers", () => {
  it("reads the confirmation cookie", () => {
    expect(hasAgeCookie("a=1; age_verified=1")).toBe(true);
    expect(hasAgeCookie("age_verified=0")).toBe(false);
    expect(hasAgeCookie(null)).toBe(false);
  });
});
