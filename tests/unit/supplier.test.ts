// The supplier a receipt names (app/features/billing/supplier.ts): a real GST number, checked by Inland
// Revenue's modulus-11 rule, and never the placeholder wrangler.toml ships.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { isGstNumber, PLACEHOLDER_GST_NUMBER, supplierProblem } from "~/features/billing/supplier";

describe("isGstNumber", () => {
  it("takes numbers Inland Revenue gives as valid, in any of the ways they are written", () => {
    // Inland Revenue's examples: the primary weights (49091850, 35901981, 49098576) and the secondary ones
    // (136410132).
    for (const n of ["49091850", "49-091-850", "35901981", "049-098-576", "49 098 576", "136410132", "136-410-132"])
      expect(isGstNumber(n), n).toBe(true);
  });

  it("refuses a wrong check digit, a number out of the issued range, the placeholder and anything not a number", () => {
    for (const n of [
      "136410133",
      "49091851",
      "9125568",
      "150000001",
      PLACEHOLDER_GST_NUMBER,
      "",
      "abc-def-ghi",
      "1234567890",
      "49091850x",
      null,
      undefined,
    ])
      expect(isGstNumber(n), String(n)).toBe(false);
  });
});

describe("supplierProblem", () => {
  it("names what is wrong, the shipped placeholder by name; nothing once a real number and a name are set", () => {
    const name = { BILLING_SUPPLIER_NAME: "Kiwi Companions Limited" };
    expect(supplierProblem({ ...name, BILLING_GST_NUMBER: "000-000-000" })).toBe(
      "BILLING_GST_NUMBER is still the placeholder 000-000-000",
    );
    expect(supplierProblem({ ...name })).toBe("BILLING_GST_NUMBER is not set");
    expect(supplierProblem({ ...name, BILLING_GST_NUMBER: "49-091-851" })).toBe(
      "BILLING_GST_NUMBER is not a valid GST number",
    );
    expect(supplierProblem({ BILLING_GST_NUMBER: "49-091-850" })).toBe("BILLING_SUPPLIER_NAME is not set");
    expect(supplierProblem({ ...name, BILLING_GST_NUMBER: "49-091-850" })).toBeNull();
  });

  it("is what wrangler.toml ships, so a deploy that never set it is caught", () => {
    const toml = readFileSync(new URL("../../wrangler.toml", import.meta.url), "utf8");
    expect(toml).toContain(`BILLING_GST_NUMBER = "${PLACEHOLDER_GST_NUMBER}"`);
  });
});
