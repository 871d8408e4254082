import { describe, expect, it } from "vitest";
import { VERIFY_SEND_MAX_SIDE, verifySendSize } from "~/features/verification/send-size";
import { VERIFY_MAX_BYTES } from "~/features/photos/rules";

describe("a verification photo from a phone's camera", () => {
  it("is sent as it is within the 5 MB limit", () => {
    expect(verifySendSize(4032, 3024, VERIFY_MAX_BYTES)).toBeNull();
  });

  it("is scaled to 2400 px on its longer side when over the limit, never enlarged", () => {
    expect(verifySendSize(4032, 3024, VERIFY_MAX_BYTES + 1)).toEqual({ width: VERIFY_SEND_MAX_SIDE, height: 1800 });
    expect(verifySendSize(3024, 4032, 8_000_000)).toEqual({ width: 1800, height: VERIFY_SEND_MAX_SIDE });
    // A large PNG of few pixels is only re-encoded, at its own size.
    expect(verifySendSize(1600, 1200, 7_000_000)).toEqual({ width: 1600, height: 1200 });
  });
});
