import { describe, expect, it } from "vitest";
import {
  emptyListingValues,
  firstFailingPage,
  LISTING_MSG,
  pageChecks,
  pageOf,
  phoneDigits,
  saveChecks,
  validateListing,
  validatePage,
} from "~/features/listings/schema";
import type { ListingValues } from "~/features/listings/schema";
import { validValues } from "./listing-fixtures";

const errorsOf = (over: Partial<ListingValues>, photos = 3) => {
  const r = validateListing(validValues(over), photos);
  return r.ok ? {} : r.fieldErrors;
};

describe("validateListing: a complete listing", () => {
  it("passes and converts money to cents and numbers to whole numbers", () => {
    const r = validateListing(
      validValues({ rates: [{ call_type: "outcall", duration: "2hr", price: "450.5", description: " x " }] }),
      3,
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.data.age).toBe(27);
    expect(r.data.height).toBe(168);
    expect(r.data.contactPhone).toBe("0211234567");
    expect(r.data.services).toBe("GFE,Massage");
    expect(r.data.rates).toEqual([{ callType: "outcall", duration: "2hr", priceCents: 45050, description: "x" }]);
  });
});

describe("page 1 checks (spec §5)", () => {
  it.each([
    [{ firstName: "  " }, "firstName", "Display Name is required."],
    [{ location: "", suburb: "" }, "location", "Service Location is required."],
    [{ calls: "" }, "calls", "Place of service is required."],
    [{ contactPhone: "" }, "contactPhone", "Contact phone is required"],
    [{ tagLine: "Too short" }, "tagLine", "Tagline must be at least 10 characters."],
    [{ description: "Short bio." }, "description", "Bio must be at least 50 characters."],
  ] as const)("%o -> %s: %s", (over, key, message) => {
    expect(errorsOf(over)[key]).toBe(message);
    expect(pageOf(key)).toBe(1);
  });
  it("needs three photos ('A minimum of 3 photos is required.') on page 1", () => {
    const r = validateListing(validValues(), 2);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.fieldErrors.images).toBe("A minimum of 3 photos is required.");
    expect(r.page).toBe(1);
    expect(r.error).toBe("Please fix the issues on page 1 before saving.");
  });
  it("the contact phone message has no final period", () => {
    expect(LISTING_MSG.phone.endsWith(".")).toBe(false);
  });
});

describe("page 2 checks", () => {
  it("Age is required", () => expect(errorsOf({ age: "" }).age).toBe("Age is required."));
  it.each(["17", "abc", "-5"])("age %s must be over 18", (age) => {
    expect(errorsOf({ age }).age).toBe("Age must be over 18.");
  });
  it.each(["100", "150"])("age %s is not told it must be over 18, but the range", (age) => {
    expect(errorsOf({ age }).age).toBe("Age must be between 18 and 99");
  });
  it("accepts 18 and 99", () => {
    expect(errorsOf({ age: "18" }).age).toBeUndefined();
    expect(errorsOf({ age: "99" }).age).toBeUndefined();
  });
});

describe("page 3 checks", () => {
  it("needs one rate with price and duration", () => {
    expect(errorsOf({ rates: [] }).rates).toBe("Please add at least one incall or outcall rate.");
    expect(errorsOf({ rates: [{ call_type: "incall", duration: "1hr", price: "", description: "" }] }).rates).toBe(
      LISTING_MSG.rates,
    );
  });
  it("a blank rate row next to a filled one is ignored", () => {
    const r = validateListing(
      validValues({
        rates: [...validValues().rates, { call_type: "incall", duration: "2hr", price: " ", description: "" }],
      }),
      3,
    );
    expect(r.ok && r.data.rates.length).toBe(1);
  });
});

describe("save checks (spec §5, second check)", () => {
  it("'{label} is required'", () => {
    const e = saveChecks(validValues({ firstName: "", tagLine: "", age: "" }), 3);
    expect(e.firstName).toBe("Display Name is required");
    expect(e.tagLine).toBe("Tagline is required");
    expect(e.age).toBe("Age is required");
  });
  it("'At least one image is required'", () => {
    expect(saveChecks(validValues(), 0).images).toBe("At least one image is required");
  });
  it("'Age must be between 18 and 99' for a fractional age that passes the page check", () => {
    expect(errorsOf({ age: "25.5" }).age).toBe("Age must be between 18 and 99");
  });
  it.each([
    ["height", "tall", "Height must be a valid number"],
    ["height", "79", "Height must be at least 80"],
    ["height", "241", "Height must be no more than 240"],
    ["weight", "19", "Weight must be at least 20"],
    ["weight", "151", "Weight must be no more than 150"],
    ["dressSize", "-1", "Dress size must be at least 0"],
    ["dressSize", "41", "Dress size must be no more than 40"],
    ["dressSize", "1e2", "Dress size must be a valid number"],
  ] as const)("%s=%s -> %s", (field, value, message) => {
    const e = errorsOf({ [field]: value });
    expect(e[field]).toBe(message);
    expect(pageOf(field)).toBe(2);
  });
  it("rates must be at least 0 and valid numbers", () => {
    expect(
      errorsOf({ rates: [{ call_type: "incall", duration: "1hr", price: "-1", description: "" }] })["rates.0.price"],
    ).toBe("Price must be at least 0");
    expect(
      errorsOf({ rates: [{ call_type: "incall", duration: "1hr", price: "abc", description: "" }] })["rates.0.price"],
    ).toBe("Price must be a valid number");
    const special = { serviceName: "Dinner date", duration: "180", rate: "-5", description: "" };
    expect(errorsOf({ specialRates: [special] })["specialRates.0.rate"]).toBe("Rate must be at least 0");
  });
  it("phone: 7-13 digits once spaces are removed", () => {
    const message = "Please enter a valid phone number between 7-13 digits";
    expect(errorsOf({ contactPhone: "123 45" }).contactPhone).toBe(message);
    expect(errorsOf({ contactPhone: "12345678901234" }).contactPhone).toBe(message);
    expect(errorsOf({ contactPhone: "021-abc" }).contactPhone).toBe(message);
    expect(errorsOf({ contactPhone: "+64 21 123 4567" }).contactPhone).toBeUndefined();
    expect(phoneDigits("021 123 4567")).toBe("0211234567");
    expect(phoneDigits("1234567")).toBe("1234567");
  });
  it("page checks come before save checks for the same field", () => {
    expect(errorsOf({ firstName: "" }).firstName).toBe("Display Name is required.");
    expect(errorsOf({ age: "" }).age).toBe("Age is required.");
  });
});

describe("lengths, enumerations and caps (server)", () => {
  it("tagline at most 100 and bio at most 700 characters", () => {
    expect(errorsOf({ tagLine: "x".repeat(101) }).tagLine).toBe("Tagline must be no more than 100 characters.");
    expect(errorsOf({ description: "x".repeat(701) }).description).toBe("Bio must be no more than 700 characters.");
    expect(errorsOf({ tagLine: "x".repeat(100), description: "y".repeat(700) })).toEqual({});
  });
  it("region and suburb come from the lists, the suburb from the region's own list", () => {
    expect(errorsOf({ location: "Sydney", suburb: "" }).location).toBe(LISTING_MSG.region);
    expect(errorsOf({ suburb: "Te Aro" }).suburb).toBe("Choose a suburb in Auckland from the list.");
    expect(errorsOf({ location: "Wellington", suburb: "Te Aro" })).toEqual({});
  });
  it("body type, nationality and place of service from their lists", () => {
    expect(errorsOf({ bodyType: "Huge" }).bodyType).toBe(LISTING_MSG.bodyType);
    expect(errorsOf({ nationality: "Martian" }).nationality).toBe(LISTING_MSG.nationality);
    expect(errorsOf({ calls: "Anywhere" }).calls).toBe(LISTING_MSG.place);
  });
  it("services, interests and favourites are subsets of their lists", () => {
    expect(errorsOf({ services: ["GFE", "Skydiving"] }).services).toBe("Choose services from the list.");
    expect(errorsOf({ interests: ["Knitting"] }).interests).toBe("Choose interests from the list.");
    expect(errorsOf({ favorites: ["Cars"] }).favorites).toBe("Choose favourite things from the list.");
  });
  it("rates: call types and durations from the lists, one per duration per call type", () => {
    const rate = (call_type: string, duration: string) => ({ call_type, duration, price: "100", description: "" });
    expect(errorsOf({ rates: [rate("visit", "1hr")] })["rates.0.call_type"]).toBe(LISTING_MSG.callType);
    expect(errorsOf({ rates: [rate("incall", "4hr")] })["rates.0.duration"]).toBe(LISTING_MSG.duration);
    expect(errorsOf({ rates: [rate("incall", "1hr"), rate("incall", "1hr")] })["rates.1.duration"]).toBe(
      "There is already an incall rate for this duration.",
    );
    expect(errorsOf({ rates: [rate("incall", "1hr"), rate("outcall", "1hr")] })).toEqual({});
  });
  it("social links only as handles or http(s) links", () => {
    expect(errorsOf({ instagram: "javascript:alert(1)" }).instagram).toBe(LISTING_MSG.social("Instagram"));
    expect(errorsOf({ website: "data:text/html,hi" }).website).toBe(LISTING_MSG.website);
    expect(
      errorsOf({ twitter: "@kiwi_nz", onlyFans: "https://onlyfans.com/kiwi", website: "kiwi.example.nz" }),
    ).toEqual({});
  });
  it("text fields are capped", () => {
    expect(errorsOf({ firstName: "x".repeat(51) }).firstName).toBe("Display Name must be no more than 50 characters.");
    expect(errorsOf({ availability: "x".repeat(501) }).availability).toBe(
      "Availability must be no more than 500 characters.",
    );
  });
  it("wrong JSON types are reported, not thrown", () => {
    const r = validateListing({ ...validValues(), firstName: 42, services: "GFE" }, 3);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.fieldErrors.firstName).toBeDefined();
    expect(r.fieldErrors.services).toBeDefined();
  });
  it("more than 20 photos", () => {
    expect(errorsOf({}, 21).images).toBe("A listing can hold at most 20 photos.");
  });
});

describe("pages", () => {
  it("the first failing page is reported", () => {
    const r = validateListing(validValues({ age: "", rates: [] }), 3);
    expect(!r.ok && r.page).toBe(2);
    expect(!r.ok && r.error).toBe("Please fix the issues on page 2 before saving.");
    expect(firstFailingPage({ "rates.0.price": "x", availability: "y" })).toBe(3);
  });
  it("validatePage reports only its own page's fields", () => {
    const values = validValues({ firstName: "", age: "", rates: [] });
    expect(Object.keys(validatePage(1, values, 3))).toEqual(["firstName"]);
    expect(Object.keys(validatePage(2, values, 3))).toEqual(["age"]);
    expect(Object.keys(validatePage(3, values, 3))).toEqual(["rates"]);
  });
  it("pageChecks can run one page alone", () => {
    expect(pageChecks(emptyListingValues(), 0, [3])).toEqual({ rates: LISTING_MSG.rates });
  });
});
