// The dashboard switches and the settings screen's deletes as plain HTML forms (no JavaScript): a POST,
// then a redirect or a page that says what happened. The server rules are the same as the JSON API's.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { DELETE_ACCOUNT_CONFIRM, deleteErrorText, deleteListingConfirm } from "~/features/dashboard/dashboard";
import { TOGGLE_ERRORS } from "~/features/listings/state";
import { PASSWORD } from "./auth-fixtures";
import { client, dashboard, signedIn } from "./client";
import { addPhotos, flags } from "./dashboard-fixtures";
import { insertListing } from "./fixtures";
import { outline } from "./page-outline";
import { eventually } from "./public-fixtures";

describe("dashboard switches without JavaScript", () => {
  it("Active Now on and off: a POST, then back to /dashboard showing the new state", async () => {
    const owner = await signedIn({ logIn: true });
    const id = await insertListing({ userId: owner.userId, live: true, verified: true });
    const on = await owner.client.post("/dashboard", { form: { intent: "active", listingId: id, value: "true" } });
    expect(on.status).toBe(303);
    expect(on.headers.get("Location")).toBe("/dashboard");
    expect((await flags(id))!.active).toBe(1);
    const [card] = (await dashboard(owner)).cards;
    expect(card.toggles.active.pressed).toBe(true);
    expect(card.status).toBe("Active · Standard Listing");

    expect(
      (await owner.client.post("/dashboard", { form: { intent: "active", listingId: id, value: "false" } })).status,
    ).toBe(303);
    expect((await flags(id))!.active).toBe(0);
  });

  it("Live off turns Active off too; Live on needs verification", async () => {
    const owner = await signedIn({ agency: true, logIn: true });
    const verified = await insertListing({
      userId: owner.userId,
      live: true,
      verified: true,
      active: true,
      activeUntil: Date.now() + 3_600_000,
    });
    const unverified = await insertListing({ userId: owner.userId, live: false, verified: false });
    expect(
      (await owner.client.post("/dashboard", { form: { intent: "live", listingId: verified, value: "false" } })).status,
    ).toBe(303);
    expect(await flags(verified)).toMatchObject({ live: 0, active: 0 });

    const refused = await owner.client.post("/dashboard", {
      form: { intent: "live", listingId: unverified, value: "true" },
    });
    expect(refused.status).toBe(409);
    expect((await outline(refused)).text).toContain(TOGGLE_ERRORS.notVerified);
    expect((await flags(unverified))!.live).toBe(0);

    const notLive = await owner.client.post("/dashboard", {
      form: { intent: "active", listingId: verified, value: "true" },
    });
    expect(notLive.status).toBe(409);
    expect((await outline(notLive)).text).toContain(TOGGLE_ERRORS.notLive);
  });

  it("cannot touch another user's listing; bad input is a 400, never a 500", async () => {
    const owner = await signedIn({ logIn: true });
    const stranger = await signedIn({ logIn: true });
    const id = await insertListing({ userId: owner.userId, live: true });
    const before = await flags(id);
    expect(
      (await stranger.client.post("/dashboard", { form: { intent: "live", listingId: id, value: "false" } })).status,
    ).toBe(403);
    expect((await owner.client.post("/dashboard", { form: { intent: "explode", listingId: id } })).status).toBe(400);
    expect((await owner.client.post("/dashboard", { form: { intent: "live", listingId: "nope" } })).status).toBe(400);
    expect(
      (await owner.client.post("/dashboard", { form: { intent: "live", listingId: id, value: "perhaps" } })).status,
    ).toBe(400);
    const garbage = await owner.client.post("/dashboard", {
      raw: "\u0000\u0001",
      type: "multipart/form-data; boundary=x",
    });
    expect(garbage.status).toBe(400);
    expect(await flags(id)).toEqual(before);
  });

  it("a POST without a session goes to log in again, told the session expired", async () => {
    const id = await insertListing();
    const res = await client({ cookie: "session=" + "a".repeat(43) }).post("/dashboard", {
      form: { intent: "active", listingId: id, value: "true" },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/login?sessionExpired=true&redirectTo=%2Fdashboard");
  });
});

describe("/managesub", () => {
  it("shows the plan as Unpaid, Upgrade Plan, and a Delete Listing per listing plus Delete My Account", async () => {
    const owner = await signedIn({ agency: true, logIn: true });
    // Unpaid listings (docs/billing.md): the spec's screen, 'Unpaid' with the upgrade text.
    await insertListing({ userId: owner.userId, firstName: "Sienna", live: false, subscription: "none" });
    await insertListing({ userId: owner.userId, firstName: "Jade", live: false, subscription: "none" });
    const res = await owner.client.get("/managesub");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const html = await res.clone().text();
    const page = await outline(res);
    expect(page.headings.find((h) => h.level === 1)?.text).toBe("Subscription and Account Settings");
    expect(page.text).toContain("Current plan: Unpaid");
    expect(page.text).toContain("To access all features, please upgrade your plan.");
    expect(html).toMatch(/<a[^>]*href="\/subscriptions"[^>]*>Upgrade Plan<\/a>/);
    expect(html.match(/>Delete Listing</g)).toHaveLength(2);
    expect(html).toContain('aria-label="Delete Listing Sienna"');
    expect(page.text).toContain("Delete My Account");
  });

  it("is for signed-in users only", async () => {
    const res = await client().get("/managesub");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login?redirectTo=%2Fmanagesub");
  });

  it("deletes a listing after a confirmation step, then reloads the list", async () => {
    const owner = await signedIn({ agency: true, logIn: true });
    const id = await insertListing({ userId: owner.userId, firstName: "Jade" });
    const keys = await addPhotos(id, [1]);

    const ask = await owner.client.post("/managesub", { form: { intent: "deleteListing", listingId: id } });
    expect(ask.status).toBe(200);
    const html = await ask.clone().text();
    expect((await outline(ask)).text).toContain(deleteListingConfirm("Jade"));
    expect(html).toContain('name="confirmed" value="yes"');
    expect(await env.DB.prepare("SELECT id FROM listings WHERE id = ?").bind(id).first()).not.toBeNull();

    const done = await owner.client.post("/managesub", {
      form: { intent: "deleteListing", listingId: id, confirmed: "yes" },
    });
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe("/managesub");
    expect(await env.DB.prepare("SELECT id FROM listings WHERE id = ?").bind(id).first()).toBeNull();
    // The object leaves R2 through the delete queue, a moment after the answer.
    await eventually(async () => (await env.PHOTOS.head(keys[0])) === null, 5000);
    // The notice rides in the one-shot flash cookie the redirect set.
    const flash = done.headers
      .getSetCookie()
      .find((c) => c.startsWith("flash="))!
      .split(";")[0];
    const after = await client({ cookie: `${owner.cookie}; ${flash}` }).get("/managesub");
    const text = (await outline(after)).text;
    expect(text).toContain("The listing has been deleted.");
    expect(text).toContain("You have no listings.");
  });

  it("says 'deleted' once: the notice is a short-lived HttpOnly cookie, cleared by the page that shows it", async () => {
    const owner = await signedIn({ logIn: true });
    const id = await insertListing({ userId: owner.userId, firstName: "Once" });
    const done = await owner.client.post("/managesub", {
      form: { intent: "deleteListing", listingId: id, confirmed: "yes" },
    });
    const set = done.headers.getSetCookie().find((c) => c.startsWith("flash="))!;
    expect(set).toMatch(/; Max-Age=60; Path=\/; HttpOnly; SameSite=Lax$/);
    // Local development is plain http: no Secure there (production uses __Host-flash, Secure).
    expect(set).not.toContain("Secure");

    const shown = await client({ cookie: `${owner.cookie}; ${set.split(";")[0]}` }).get("/managesub");
    expect(shown.headers.get("Cache-Control")).toBe("no-store");
    expect(shown.headers.getSetCookie()).toContainEqual(expect.stringMatching(/^flash=; Max-Age=0; /));
    expect((await outline(shown)).text).toContain("The listing has been deleted.");
    const again = await owner.client.get("/managesub");
    expect((await outline(again)).text).not.toContain("The listing has been deleted.");
    // A forged cookie can name only one of the site's own notices; anything else shows nothing.
    const forged = await client({ cookie: `${owner.cookie}; flash=${btoa(JSON.stringify("Forged notice"))}` }).get(
      "/managesub",
    );
    expect((await outline(forged)).text).not.toContain("Forged notice");
  });

  it("refuses another user's listing with the spec's error text", async () => {
    const owner = await signedIn({ logIn: true });
    const stranger = await signedIn({ logIn: true });
    const id = await insertListing({ userId: owner.userId });
    const res = await stranger.client.post("/managesub", {
      form: { intent: "deleteListing", listingId: id, confirmed: "yes" },
    });
    expect(res.status).toBe(403);
    expect((await outline(res)).text).toContain(deleteErrorText("listing"));
    expect(await env.DB.prepare("SELECT id FROM listings WHERE id = ?").bind(id).first()).not.toBeNull();
    expect(
      (
        await owner.client.post("/managesub", {
          form: { intent: "deleteListing", listingId: "../x", confirmed: "yes" },
        })
      ).status,
    ).toBe(400);
    expect((await owner.client.post("/managesub", { form: { intent: "other" } })).status).toBe(400);
  });

  it("deletes the account after confirming, signs out and goes home", async () => {
    const owner = await signedIn({ logIn: true });
    await insertListing({ userId: owner.userId });
    const ask = await owner.client.post("/managesub", { form: { intent: "deleteAccount" } });
    expect(ask.status).toBe(200);
    expect((await outline(ask)).text).toContain(DELETE_ACCOUNT_CONFIRM);
    expect(await env.DB.prepare("SELECT id FROM users WHERE id = ?").bind(owner.userId).first()).not.toBeNull();

    // Deleting the account needs the current password again (docs/accounts.md).
    const done = await owner.client.post("/managesub", {
      form: { intent: "deleteAccount", confirmed: "yes", currentPassword: PASSWORD },
    });
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe("/");
    expect(done.headers.get("Set-Cookie")).toMatch(/^session=;.*Max-Age=0/);
    expect(done.headers.get("Clear-Site-Data")).toBe('"storage"');
    expect(await env.DB.prepare("SELECT id FROM users WHERE id = ?").bind(owner.userId).first()).toBeNull();
    expect(await env.DB.prepare("SELECT id FROM listings WHERE user_id = ?").bind(owner.userId).first()).toBeNull();
  });

  it("a POST after the session ended goes to log in again", async () => {
    const owner = await signedIn({ logIn: true });
    await env.DB.prepare("DELETE FROM sessions WHERE user_id = ?").bind(owner.userId).run();
    const res = await owner.client.post("/managesub", { form: { intent: "deleteAccount", confirmed: "yes" } });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/login?sessionExpired=true&redirectTo=%2Fmanagesub");
    expect(await env.DB.prepare("SELECT id FROM users WHERE id = ?").bind(owner.userId).first()).not.toBeNull();
  });
});
