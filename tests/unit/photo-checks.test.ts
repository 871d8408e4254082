import { describe, expect, it } from "vitest";
import {
  checkExpiresAt,
  isCheckOld,
  lastCheckedAt,
  ownerPhotoCheck,
  photoCheckLabel,
  photoCheckState,
  photoCheckSummary,
  photoCheckText,
} from "~/core/photo-checks";
import { canAskCheck, needsSelfies, PHOTO_CHECK_MSG, planPhotoAsk } from "~/features/verification/photo-checks";

// Noon in New Zealand, so the NZ month is the one named.
const nz = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d, 0, 0);
const NOW = nz(2026, 11, 28);

describe("what a photo's check says", () => {
  it("a photo is verified with its month and year, or not verified", () => {
    expect(photoCheckLabel(nz(2026, 11, 3))).toBe("Verified November 2026");
    expect(photoCheckLabel(null)).toBe("Not verified");
    expect(photoCheckLabel(undefined)).toBe("Not verified");
    expect(photoCheckState(null, NOW)).toBe("unverified");
    expect(photoCheckState(nz(2026, 6, 1), NOW)).toBe("verified");
  });

  it("the month is New Zealand's: the last evening of October in UTC is already November there", () => {
    expect(photoCheckLabel(Date.UTC(2026, 9, 31, 12, 0))).toBe("Verified November 2026");
  });

  it("a check stays current for 12 months, then shows its date honestly and says it is old", () => {
    const checked = nz(2025, 11, 20);
    expect(checkExpiresAt(checked)).toBe(nz(2026, 11, 20));
    expect(isCheckOld(checked, nz(2026, 11, 20))).toBe(false);
    expect(isCheckOld(checked, nz(2026, 11, 20) + 1)).toBe(true);
    expect(photoCheckState(checked, NOW)).toBe("old");
    expect(photoCheckText(checked, NOW)).toBe("Verified November 2025 (checked over a year ago)");
    expect(photoCheckText(nz(2026, 2, 1), NOW)).toBe("Verified February 2026");
  });

  it("tells the owner each photo's check: waiting, dated (its age said when old), or not verified", () => {
    expect(ownerPhotoCheck(nz(2026, 11, 3), false, NOW)).toEqual({
      state: "verified",
      label: "Verified November 2026",
      age: null,
      recheck: null,
    });
    expect(ownerPhotoCheck(nz(2025, 11, 20), false, NOW)).toEqual({
      state: "old",
      label: "Verified November 2025",
      age: "checked over a year ago",
      recheck: "Checked over a year ago: ask for a new check to keep visitors' trust.",
    });
    expect(ownerPhotoCheck(null, false, NOW).label).toBe("Not verified");
    // A check waiting says so, whatever the photo's earlier check said.
    expect(ownerPhotoCheck(nz(2025, 11, 20), true, NOW)).toMatchObject({
      state: "pending",
      label: "Waiting for a check",
    });
    expect(ownerPhotoCheck(null, true, NOW).state).toBe("pending");
    // Refused at its last check: said so, unless a new check waits.
    expect(ownerPhotoCheck(null, false, NOW, true)).toMatchObject({ state: "refused", label: "Not approved" });
    expect(ownerPhotoCheck(null, true, NOW, true).state).toBe("pending");
  });

  it("sums a listing's photos up in the profile's words", () => {
    const photos = [
      { verifiedAt: nz(2026, 3, 2) },
      { verifiedAt: nz(2026, 11, 3) },
      { verifiedAt: nz(2026, 6, 9) },
      { verifiedAt: nz(2025, 1, 9) },
      { verifiedAt: null },
    ];
    expect(lastCheckedAt(photos)).toBe(nz(2026, 11, 3));
    expect(photoCheckSummary(photos)).toBe("Photos verified: 4 of 5, last checked November 2026");
    expect(photoCheckSummary([{ verifiedAt: null }, {}])).toBe("Photos verified: 0 of 2");
    expect(photoCheckSummary([])).toBeNull();
  });
});

describe("asking for a photo check", () => {
  const recent = nz(2026, 10, 1);
  const photo = (imageId: string, verifiedAt: number | null, pending = false) => ({ imageId, verifiedAt, pending });

  it("needs no new photos of the person while two verified photos remain and the last check is recent", () => {
    expect(needsSelfies([photo("a", recent), photo("b", nz(2026, 1, 1)), photo("c", null)], NOW)).toBe(false);
    // Fewer than two verified photos left.
    expect(needsSelfies([photo("a", recent), photo("c", null)], NOW)).toBe(true);
    expect(needsSelfies([photo("c", null)], NOW)).toBe(true);
    // The last check is over 12 months old.
    expect(needsSelfies([photo("a", nz(2025, 10, 1)), photo("b", nz(2025, 9, 1))], NOW)).toBe(true);
  });

  it("a photo may be sent when unverified or old, and not while a check of it waits", () => {
    expect(canAskCheck(photo("a", null), NOW)).toBe(true);
    expect(canAskCheck(photo("a", nz(2025, 10, 1)), NOW)).toBe(true);
    expect(canAskCheck(photo("a", recent), NOW)).toBe(false);
    expect(canAskCheck(photo("a", null, true), NOW)).toBe(false);
  });

  it("plans one photo on its own, or every photo that may be sent, with new photos of the person only when needed", () => {
    const listing = [photo("a", recent), photo("b", recent), photo("c", null), photo("d", null, true)];
    expect(planPhotoAsk(listing, "c", false, NOW)).toEqual({ ok: true, imageIds: ["c"], selfies: false });
    expect(planPhotoAsk(listing, "a", false, NOW)).toMatchObject({ ok: false, error: PHOTO_CHECK_MSG.notCheckable });
    expect(planPhotoAsk(listing, "d", false, NOW)).toMatchObject({ ok: false, error: PHOTO_CHECK_MSG.pending });
    expect(planPhotoAsk(listing, "zz", false, NOW)).toMatchObject({ ok: false, error: PHOTO_CHECK_MSG.notOnListing });
    expect(planPhotoAsk(listing, null, true, NOW)).toEqual({ ok: true, imageIds: ["c"], selfies: true });

    const thin = [photo("a", recent), photo("c", null), photo("e", null)];
    expect(planPhotoAsk(thin, "c", false, NOW)).toMatchObject({ ok: false, error: PHOTO_CHECK_MSG.selfiesNeeded });
    expect(planPhotoAsk(thin, "c", true, NOW)).toEqual({ ok: true, imageIds: ["c"], selfies: true });
    expect(planPhotoAsk([photo("a", recent), photo("b", recent)], null, true, NOW)).toMatchObject({
      ok: false,
      error: PHOTO_CHECK_MSG.nothingToCheck,
    });
  });
});
