// The pure rules of agencies (docs/decisions/0058-worker-consent-and-agency-checks.md): when a worker is asked
// again, when an agency may publish, what its details must hold, and when the certificate reminder is due.
import { describe, expect, it } from "vitest";
import { askAgainReason, awaitsConsent, parseAgreedImageIds } from "~/features/listings/consent";
import {
  AGENCY_MSG,
  agencyValues,
  certificateChanged,
  mayPublish,
  parseAgency,
  reminderDue,
} from "~/features/agencies/agency";
import type { AgencyValues } from "~/features/agencies/agency";

describe("asking the worker again", () => {
  const agreed = { name: "Ruby", imageIds: ["a", "b", "c", "d"] };

  it("a new name asks again; the same name with other spacing does not", () => {
    expect(askAgainReason(agreed, { ...agreed, name: "Rubie" })).toBe("name");
    expect(askAgainReason(agreed, { ...agreed, name: " Ruby " })).toBeNull();
  });

  it("more than half of the photos new asks again; half or fewer does not", () => {
    expect(askAgainReason(agreed, { ...agreed, imageIds: ["a", "b", "x", "y"] })).toBeNull();
    expect(askAgainReason(agreed, { ...agreed, imageIds: ["a", "x", "y", "z"] })).toBe("photos");
    expect(askAgainReason(agreed, { ...agreed, imageIds: ["a", "b"] })).toBeNull();
    expect(askAgainReason(agreed, { ...agreed, imageIds: ["d", "c", "b", "a"] })).toBeNull();
  });

  it("only an agreement lets a listing show; declined, withdrawn, asked or none wait", () => {
    expect(awaitsConsent("agreed")).toBe(false);
    for (const s of ["asked", "declined", "withdrawn", null] as const) expect(awaitsConsent(s)).toBe(true);
  });

  it("an unreadable stored list counts as nothing agreed", () => {
    expect(parseAgreedImageIds('["a","b"]')).toEqual(["a", "b"]);
    expect(parseAgreedImageIds("{")).toEqual([]);
    expect(parseAgreedImageIds(null)).toEqual([]);
  });
});

describe("when an agency may publish", () => {
  it("only once its certificate is checked, and never while suspended", () => {
    expect(mayPublish(null)).toBe(false);
    expect(mayPublish({ certificateCheckedAt: null, suspendedAt: null })).toBe(false);
    expect(mayPublish({ certificateCheckedAt: 1, suspendedAt: null })).toBe(true);
    expect(mayPublish({ certificateCheckedAt: 1, suspendedAt: 2 })).toBe(false);
  });

  it("a changed certificate or statement needs a new check; other details do not", () => {
    const cert = { certificateNumber: "OC-1", certificateExpires: "2027-01-01", noCertificateReason: null };
    expect(certificateChanged(null, cert)).toBe(true);
    expect(certificateChanged(cert, cert)).toBe(false);
    expect(certificateChanged(cert, { ...cert, certificateExpires: "2028-01-01" })).toBe(true);
    expect(
      certificateChanged(cert, {
        certificateNumber: null,
        certificateExpires: null,
        noCertificateReason: "x".repeat(30),
      }),
    ).toBe(true);
  });
});

describe("the agency's details", () => {
  const today = "2026-11-28";
  const good: AgencyValues = {
    ...agencyValues(null, "Harbour Agency"),
    regions: ["Auckland"],
    certificateMode: "certificate",
    certificateNumber: "oc-2025/01",
    certificateExpires: "2027-06-30",
  };

  it("accepts good details, the number as printed in capitals", () => {
    const parsed = parseAgency(good, today);
    expect(parsed).toMatchObject({ ok: true, details: { name: "Harbour Agency", certificateNumber: "OC-2025/01" } });
  });

  it("names each bad field with its own message", () => {
    const bad = parseAgency(
      { ...good, name: "H", regions: ["Atlantis"], certificateNumber: "!", certificateExpires: "2026-11-28" },
      today,
    );
    expect(bad).toEqual({
      ok: false,
      fieldErrors: {
        name: AGENCY_MSG.name,
        regions: AGENCY_MSG.regions,
        certificateNumber: AGENCY_MSG.certificateNumber,
        certificateExpires: AGENCY_MSG.certificateExpires,
      },
    });
    expect(parseAgency({ ...good, certificateExpires: "2027-02-30" }, today)).toMatchObject({ ok: false });
    expect(parseAgency({ ...good, certificateMode: "" }, today)).toMatchObject({
      fieldErrors: { certificateMode: AGENCY_MSG.certificateMode },
    });
    expect(parseAgency({ ...good, certificateMode: "none", noCertificateReason: "small" }, today)).toMatchObject({
      fieldErrors: { noCertificateReason: AGENCY_MSG.noCertificateReason },
    });
  });

  it("a statement that none is needed keeps no certificate number", () => {
    const parsed = parseAgency(
      { ...good, certificateMode: "none", noCertificateReason: "Two of us work together from our own home." },
      today,
    );
    expect(parsed).toMatchObject({ ok: true, details: { certificateNumber: null, certificateExpires: null } });
  });
});

describe("the expiry reminder", () => {
  it("is due within 30 days of the expiry, once per date, never after it", () => {
    expect(reminderDue("2026-12-28", "2026-11-28", null)).toBe(true);
    expect(reminderDue("2026-12-29", "2026-11-28", null)).toBe(false);
    expect(reminderDue("2026-12-28", "2026-11-28", "2026-12-28")).toBe(false);
    expect(reminderDue("2026-11-27", "2026-11-28", null)).toBe(false);
    expect(reminderDue(null, "2026-11-28", null)).toBe(false);
  });
});
