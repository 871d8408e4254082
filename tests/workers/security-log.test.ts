// sign-ins, failed sign-ins, password resets and deletions go to the owner's account-security
// log on /managesub, with a rough place and a device summary, never a secret, token, hash or IP address.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { newId } from "~/platform/data/ids";
import { createAccount, resetTokenFor } from "./auth-fixtures";
import { client, freshIp, logIn } from "./client";
import { insertListing } from "./fixtures";
import { eventually } from "./public-fixtures";

const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";
const WHERE = { city: "Wellington", country: "NZ" };
const NEW_PASSWORD = "brand new pass 9";
/** A Firefox on Windows in Wellington. */
const FROM_FIREFOX = { headers: { "User-Agent": FIREFOX }, cf: WHERE };

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
  return client({ cookie }).post("/managesub", { form: fields });
}

function login(email: string, password: string, ip: string) {
  return client({ ip }).post("/api/auth/login", { json: { email, password } }, FROM_FIREFOX);
}

describe("the account-security log", () => {
  it("records sign-ins, failed sign-ins, resets and deletions, shown to the owner on /managesub without secrets", async () => {
    const account = await createAccount({ email: `sec-${newId()}@test.nz` });
    const ip = freshIp();

    expect((await login(account.email, "wrong password 1", ip)).status).toBe(401);
    expect((await login(account.email, account.password, ip)).status).toBe(200);

    const resetIp = freshIp();
    const asked = await client({ ip: resetIp }).post(
      "/api/auth/request-password-reset",
      { json: { email: account.email } },
      FROM_FIREFOX,
    );
    expect(asked.status).toBe(200);
    const token = await resetTokenFor(account.email);
    await eventually(async () => (await eventsOf(account.id)).some((e) => e.event === "reset_requested"));
    const reset = await client({ ip: resetIp }).post(
      `/api/auth/reset-password/${token}`,
      { json: { newPassword: NEW_PASSWORD } },
      FROM_FIREFOX,
    );
    expect(reset.status).toBe(200);

    const cookie = await logIn(account.email, NEW_PASSWORD);
    const listingId = await insertListing({ userId: account.id, firstName: "Kahu" });
    const deleted = await managesub(cookie, { intent: "deleteListing", listingId, confirmed: "yes" });
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

    const page = await client({ cookie }).get("/managesub");
    expect(page.status).toBe(200);
    const html = await page.text();
    const section = html.split('data-testid="security-log"')[1]?.split("</section>")[0] ?? "";
    for (const label of [
      "Signed in",
      "Failed sign-in (wrong password)",
      "Password reset requested",
      "Password reset completed",
      "You deleted a listing",
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
    const unknown = await login(`nobody-${newId()}@test.nz`, "whatever pass 1", freshIp());
    const wrong = await login(account.email, "whatever pass 1", freshIp());
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(await unknown.json()).toEqual(await wrong.json());
    const rows = await allEvents();
    expect(rows.map((r) => [r.user_id, r.event])).toEqual([[account.id, "login_failed"]]);
  });

  it("another user cannot read someone's log", async () => {
    const alice = await createAccount({ email: `alice-${newId()}@test.nz` });
    const bob = await createAccount({ email: `bob-${newId()}@test.nz` });
    await login(alice.email, "wrong password 2", freshIp());
    await login(alice.email, alice.password, freshIp());
    expect(await eventsOf(alice.id)).toHaveLength(2);
    const bobCookie = await logIn(bob.email);
    const html = await (await client({ cookie: bobCookie }).get("/managesub")).text();
    const section = html.split('data-testid="security-log"')[1]?.split("</section>")[0] ?? "";
    // Bob sees his own sign-in only.
    expect(section.match(/data-testid="security-event"/g)).toHaveLength(1);
    expect(section).not.toContain("Failed sign-in");
    // Signed out, the page is not shown at all.
    const anonymous = await client().get("/managesub");
    expect(anonymous.status).toBeGreaterThanOrEqual(300);
    expect(await anonymous.text()).not.toContain("security-event");
  });
});
