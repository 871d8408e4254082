import { describe, expect, it } from "vitest";
import { adminBadges, adminDeleteConfirm, menuActions, adminFlagChange } from "~/features/moderation/moderation";

import { parseReport, REPORT_MSG, reportAge } from "~/features/moderation/reports";
import {
  canRequestPhoto,
  eligibilityError,
  ID_MSG,
  parseRejectReason,
  PHOTO_VERIFY_MSG,
  VERIFY_MSG,
  verificationFileProblem,
} from "~/features/verification/verification";
import type { ModeratedState } from "~/features/moderation/moderation";
import { isVerificationKey, parseKeyList } from "~/core/photo-keys";
import { VERIFY_MAX_BYTES } from "~/features/photos/rules";

const NOW = 1_750_000_000_000;
const HOUR = 3_600_000;
const state = (s: Partial<ModeratedState> = {}): ModeratedState => ({
  verified: true,
  live: true,
  hot: false,
  active: false,
  activeUntil: null,
  ...s,
});

describe("administrator flag changes", () => {
  it("unverify also turns live and Active Now off", () => {
    const change = adminFlagChange(state({ active: true, activeUntil: NOW + HOUR }), "unverify", NOW);
    expect(change).toEqual({
      ok: true,
      changed: true,
      next: { verified: false, live: false, hot: false, active: false, activeUntil: NOW },
    });
  });

  it("live needs a verified listing", () => {
    expect(adminFlagChange(state({ verified: false, live: false }), "live", NOW)).toEqual({
      ok: false,
      error: "Only verified listings can go live. Verify the listing first.",
    });
    expect(adminFlagChange(state({ live: false }), "live", NOW)).toMatchObject({ ok: true, next: { live: true } });
  });

  it("reports an action that changes nothing", () => {
    expect(adminFlagChange(state({ hot: true }), "hot", NOW)).toMatchObject({ ok: true, changed: false });
    expect(adminFlagChange(state(), "verify", NOW)).toMatchObject({ ok: true, changed: false });
  });

  it("offers Make Live / Unlive only on verified listings, with the spec's badges", () => {
    expect(menuActions({ verified: false, live: false, hot: false })).toEqual(["verify", "hot", "delete"]);
    expect(menuActions({ verified: true, live: false, hot: true })).toEqual(["unverify", "live", "unhot", "delete"]);
    expect(menuActions({ verified: true, live: true, hot: false })).toEqual(["unverify", "unlive", "hot", "delete"]);
    expect(adminBadges({ verified: false, live: false })).toEqual(["Unverified"]);
    expect(adminBadges({ verified: true, live: false })).toEqual(["Hidden"]);
    expect(adminBadges({ verified: true, live: true })).toEqual([]);
    expect(adminDeleteConfirm("Ana")).toBe(
      "Are you sure you want to delete the listing for Ana? This action cannot be undone.",
    );
  });
});

describe("reports", () => {
  it("takes a reason from the list, trimmed details up to 2,000 characters and an optional contact", () => {
    expect(parseReport({ reason: "scam", details: "  odd  ", contact: "+64 21 123 4567" })).toEqual({
      ok: true,
      data: { reason: "scam", details: "odd", contact: "+64 21 123 4567" },
    });
    expect(parseReport({ reason: "other" })).toEqual({ ok: true, data: { reason: "other", details: "", contact: "" } });
    expect(parseReport({ reason: "nope" })).toMatchObject({ ok: false, error: REPORT_MSG.reason });
    expect(parseReport({ reason: "other", details: "x".repeat(2001) })).toMatchObject({
      ok: false,
      errors: { details: REPORT_MSG.detailsTooLong },
    });
    expect(parseReport({ reason: "other", contact: "call me maybe" })).toMatchObject({
      ok: false,
      errors: { contact: REPORT_MSG.contactInvalid },
    });
  });

  it("counts age against the 48-hour window", () => {
    expect(reportAge(NOW - 30 * 60_000, NOW)).toEqual({ hours: 0, overdue: false, label: "less than an hour" });
    expect(reportAge(NOW - 5 * HOUR, NOW)).toEqual({ hours: 5, overdue: false, label: "5 hours" });
    expect(reportAge(NOW - 48 * HOUR, NOW).overdue).toBe(false);
    expect(reportAge(NOW - 48 * HOUR - 1, NOW)).toMatchObject({ overdue: true, label: "2 days" });
  });
});

describe("verification files and requests", () => {
  const jpegHead = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
  it("judges a file by its bytes and size, in each kind's words", () => {
    expect(verificationFileProblem("id", 1000, jpegHead)).toBeNull();
    expect(verificationFileProblem("id", 1000, new TextEncoder().encode("hello"))).toBe(ID_MSG.type);
    expect(verificationFileProblem("id", VERIFY_MAX_BYTES + 1, jpegHead)).toBe(ID_MSG.size);
    expect(verificationFileProblem("photo", VERIFY_MAX_BYTES + 1, jpegHead)).toBe(PHOTO_VERIFY_MSG.size);
    expect(verificationFileProblem("photo", 10, new Uint8Array([0x47, 0x49, 0x46]))).toBe(PHOTO_VERIFY_MSG.type);
    expect(VERIFY_MAX_BYTES).toBe(5_242_880);
  });

  it("knows which listings may be put forward", () => {
    expect(eligibilityError({ verified: false })).toBeNull();
    expect(eligibilityError({ verified: true })).toBe(VERIFY_MSG.alreadyVerified);
    expect(canRequestPhoto({ checkable: 0 })).toBe(false);
    expect(canRequestPhoto({ checkable: 1 })).toBe(true);
  });

  it("keeps only private verification keys from the stored list", () => {
    const key = "private/verification/0123456789abcdefghijklmn.webp";
    expect(isVerificationKey(key)).toBe(true);
    expect(parseKeyList(JSON.stringify([key, "listing/0123456789abcdefghijklmn.webp", "../x", 5]))).toEqual([key]);
    expect(parseKeyList("not json")).toEqual([]);
  });

  it("needs a rejection reason of at most 500 characters", () => {
    expect(parseRejectReason("  Too blurry\u0007 ")).toEqual({ ok: true, reason: "Too blurry" });
    expect(parseRejectReason("   ")).toMatchObject({ ok: false });
    expect(parseRejectReason("x".repeat(501))).toMatchObject({ ok: false });
  });
});
