// The Safety Net's pure rules: phone numbers to E.164 (every common NZ form, international forms, junk),
// identifiers, the keyed hashes and sealing (Node has the same WebCrypto as workerd), and expiry.
import { describe, expect, it } from "vitest";
import { menuItems } from "~/features/dashboard/dashboard";
import { categoryLabel, parseCategory } from "~/features/safety-net/categories";
import { canonicalEmail, parseCheckQuery, parseIdentifiers } from "~/features/safety-net/identifiers";
import { foldedWords, pageCount, parseCorrection, parseCorrectionPage } from "~/features/safety-net/correction-rules";
import { nzpcMailto, nzpcText } from "~/features/safety-net/nzpc";
import { toE164 } from "~/core/phone-numbers";
import { parseAlert, parseReport } from "~/features/safety-net/report-rules";
import { monthLabel } from "~/platform/time/date-text";
import { alertExpiry, declinedExpiry, isCurrent, isNewAccount, waiting } from "~/features/safety-net/retention";
import { hasSafetyNetKey, identifierHash, openText, sealText } from "~/features/safety-net/safety-key.server";

const KEY = { SAFETY_NET_KEY: Buffer.alloc(32, 7).toString("base64") };
const OTHER_KEY = { SAFETY_NET_KEY: Buffer.alloc(32, 8).toString("base64") };

describe("toE164", () => {
  it.each([
    ["021 123 4567", "+64211234567"],
    ["0211234567", "+64211234567"],
    ["021-123-4567", "+64211234567"],
    ["(021) 123 4567", "+64211234567"],
    ["021.123.4567", "+64211234567"],
    ["+64 21 123 4567", "+64211234567"],
    ["+64 (0)21 123 4567", "+64211234567"],
    ["+64021 123 4567", "+64211234567"],
    ["0064 21 123 4567", "+64211234567"],
    ["64 21 123 4567", "+64211234567"],
    ["  021 123 4567  ", "+64211234567"],
    ["022 123 456", "+6422123456"],
    ["027 1234 5678", "+642712345678"],
    ["09 123 4567", "+6491234567"],
    ["(09) 123-4567", "+6491234567"],
    ["03 123 4567", "+6431234567"],
    ["04-123 4567", "+6441234567"],
    ["0800 123 456", "+64800123456"],
    ["0508 123 456", "+64508123456"],
  ])("reads the NZ number %s", (input, expected) => {
    expect(toE164(input)).toBe(expected);
  });

  it.each([
    ["+61 412 345 678", "+61412345678"],
    ["0061 412 345 678", "+61412345678"],
    ["+44 7700 900123", "+447700900123"],
    ["+1 (415) 555-0100", "+14155550100"],
  ])("reads the international number %s", (input, expected) => {
    expect(toE164(input)).toBe(expected);
  });

  it.each([
    "",
    "   ",
    "hello",
    "021 123 456a",
    "021",
    "12345",
    "0412 345 678", // an Australian mobile without its country code is no NZ number
    "09 123 45678", // a landline has seven digits after the area code
    "021 123 4567 ext 2",
    "+0 21 123 4567",
    "+1234567890123456", // more than 15 digits
    "211234567", // no leading 0 nor country code
    "0".repeat(41),
  ])("refuses %j", (input) => {
    expect(toE164(input)).toBeNull();
  });
});

describe("identifiers", () => {
  it("puts e-mail addresses in one form", () => {
    expect(canonicalEmail("  Someone@Example.COM ")).toBe("someone@example.com");
    expect(canonicalEmail("not an address")).toBeNull();
  });

  it("gives every way of writing one number the same key, and the errors beside their fields", () => {
    // A name is not an identifier any more: nothing was ever looked up by it.
    const a = parseIdentifiers({ phones: "021 123 4567\n+64 21 123 4567", emails: "X@Y.nz", name: "Bob" } as never);
    expect(a).toEqual({ ok: true, keys: ["phone:+64211234567", "email:x@y.nz"] });
    const bad = parseIdentifiers({ phones: "021 123 4567\nabc", emails: "nope" });
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.errors.phones).toMatch(/^Phone number 2 cannot be read/);
      expect(bad.errors.emails).toMatch(/^E-mail address 1/);
    }
    expect(parseIdentifiers({ phones: Array(6).fill("021 123 4567").join("\n") }).ok).toBe(false);
  });

  it("reads the check's one field as a number or an address", () => {
    expect(parseCheckQuery("(021) 123-4567")).toEqual({ ok: true, key: "phone:+64211234567" });
    expect(parseCheckQuery("A@B.co.nz")).toEqual({ ok: true, key: "email:a@b.co.nz" });
    expect(parseCheckQuery("").ok).toBe(false);
    expect(parseCheckQuery("call me").ok).toBe(false);
  });
});

describe("keyed hashes and sealing", () => {
  it("hashes under the key: the same input alike, another key or input differently, never the input", async () => {
    const h1 = await identifierHash(KEY, "phone:+64211234567");
    expect(await identifierHash(KEY, "phone:+64211234567")).toBe(h1);
    expect(await identifierHash(KEY, "phone:+64211234568")).not.toBe(h1);
    expect(await identifierHash(OTHER_KEY, "phone:+64211234567")).not.toBe(h1);
    expect(h1).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(h1).not.toContain("211234567");
  });

  it("seals text that opens only with its key and its report", async () => {
    const sealed = await sealText(KEY, "r1:description", "He refused to pay");
    expect(sealed).not.toContain("refused");
    expect(await openText(KEY, "r1:description", sealed)).toBe("He refused to pay");
    await expect(openText(KEY, "r2:description", sealed)).rejects.toThrow();
    await expect(openText(OTHER_KEY, "r1:description", sealed)).rejects.toThrow();
  });

  it("has no default key: missing or malformed keys are refused", async () => {
    expect(hasSafetyNetKey(KEY)).toBe(true);
    expect(hasSafetyNetKey({})).toBe(false);
    expect(hasSafetyNetKey({ SAFETY_NET_KEY: "" })).toBe(false);
    expect(hasSafetyNetKey({ SAFETY_NET_KEY: Buffer.alloc(16).toString("base64") })).toBe(false);
    await expect(identifierHash({}, "phone:+64211234567")).rejects.toThrow(/SAFETY_NET_KEY/);
  });
});

describe("expiry", () => {
  const published = Date.UTC(2026, 10, 26, 3, 0);
  it("expires alerts 12 months after publication and declined reports 30 days after the decision", () => {
    expect(new Date(alertExpiry(published)).toISOString()).toBe("2027-11-26T03:00:00.000Z");
    expect(declinedExpiry(published) - published).toBe(30 * 86_400_000);
    expect(isCurrent(alertExpiry(published), alertExpiry(published) - 1)).toBe(true);
    expect(isCurrent(alertExpiry(published), alertExpiry(published))).toBe(false);
    expect(isCurrent(null, published)).toBe(false);
  });

  it("counts the 48-hour target and the 14-day second look", () => {
    expect(waiting(published, published + 47 * 3_600_000)).toEqual({ hours: 47, overdue: false });
    expect(waiting(published, published + 49 * 3_600_000).overdue).toBe(true);
    expect(isNewAccount(published - 13 * 86_400_000, published)).toBe(true);
    expect(isNewAccount(published - 15 * 86_400_000, published)).toBe(false);
  });
});

describe("the forms", () => {
  const now = Date.UTC(2026, 10, 26, 3, 0); // 26 November 2026, afternoon in NZ
  const valid = {
    incidentDate: "2026-11-20",
    region: "Auckland",
    category: "theft",
    description: "Left without paying and took my phone.",
    phones: "021 555 0101",
  };

  it("takes a whole report and refuses each bad field beside it", () => {
    const ok = parseReport(valid, now);
    expect(ok.ok && ok.report.identifierKeys).toEqual(["phone:+64215550101"]);
    const bad = parseReport(
      { incidentDate: "2026-12-30", region: "Mars", category: "x", description: "short", phones: "abc" },
      now,
    );
    expect(bad.ok).toBe(false);
    if (!bad.ok)
      expect(Object.keys(bad.errors).sort()).toEqual(["category", "description", "incidentDate", "phones", "region"]);
    const old = parseReport({ ...valid, incidentDate: "2025-01-01" }, now);
    expect(!old.ok && old.errors.incidentDate).toMatch(/last 365 days/);
  });

  it("takes an alert with a month not in the future", () => {
    const fields = {
      alertRegion: "Wellington",
      alertMonth: "2026-11",
      alertCategory: "violence",
      alertText: "Became violent when asked to leave.",
    };
    expect(parseAlert(fields, now).ok).toBe(true);
    expect(parseAlert({ ...fields, alertMonth: "2026-12" }, now).ok).toBe(false);
    expect(parseAlert({ ...fields, alertMonth: "November" }, now).ok).toBe(false);
    expect(monthLabel("2026-11")).toBe("November 2026");
  });

  it("knows the categories", () => {
    expect(parseCategory("condom")).toBe("condom");
    expect(parseCategory("nope")).toBeNull();
    expect(categoryLabel("police")).toBe("Posing as police");
  });

  it("prepares the NZPC text with what the provider typed, addressed to nobody", () => {
    const text = nzpcText({ ...valid, emails: "" });
    expect(text).toContain("Theft or refusal to pay");
    expect(text).toContain("Phone numbers: 021 555 0101");
    expect(nzpcMailto({ ...valid })).toMatch(/^mailto:\?subject=/);
    expect(nzpcText({ ...valid, phones: "" })).toContain("(add any you have)");
    // We take no name; the text leaves room for one, for NZPC.
    expect(text).toContain("Name used: (add it if you know one)");
  });
});

describe("the dashboard menu", () => {
  it("offers the Safety Net when the server says the account sees it (access or reports of its own)", () => {
    const l = { verified: true, photosToCheck: 0, idPending: false };
    const has = (safetyNet: boolean) => menuItems([l], safetyNet).some((m) => m.to === "/dashboard/safety-net");
    expect(has(true)).toBe(true);
    // A verified listing alone no longer decides: on a break, taken down or suspended it gives no access.
    expect(has(false)).toBe(false);
    expect(menuItems([]).some((m) => m.to === "/dashboard/safety-net")).toBe(false);
  });
});

describe("correction requests", () => {
  it("read the form: the contact in one form, the words, the optional number or address", () => {
    const ok = parseCorrection({ contact: " Me@Person.TEST ", message: "That alert is about me and it is false." });
    expect(ok).toEqual({
      ok: true,
      correction: {
        contact: "me@person.test",
        message: "That alert is about me and it is false.",
        identifierKey: null,
      },
    });
    const phone = parseCorrection({
      contact: "021 555 0199",
      message: "That alert is wrong, please look.",
      identifier: "(021) 555-0199",
    });
    expect(phone.ok && phone.correction).toMatchObject({
      contact: "+64215550199",
      identifierKey: "phone:+64215550199",
    });
    const bad = parseCorrection({ contact: "nope", message: "short", identifier: "not a number" });
    expect(!bad.ok && Object.keys(bad.errors).sort()).toEqual(["contact", "identifier", "message"]);
  });

  it("fold words that differ only in case and spacing", () => {
    expect(foldedWords("  That alert  is\nWRONG ")).toBe(foldedWords("that alert is wrong"));
    expect(foldedWords("That alert is wrong")).not.toBe(foldedWords("That alert is wrong!"));
  });

  it("page twenty at a time, from page 1", () => {
    expect([0, 1, 20, 21, 111].map(pageCount)).toEqual([1, 1, 1, 2, 6]);
    expect(["2", null, "0", "-1", "1.5", "x", "100001"].map(parseCorrectionPage)).toEqual([2, 1, 1, 1, 1, 1, 1]);
  });
});
