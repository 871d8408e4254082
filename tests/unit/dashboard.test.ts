import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  coverUrl,
  DELETE_ACCOUNT_CONFIRM,
  deleteErrorText,
  deleteListingConfirm,
  greeting,
  imageCount,
  listingsHeading,
  menuItems,
  planLabel,
  showsAddNewListing,
} from "~/features/dashboard/dashboard";
import type { DashboardListing } from "~/features/dashboard/dashboard";
import {
  ACTIVE_WINDOW_MS,
  activeChange,
  activeForText,
  badgeText,
  canToggleActive,
  canToggleLive,
  expiryDelay,
  hoursLeft,
  liveChange,
  MAX_TIMER_MS,
  nextExpiry,
  parseDesired,
  statusLine,
  TOGGLE_ERRORS,
} from "~/features/listings/state";

const NOW = Date.UTC(2026, 5, 15, 12, 0, 0);
const HOUR = 3_600_000;

function listing(over: Partial<DashboardListing> = {}): DashboardListing {
  return {
    modelId: "a".repeat(16),
    firstName: "Ruby",
    active: false,
    active_until: null,
    activeUntil: null,
    live: true,
    verified: true,
    photoVerified: true,
    photosToCheck: 0,
    ImageUrls: "/photos/a.webp,/photos/b.webp",
    profileClicks: 0,
    contactClicks: 0,
    likes: 0,
    plan: "Standard",
    subscriptionExpired: false,
    pausedAt: null,
    pausedUntil: null,
    staleAsked: false,
    hiddenAsStale: false,
    idPending: false,
    awaitingConsent: false,
    agencyHeld: false,
    numberHeld: false,
    ...over,
  };
}

describe("greeting and heading", () => {
  it("greets by the listing's name with exactly one listing, else 'Hello, '", () => {
    expect(greeting([listing({ firstName: "Jade" })], "Account")).toBe("Hi, Jade");
    expect(greeting([], "")).toBe("Hello, ");
    expect(greeting([listing(), listing()])).toBe("Hello, ");
    expect(greeting([listing(), listing()], "  Harbour Agency ")).toBe("Hello, Harbour Agency");
  });

  it("says 'Your Listings' to agencies and 'Your Listing' to Independents", () => {
    expect(listingsHeading(true)).toBe("Your Listings");
    expect(listingsHeading(false)).toBe("Your Listing");
  });

  it("offers Add New Listing to agencies always, to Independents only without a listing", () => {
    expect(showsAddNewListing(0, false)).toBe(true);
    expect(showsAddNewListing(1, false)).toBe(false);
    expect(showsAddNewListing(0, true)).toBe(true);
    expect(showsAddNewListing(5, true)).toBe(true);
  });
});

describe("menu", () => {
  const labels = (ls: DashboardListing[]) => menuItems(ls).map((m) => `${m.label} ${m.to}`);
  const four = "/1,/2,/3,/4";

  it("always has Subscriptions, Manage and Help", () => {
    expect(labels([])).toEqual(["Subscriptions /subscriptions", "Manage /managesub", "Help /faq"]);
  });

  it("hides Get Verified only when every listing is verified", () => {
    expect(labels([listing(), listing({ verified: false })])).toContain("Get Verified /verification");
    expect(labels([listing(), listing()])).not.toContain("Get Verified /verification");
  });

  it("says 'Verification pending' instead of 'Get Verified' once every unverified listing has a request waiting", () => {
    expect(labels([listing({ verified: false, idPending: true })])).toContain("Verification pending /verification");
    expect(labels([listing({ verified: false, idPending: true }), listing({ verified: false })])).toContain(
      "Get Verified /verification",
    );
    expect(labels([listing({ verified: false, idPending: true }), listing()])).not.toContain(
      "Get Verified /verification",
    );
  });

  it("shows Verify Photos when some listing has a photo that may be sent for checking", () => {
    expect(labels([listing({ photosToCheck: 1 })])).toContain("Verify Photos /photo-verification");
    expect(labels([listing({ photoVerified: false, photosToCheck: 0, ImageUrls: four })])).not.toContain(
      "Verify Photos /photo-verification",
    );
    expect(labels([listing(), listing({ photosToCheck: 2 })])).toContain("Verify Photos /photo-verification");
    expect(labels([listing({ verified: false, photosToCheck: 4, ImageUrls: four })])).toEqual([
      "Subscriptions /subscriptions",
      "Manage /managesub",
      "Help /faq",
      "Get Verified /verification",
      "Verify Photos /photo-verification",
      "Insights /dashboard/insights",
      "Booking requests /dashboard/requests",
    ]);
  });

  it("links Insights once there is a listing", () => {
    expect(labels([])).not.toContain("Insights /dashboard/insights");
    expect(labels([listing()])).toContain("Insights /dashboard/insights");
  });

  it("links Booking requests once there is a listing, with how many wait for an answer", () => {
    expect(labels([])).not.toContain("Booking requests /dashboard/requests");
    expect(labels([listing()])).toContain("Booking requests /dashboard/requests");
    expect(menuItems([listing()], false, 2).map((m) => m.label)).toContain("Booking requests (2 new)");
  });

  it("links an agency's roster once it has a listing, and no one else's", () => {
    const roster = (ls: DashboardListing[], agency: boolean) =>
      menuItems(ls, false, 0, agency).some((m) => m.label === "Roster" && m.to === "/dashboard/roster");
    expect(roster([listing()], true)).toBe(true);
    expect(roster([], true)).toBe(false);
    expect(roster([listing()], false)).toBe(false);
  });
});

describe("cards", () => {
  it("badge: LIVE, else Hidden when verified, else 'Hidden - Get Verified'", () => {
    expect(badgeText({ live: true, verified: true })).toBe("LIVE");
    expect(badgeText({ live: true, verified: false })).toBe("LIVE");
    expect(badgeText({ live: false, verified: true })).toBe("Hidden");
    expect(badgeText({ live: false, verified: false })).toBe("Hidden - Get Verified");
    expect(badgeText({ live: false, verified: false, idPending: true })).toBe("Hidden - Verification pending");
    expect(badgeText({ live: false, verified: true, idPending: true })).toBe("Hidden");
  });

  it("status line says Active only inside the window, and always Standard Listing", () => {
    expect(statusLine({ active: true, activeUntil: NOW + HOUR }, NOW)).toBe("Active · Standard Listing");
    expect(statusLine({ active: true, activeUntil: NOW - 1 }, NOW)).toBe("Inactive · Standard Listing");
    expect(statusLine({ active: false, activeUntil: NOW + HOUR }, NOW)).toBe("Inactive · Standard Listing");
  });

  it("docs/dashboard.md describes the status line as it is written: the real plan, or Unpaid", () => {
    const docs = readFileSync("docs/dashboard.md", "utf8").replace(/\s+/g, " ");
    const said = /Status line (.*?)\./.exec(docs.slice(docs.indexOf("Status line")))?.[0] ?? "";
    expect(said).not.toMatch(/always Standard/);
    for (const line of [
      statusLine({ active: true, activeUntil: NOW + HOUR, plan: "Featured" }, NOW),
      statusLine({ active: false, activeUntil: null, plan: "Standard" }, NOW),
    ])
      expect(docs).toContain(`'${line}'`);
    expect(docs).toContain("Unpaid' while it has no paid plan");
  });

  it("with paid plans (docs/billing.md) the line names the real plan, or Unpaid, and expiry has its badge", () => {
    expect(statusLine({ active: false, activeUntil: null, plan: "Featured" }, NOW)).toBe("Inactive · Featured Listing");
    expect(statusLine({ active: false, activeUntil: null, plan: null }, NOW)).toBe("Inactive · Unpaid");
    expect(badgeText({ live: false, verified: true, subscriptionExpired: true })).toBe("Hidden - Subscription expired");
    expect(badgeText({ live: true, verified: true, subscriptionExpired: false })).toBe("LIVE");
  });

  it("cover is the first URL; no images means no cover", () => {
    expect(coverUrl("/photos/a.webp,/photos/b.webp")).toBe("/photos/a.webp");
    expect(coverUrl("")).toBeNull();
    expect(imageCount("")).toBe(0);
    expect(imageCount("/a,/b")).toBe(2);
  });

  it("Live is switchable when verified (or to switch it off); Active when live (or to switch it off)", () => {
    expect(canToggleLive({ verified: false, live: false })).toBe(false);
    expect(canToggleLive({ verified: true, live: false })).toBe(true);
    expect(canToggleLive({ verified: false, live: true })).toBe(true);
    expect(canToggleActive({ live: false, active: false, activeUntil: null }, NOW)).toBe(false);
    expect(canToggleActive({ live: true, active: false, activeUntil: null }, NOW)).toBe(true);
    expect(canToggleActive({ live: false, active: true, activeUntil: NOW + HOUR }, NOW)).toBe(true);
  });

  it("words the remaining window", () => {
    expect(hoursLeft(NOW + ACTIVE_WINDOW_MS, NOW)).toBe(8);
    expect(hoursLeft(NOW + 90 * 60_000, NOW)).toBe(2);
    expect(activeForText(8)).toBe("Active for the next 8 hours");
    expect(activeForText(1)).toBe("Active for the next 1 hour");
  });
});

describe("expiry timer", () => {
  it("finds the soonest future end of an active window", () => {
    expect(nextExpiry([], NOW)).toBeNull();
    expect(
      nextExpiry(
        [
          { active: true, activeUntil: NOW + 3 * HOUR },
          { active: true, activeUntil: NOW + HOUR },
          { active: false, activeUntil: NOW + 10 },
          { active: true, activeUntil: NOW - HOUR },
          { active: true, activeUntil: null },
        ],
        NOW,
      ),
    ).toBe(NOW + HOUR);
  });

  it("never asks setTimeout for a negative or overlong delay", () => {
    expect(expiryDelay(NOW - 5, NOW)).toBe(0);
    expect(expiryDelay(NOW + HOUR, NOW)).toBe(HOUR);
    expect(expiryDelay(NOW + 100 * 24 * HOUR, NOW)).toBe(MAX_TIMER_MS);
  });
});

describe("state changes", () => {
  const base = { live: true, verified: true, active: false, activeUntil: null as number | null };

  it("Active on: active until now + 8 hours; refused unless live", () => {
    expect(activeChange(base, true, NOW)).toEqual({ ok: true, next: { active: true, activeUntil: NOW + 8 * HOUR } });
    expect(activeChange({ ...base, live: false }, true, NOW)).toEqual({ ok: false, error: TOGGLE_ERRORS.notLive });
    expect(activeChange({ ...base, live: false }, undefined, NOW)).toEqual({ ok: false, error: TOGGLE_ERRORS.notLive });
  });

  it("Active off: active_until becomes now, or keeps an earlier end that already passed", () => {
    const on = { ...base, active: true, activeUntil: NOW + HOUR };
    expect(activeChange(on, false, NOW)).toEqual({ ok: true, next: { active: false, activeUntil: NOW } });
    expect(activeChange(on, undefined, NOW)).toEqual({ ok: true, next: { active: false, activeUntil: NOW } });
    const ran = { ...base, active: true, activeUntil: NOW - HOUR };
    expect(activeChange(ran, false, NOW)).toEqual({ ok: true, next: { active: false, activeUntil: NOW - HOUR } });
    // Without a wanted state, a run-out window counts as off, so a flip turns it on.
    expect(activeChange(ran, undefined, NOW)).toMatchObject({ ok: true, next: { active: true } });
  });

  it("Live on needs verified; Live off also ends Active Now", () => {
    expect(liveChange({ ...base, live: false, verified: false }, undefined, NOW)).toEqual({
      ok: false,
      error: TOGGLE_ERRORS.notVerified,
    });
    expect(liveChange({ ...base, live: false }, undefined, NOW)).toEqual({
      ok: true,
      next: { live: true, active: false, activeUntil: null },
    });
    const activeNow = { ...base, active: true, activeUntil: NOW + HOUR };
    expect(liveChange(activeNow, false, NOW)).toEqual({
      ok: true,
      next: { live: false, active: false, activeUntil: NOW },
    });
    expect(liveChange({ ...activeNow, verified: false }, undefined, NOW)).toEqual({
      ok: true,
      next: { live: false, active: false, activeUntil: NOW },
    });
  });

  it("reads wanted states from forms and JSON; anything else is refused (null)", () => {
    expect(parseDesired(undefined)).toBeUndefined();
    expect(parseDesired("")).toBeUndefined();
    for (const v of [true, "true", "on", "1", 1]) expect(parseDesired(v)).toBe(true);
    for (const v of [false, "false", "off", "0", 0]) expect(parseDesired(v)).toBe(false);
    for (const v of ["yes", 2, {}, []]) expect(parseDesired(v)).toBeNull();
  });
});

describe("settings texts", () => {
  it("uses the spec's confirmation and error wording", () => {
    expect(deleteListingConfirm("Jade")).toBe(
      "Are you sure you want to delete the listing for Jade? This cannot be undone.",
    );
    expect(DELETE_ACCOUNT_CONFIRM).toBe(
      "Are you sure you want to delete your entire account? This will permanently remove all your listings and cannot be undone.",
    );
    expect(deleteErrorText("listing")).toBe("There was an error deleting the listing. Please try again.");
    expect(deleteErrorText("account")).toBe("There was an error deleting the account. Please try again.");
  });

  it("shows the plan as Unpaid until a paid plan is recorded", () => {
    expect(planLabel("unpaid")).toBe("Unpaid");
    expect(planLabel("admin")).toBe("Unpaid");
    expect(planLabel("featured")).toBe("Featured");
  });
});
