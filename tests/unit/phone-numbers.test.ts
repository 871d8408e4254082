import { describe, expect, it } from "vitest";
import { storedNumberForms } from "~/core/phone-numbers";
import { phoneDigits } from "~/features/listings/schema";

const stored = (written: string) => phoneDigits(written) ?? written;

describe("storedNumberForms: one number in every form a listing stores it", () => {
  it("matches a New Zealand number however it was written", () => {
    const forms = storedNumberForms(stored("021 123 4567"));
    for (const written of ["021 123 4567", "+64 21 123 4567", "0064 21 123 4567", "64211234567", "(021) 123-4567"])
      expect(forms).toContain(stored(written));
    expect(forms).not.toContain(stored("021 123 4568"));
  });

  it("matches an overseas number with or without its +", () => {
    const forms = storedNumberForms(stored("+61 412 345 678"));
    expect(forms).toContain(stored("0061 412 345 678"));
    expect(forms).toContain("61412345678");
    expect(forms).not.toContain(stored("0412 345 678"));
  });

  it("keeps a number it cannot read as only itself", () => {
    expect(storedNumberForms("0123456")).toEqual(["0123456"]);
  });
});
