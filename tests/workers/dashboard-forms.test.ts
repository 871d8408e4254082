// The dashboard switches and the settings screen's deletes as plain HTML forms (no JavaScript): a POST,
// then a redirect or a page that says what happened. The server rules are the same as the JSON API's.
import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { DELETE_ACCOUNT_CONFIRM, deleteErrorText, deleteListingConfirm, TOGGLE_ERRORS } from "~/lib/dashboard";
import { addPhotos, dashboard, flags } from "./dashboard-fixtures";
import { fetchSelf, insertListing } from "./fixtures";
import { outline } from "./page-outline";
import { eventually, settleBackgroundWork } from "./public-fixtures";
import { createUserAndSignIn } from "./session";

afterEach(() => settleBackgroundWork());

function post(path: string, fields: Record<string, string>, cookie: string) {
  return fetchSelf(path, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    redirect: "manual",
  });
}

describe("dashboard switches without JavaScript", () => {
  it("Active Now on and off: a POST, then back to /dashboard showing the new state", async () => {
    const owner = await createUserAndSignIn();
    const id = await insertListing({ userId: owner.userId, live: true, verified: true });
    const on = await post("/dashboard", { intent: "active", modelId: id, value: "true" }, owner.cookie);
    expect(on.status).toBe(303);
    expect(on.headers.get("Location")).toBe("/dashboard");
    expect((await flags(id))!.active).toBe(1);
    const [card] = (await dashboard(owner.cookie)).cards;
    expect(card.toggles.active.pressed).toBe(true);
    expect(card.status).toBe("Active · Standard Listing");

    expect((await post("/dashboard", { intent: "active", modelId: id, value: "false" }, owner.cookie)).status).toBe(
      303,
    );
    expect((await flags(id))!.active).toBe(0);
  });

  it("Live off turns Active off too; Live on needs verification", async () => {
    const owner = await createUserAndSignIn({ agency: true });
    const verified = await insertListing({
      userId: owner.userId,
      live: true,
      verified: true,
      active: true,
      activeUntil: Date.now() + 3_600_000,
    });
    const unverified = await insertListing({ userId: owner.userId, live: false, verified: false });
    expect((await post("/dashboard", { intent: "live", modelId: verified, value: "false" }, owner.cookie)).status).toBe(
      303,
    );
    expect(await flags(verified)).toMatchObject({ live: 0, active: 0 });

    const refused = await post("/dashboard", { intent: "live", modelId: unverified, value: "true" }, owner.cookie);
    expect(refused.status).toBe(409);
    expect((await outline(refused)).text).toContain(TOGGLE_ERRORS.notVerified);
    expect((await flags(unverified))!.live).toBe(0);

    const notLive = await post("/dashboard", { intent: "active", modelId: verified, value: "true" }, owner.cookie);
    expect(notLive.status).toBe(409);
    expect((await outline(notLive)).text).toContain(TOGGLE_ERRORS.notLive);
  });

  it("cannot touch another user's listing; bad input is a 400, never a 500", async () => {
    const owner = await createUserAndSignIn();
    const stranger = await createUserAndSignIn();
    const id = await insertListing({ userId: owner.userId, live: true });
    const before = await flags(id);
    expect((await post("/dashboard", { intent: "live", modelId: id, value: "false" }, stranger.cookie)).status).toBe(
      403,
    );
    expect((await post("/dashboard", { intent: "explode", modelId: id }, owner.cookie)).status).toBe(400);
    expect((await post("/dashboard", { intent: "live", modelId: "nope" }, owner.cookie)).status).toBe(400);
    expect((await post("/dashboard", { intent: "live", modelId: id, value: "perhaps" }, owner.cookie)).status).toBe(
      400,
    );
    const garbage = await fetchSelf("/dashboard", {
      method: "POST",
      body: "\u0000\u0001",
      headers: { Cookie: owner.cookie, "Content-Type": "multipart/form-data; boundary=x" },
      redirect: "manual",
    });
    expect(garbage.status).toBe(400);
    expect(await flags(id)).toEqual(before);
  });

  it("a POST without a session goes to log in again, told the session expired", async () => {
    const id = await insertListing();
    const res = await post(
      "/dashboard",
      { intent: "active", modelId: id, value: "true" },
      "age_verified=1; session=" + "a".repeat(43),
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/login?sessionExpired=true&redirectTo=%2Fdashboard");
  });
});

describe("/managesub", () => {
  it("shows the plan as Unpaid, Upgrade Plan, and a Delete Listing per listing plus Delete My Account", async () => {
    const owner = await createUserAndSignIn({ agency: true });
    await insertListing({ userId: owner.userId, firstName: "Sienna" });
    await insertListing({ userId: owner.userId, firstName: "Jade" });
    const res = await fetchSelf("/managesub", { headers: { Cookie: owner.cookie }, redirect: "manual" });
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
    const res = await fetchSelf("/managesub", { headers: { Cookie: "age_verified=1" }, redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login?redirectTo=%2Fmanagesub");
  });

  it("deletes a listing after a confirmation step, then reloads the list", async () => {
    const owner = await createUserAndSignIn({ agency: true });
    const id = await insertListing({ userId: owner.userId, firstName: "Jade" });
    const keys = await addPhotos(id, [1]);

    const ask = await post("/managesub", { intent: "deleteListing", modelId: id }, owner.cookie);
    expect(ask.status).toBe(200);
    const html = await ask.clone().text();
    expect((await outline(ask)).text).toContain(deleteListingConfirm("Jade"));
    expect(html).toContain('name="confirmed" value="yes"');
    expect(await env.DB.prepare("SELECT id FROM listings WHERE id = ?").bind(id).first()).not.toBeNull();

    const done = await post("/managesub", { intent: "deleteListing", modelId: id, confirmed: "yes" }, owner.cookie);
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe("/managesub?deleted=listing");
    expect(await env.DB.prepare("SELECT id FROM listings WHERE id = ?").bind(id).first()).toBeNull();
    // The object leaves R2 through the delete queue, a moment after the answer.
    await eventually(async () => (await env.PHOTOS.head(keys[0])) === null, 5000);
    const after = await fetchSelf("/managesub?deleted=listing", { headers: { Cookie: owner.cookie } });
    const text = (await outline(after)).text;
    expect(text).toContain("The listing has been deleted.");
    expect(text).toContain("You have no listings.");
  });

  it("refuses another user's listing with the spec's error text", async () => {
    const owner = await createUserAndSignIn();
    const stranger = await createUserAndSignIn();
    const id = await insertListing({ userId: owner.userId });
    const res = await post("/managesub", { intent: "deleteListing", modelId: id, confirmed: "yes" }, stranger.cookie);
    expect(res.status).toBe(403);
    expect((await outline(res)).text).toContain(deleteErrorText("listing"));
    expect(await env.DB.prepare("SELECT id FROM listings WHERE id = ?").bind(id).first()).not.toBeNull();
    expect(
      (await post("/managesub", { intent: "deleteListing", modelId: "../x", confirmed: "yes" }, owner.cookie)).status,
    ).toBe(400);
    expect((await post("/managesub", { intent: "other" }, owner.cookie)).status).toBe(400);
  });

  it("deletes the account after confirming, signs out and goes home", async () => {
    const owner = await createUserAndSignIn();
    await insertListing({ userId: owner.userId });
    const ask = await post("/managesub", { intent: "deleteAccount" }, owner.cookie);
    expect(ask.status).toBe(200);
    expect((await outline(ask)).text).toContain(DELETE_ACCOUNT_CONFIRM);
    expect(await env.DB.prepare("SELECT id FROM users WHERE id = ?").bind(owner.userId).first()).not.toBeNull();

    const done = await post("/managesub", { intent: "deleteAccount", confirmed: "yes" }, owner.cookie);
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe("/");
    expect(done.headers.get("Set-Cookie")).toMatch(/^session=;.*Max-Age=0/);
    expect(done.headers.get("Clear-Site-Data")).toBe('"storage"');
    expect(await env.DB.prepare("SELECT id FROM users WHERE id = ?").bind(owner.userId).first()).toBeNull();
    expect(await env.DB.prepare("SELECT id FROM listings WHERE user_id = ?").bind(owner.userId).first()).toBeNull();
  });

  it("a POST after the session ended goes to log in again", async () => {
    const owner = await createUserAndSignIn();
    await env.DB.prepare("DELETE FROM sessions WHERE user_id = ?").bind(owner.userId).run();
    const res = await post("/managesub", { intent: "deleteAccount", confirmed: "yes" }, owner.cookie);
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/login?sessionExpired=true&redirectTo=%2Fmanagesub");
    expect(await env.DB.prepare("SELECT id FROM users WHERE id = ?").bind(owner.userId).first()).not.toBeNull();
  });
});
