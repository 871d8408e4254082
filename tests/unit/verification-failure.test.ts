import { describe, expect, it } from "vitest";
import { submitFailure } from "~/features/verification/verification";

describe("a verification submit that failed on the way (not refused by the server)", () => {
  it("Get Verified: 'Failed to submit verification request: {message}', else the spec's fallback", () => {
    expect(submitFailure("id", new TypeError("Failed to fetch"))).toEqual({
      error: "Failed to submit verification request: Failed to fetch",
      message: "Failed to fetch",
    });
    expect(submitFailure("id", new Error(""))).toEqual({
      error: "Failed to submit verification request: Verification request failed",
      message: "Verification request failed",
    });
    expect(submitFailure("id", "weird").error).toBe(
      "Failed to submit verification request: Verification request failed",
    );
  });

  it("Photo verification: 'Error: Photo verification request failed' when no server error came back", () => {
    expect(submitFailure("photo", new TypeError("Failed to fetch"))).toEqual({
      error: "Error: Photo verification request failed",
      message: "Photo verification request failed",
    });
  });
});
