// Issue 12 §6: sign-ins, failed sign-ins, password resets and deletions go to the owner's account-security
// log on /managesub, with a rough place and a device summary, never a secret, token, hash or IP address.
import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { newId } from "~/lib/ids";
import { createAccount, loginCookie, newIp, quiesce, resetTokenFor } from "./auth-fixtures";
import { insertListing } from "./fixtures";
import { request } from "./editor-fixtures";
import { eventually } from "./public-fixtures";

afterEach(() => quiesce());

const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";
const WHERE = { city: "Wellington", country: "NZ" };
const NEW_PASSWORD = "brand new pass 9";

type EventRow = { user_id: string; event: string; place: string; device: string; created_at: number };
const eventsOf = async (userId: string) =>
  (
    await env.DB.prepare("SELECT * FROM security_events WHERE user_id = ? ORDER BY created_at, rowid")
      .bind(userId)
      .all<EventRow>()
  ).results;
const allEvents = async () => (await env.DB.prepare("SELECT * FROM security_events").all<EventRow>()).results;

/** A form post to /managesub, as the page's form does without JavaScript. */
function managesub(cookie: string, fields: Record<string, string>) {
  return request("POST", "/managesub", {
    cookie: `${cookie}; age_verified=1`,
    body: new URLSearchParams(fields).toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
}

function login(email: string, password: string, ip: string) {
  return request("POST", "/api/auth/login", {
    body: JSON.stringify({ email, password }),
    headers: { "Content-Type": "application/json", "User-Agent": FIREFOX, "CF-Connecting-IP": ip },
    cf: WHERE,
  });
}

describe("the account-security log", () => {
  it("records sign-ins, failed sign-ins, resets and deletions, shown to the owner on /managesub without secrets", async () => {
    const account = await createAccount({ email: `sec-${newId()}@test.nz` });
    const ip = newIp();

    expect((await login(account.email, "wrong password 1", ip)).status).toBe(401);
    expect((await login(account.email, account.password, ip)).status).toBe(200);

    const resetIp = newIp();
    const asked = await request("POST", "/api/auth/request-password-reset", {
      body: JSON.stringify({ email: account.email }),
      headers: { "Content-Type": "application/json", "User-Agent": FIREFOX, "CF-Connecting-IP": resetIp },
      cf: WHERE,
    });
    expect(asked.status).toBe(200);
    const token = await resetTokenFor(account.email);
    await eventually(async () => (await eventsOf(account.id)).some((e) => e.event === "reset_requested"));
    const reset = await request("POST", `/api/auth/reset-password/${token}`, {
      body: JSON.stringify({ newPassword: NEW_PASSWORD }),
      headers: { "Content-Type": "application/json", "User-Agent": FIREFOX, "CF-Connecting-IP": resetIp },
      cf: WHERE,
    });
    expect(reset.status).toBe(200);

    const cookie = await loginCookie(account.email, NEW_PASSWORD);
    const listingId = await insertListing({ userId: account.id, firstName: "Kahu" });
    const deleted = await managesub(cookie, { intent: "deleteListing", modelId: listingId, confirmed: "yes" });
    expect(deleted.status).toBe(303);

    const events = await eventsOf(account.id);
    expect(events.map((e) => e.event)).toEqual([
      "login_failed",
      "login",
      "reset_requested",
      "reset_completed",
      "login",
      "listing_deleted",
    ]);
    expect(events[0]).toMatchObject({ place: "Wellington, NZ", device: "Firefox on Windows" });
    expect(events[1]).toMatchObject({ place: "Wellington, NZ", device: "Firefox on Windows" });

    // Nothing secret is stored: no password, token, hash, IP address or raw user agent.
    const stored = JSON.stringify(await allEvents());
    for (const secret of [
      account.password,
      NEW_PASSWORD,
      "wrong password 1",
      token,
      "pbkdf2",
      ip,
      resetIp,
      FIREFOX,
      account.email,
    ]) {
      expect(stored).not.toContain(secret);
    }

    const page = await request("GET", "/managesub", { cookie: `${cookie}; age_verified=1` });
    expect(page.status).toBe(200);
    const html = await page.text();
    const section = html.split('data-testid="security-log"')[1]?.split("</section>")[0] ?? "";
    for (const label of [
      "Signed in",
      "Failed sign-in (wrong password)",
      "Password reset requested",
      "Password reset completed",
      "Listing deleted",
    ]) {
      expect(section).toContain(label);
    }
    expect(section).toContain("Wellington, NZ");
    expect(section).toContain("Firefox on Windows");
    expect(section.match(/data-testid="security-event"/g)).toHaveLength(6);
    for (const secret of [account.password, NEW_PASSWORD, token, "pbkdf2", ip, resetIp])
      expect(html).not.toContain(secret);
  });

  it("a failed sign-in for an unknown address writes nothing and answers like a wrong password", async () => {
    const account = await createAccount({ email: `known-${newId()}@test.nz` });
    const unknown = await login(`nobody-${newId()}@test.nz`, "whatever pass 1", newIp());
    const wrong = await login(account.email, "whatever pass 1", newIp());
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(await unknown.json()).toEqual(await wrong.json());
    const rows = await allEvents();
    expect(rows.map((r) => [r.user_id, r.event])).toEqual([[account.id, "login_failed"]]);
  });

  it("another user cannot read someone's log", async () => {
    const alice = await createAccount({ email: `alice-${newId()}@test.nz` });
    const bob = await createAccount({ email: `bob-${newId()}@test.nz` });
    await login(alice.email, "wrong password 2", newIp());
    await login(alice.email, alice.password, newIp());
    expect(await eventsOf(alice.id)).toHaveLength(2);
    const bobCookie = await loginCookie(bob.email);
    const html = await (await request("GET", "/managesub", { cookie: `${bobCookie}; age_verified=1` })).text();
    const section = html.split('data-testid="security-log"')[1]?.split("</section>")[0] ?? "";
    // Bob sees his own sign-in only.
    expect(section.match(/data-testid="security-event"/g)).toHaveLength(1);
    expect(section).not.toContain("Failed sign-in");
    // Signed out, the page is not shown at all.
    const anonymous = await request("GET", "/managesub", { cookie: "age_verified=1" });
    expect(anonymous.status).toBeGreaterThanOrEqual(300);
    expect(await anonymous.text()).not.toContain("security-event");
  });
});
