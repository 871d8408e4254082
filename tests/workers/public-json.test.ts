// Every public JSON answer speaks one unit for money (dollars, as the screens show them) and keeps its shape:
// cards (grid, favourites, search source), profiles (one, a page of them) and the owner's editor read.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { client, signedIn } from "./client";
import type { Client } from "./client";
import { insertListing } from "./fixtures";
import { insertImages, insertRate, insertSpecialRate } from "./public-fixtures";

const CARD_KEYS = [
  "active",
  "activeUntil",
  "age",
  "cover",
  "featured",
  "firstName",
  "hot",
  "live",
  "location",
  "modelId",
  "photoVerified",
  "rate60",
  // Today's roster shift on the grids' cards, 'off', or null (docs/decisions/0060-agency-roster.md).
  "shift",
  "suburb",
  "tagLine",
  // The stop the listing is on today (docs/dashboard.md), or null.
  "tour",
  "verified",
].sort();

const PROFILE_KEYS = [
  // An agency listing's roster shifts from yesterday on, empty for everyone else (docs/decisions/0060-agency-roster.md).
  "shifts",
  // The agency whose page shows her, only when she agreed to it; null otherwise (docs/decisions/0059-agency-page.md).
  "agency",
  "ImageUrls",
  "accountType",
  "active",
  "active_until",
  "age",
  "availability",
  "bodyType",
  "bust",
  "calls",
  "contactPhone",
  "description",
  "dressSize",
  "eyeColour",
  "favorites",
  "firstName",
  "hairColour",
  "height",
  "hot",
  "imageIds",
  "images",
  "instagram",
  "interests",
  "live",
  "location",
  "modelId",
  "nationality",
  "onlyFans",
  "photoVerified",
  "positions",
  "rate60",
  "rates",
  // The weekly hours (docs/dashboard.md): seven lists of NZ time ranges.
  "schedule",
  "services",
  "specialRates",
  "suburb",
  "tagLine",
  // The profile offers 'Request a booking' (docs/decisions/0052-booking-requests.md).
  "takesRequests",
  // Tour stops (docs/touring.md): region, suburb, NZ start and end dates.
  "tours",
  "twitter",
  "updatedAt",
  "verified",
  "website",
  "weight",
].sort();

const FLAT_RATE_KEYS = ["orate120", "orate30", "orate60", "rate120", "rate30", "rate60"];

/** A live listing whose prices have cents in them, so a unit slip (x100, or rounding) shows. */
async function pricedListing(userId?: string) {
  const id = await insertListing({ userId, firstName: "Mere", rate60: 24950, orate60: 38000 });
  await env.DB.prepare(
    "UPDATE listings SET rate30 = 15025, rate120 = 45000, orate30 = NULL, orate120 = 70000 WHERE id = ?",
  )
    .bind(id)
    .run();
  await insertImages(id, [1, 2, 3]);
  await insertRate(id, "incall", "30min", 15025);
  await insertRate(id, "incall", "1hr", 24950);
  await insertRate(id, "incall", "2hr", 45000);
  await insertRate(id, "outcall", "1hr", 38000);
  await insertRate(id, "outcall", "2hr", 70000);
  await insertSpecialRate(id, "Dinner date", "3 hours", 90050);
  return id;
}

async function getJson(path: string, as: Client = client()) {
  const res = await as.get(path);
  expect(res.status, path).toBe(200);
  expect(res.headers.get("Content-Type"), path).toMatch(/^application\/json/);
  return res.json() as Promise<unknown>;
}

function expectDollarProfile(p: Record<string, unknown>) {
  expect(Object.keys(p).sort()).toEqual(PROFILE_KEYS);
  expect(p.rate60).toBe(249.5);
  expect(p.rates).toEqual([
    expect.objectContaining({ call_type: "incall", duration: "30min", price: 150.25 }),
    expect.objectContaining({ call_type: "incall", duration: "1hr", price: 249.5 }),
    expect.objectContaining({ call_type: "incall", duration: "2hr", price: 450 }),
    expect.objectContaining({ call_type: "outcall", duration: "1hr", price: 380 }),
    expect.objectContaining({ call_type: "outcall", duration: "2hr", price: 700 }),
  ]);
  expect(p.specialRates).toEqual([expect.objectContaining({ serviceName: "Dinner date", rate: 900.5 })]);
}

describe("public JSON: one unit for money, fixed shapes", () => {
  it("cards from /api/models, /api/grid and /api/cards give rate60 in dollars, with the card's keys only", async () => {
    const id = await pricedListing();
    const fromModels = (await getJson("/api/models")) as Record<string, unknown>[];
    const grid = (await getJson("/api/grid")) as { cards: Record<string, unknown>[] };
    const favourites = (await getJson(`/api/cards?ids=${id}`)) as { cards: Record<string, unknown>[] };
    for (const [name, cards] of [
      ["/api/models", fromModels],
      ["/api/grid", grid.cards],
      ["/api/cards", favourites.cards],
    ] as const) {
      const card = cards.find((c) => c.modelId === id);
      expect(card, name).toBeDefined();
      expect(Object.keys(card!).sort(), name).toEqual(CARD_KEYS);
      expect(card!.rate60, name).toBe(249.5);
    }
  });

  it("a card with no incall hour shows the outcall hour, in dollars", async () => {
    const id = await insertListing({ rate60: null, orate60: 38000 });
    const cards = (await getJson("/api/models")) as Record<string, unknown>[];
    expect(cards.find((c) => c.modelId === id)?.rate60).toBe(380);
  });

  it("profiles from /api/model, /api/models/{id} and /api/LPmodels give every price in dollars", async () => {
    const id = await pricedListing();
    // The one-profile answers carry the like count beside the profile.
    for (const path of [`/api/model/${id}`, `/api/models/${id}`]) {
      const { likes, ...profile } = (await getJson(path)) as Record<string, unknown>;
      expect(likes, path).toBe(0);
      expectDollarProfile(profile);
    }
    const page = (await getJson("/api/LPmodels")) as Record<string, unknown>[];
    expectDollarProfile(page.find((p) => p.modelId === id)!);
  });

  it("/api/modelP gives the owner the provider doc's flat rate fields in dollars, beside rates[]", async () => {
    const provider = await signedIn();
    const id = await pricedListing(provider.userId);
    const owner = (await getJson(`/api/modelP/${id}`, provider.client)) as Record<string, unknown>;
    expect(Object.keys(owner).sort()).toEqual([...new Set([...PROFILE_KEYS, ...FLAT_RATE_KEYS, "lastName"])].sort());
    expect(owner).toMatchObject({
      rate30: 150.25,
      rate60: 249.5,
      rate120: 450,
      orate30: null,
      orate60: 380,
      orate120: 700,
    });
    expect((owner.rates as unknown[]).length).toBe(5);
  });

  it("the owner's flat rate60 is the incall hour only, where the public one falls back to outcall", async () => {
    const provider = await signedIn();
    const id = await insertListing({ userId: provider.userId, rate60: null, orate60: 38000 });
    const owner = (await getJson(`/api/modelP/${id}`, provider.client)) as Record<string, unknown>;
    expect(owner).toMatchObject({ rate60: null, orate60: 380 });
    expect(((await getJson(`/api/model/${id}`)) as Record<string, unknown>).rate60).toBe(380);
  });
});
