// sensitive changes on /managesub (the password, the e-mail address, deleting the account) and
// the account-deletion API need the current password again, or a second factor proved in the session in
// the last 10 minutes. A refusal is a 4xx with the message beside the field, and changes nothing.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ACCOUNT_MSG } from "~/features/accounts/settings/account-settings";
import { MSG } from "~/features/accounts/auth-schemas";
import { newId } from "~/platform/data/ids";
import { PASSWORD_POLICY_MSG } from "~/features/accounts/password-policy.server";
import { REAUTH_MSG } from "~/features/accounts/reauth.server";
import { sha256Hex } from "~/platform/http/token-cookie.server";
import { count, createAccount, PASSWORD, waitForMail } from "./auth-fixtures";
import { client, logIn, signedIn } from "./client";
import type { SignedIn } from "./client";
import { outline } from "./page-outline";
import { backgroundWorkDone } from "./background";

const NEW_PASSWORD = "a brand new pass 7";

const post = (as: { cookie: string }, fields: Record<string, string>) =>
  client({ cookie: as.cookie }).post("/managesub", { form: fields });
const changePassword = (as: { cookie: string }, fields: Record<string, string>) =>
  post(as, { intent: "changePassword", ...fields });
const changeEmail = (as: { cookie: string }, fields: Record<string, string>) =>
  post(as, { intent: "changeEmail", ...fields });
const stillSignedIn = async (cookie: string) => (await client({ cookie }).get("/dashboard")).status === 200;
const passwordHashOf = async (userId: string) =>
  (await env.DB.prepare("SELECT password_hash FROM users WHERE id = ?").bind(userId).first<{ password_hash: string }>())
    ?.password_hash;
const emailOf = async (userId: string) =>
  (await env.DB.prepare("SELECT email FROM users WHERE id = ?").bind(userId).first<{ email: string }>())?.email;
const eventsOf = async (userId: string) =>
  (
    await env.DB.prepare("SELECT event FROM security_events WHERE user_id = ? ORDER BY created_at, rowid")
      .bind(userId)
      .all<{ event: string }>()
  ).results.map((r) => r.event);
const freshSecondFactor = (userId: string, at = Date.now()) =>
  env.DB.prepare("UPDATE sessions SET second_factor_at = ? WHERE user_id = ?").bind(at, userId).run();

/** The text of an element by its data-testid in a page answer. */
async function testIdText(res: Response, testId: string): Promise<string> {
  let text = "";
  let inside = false;
  await new HTMLRewriter()
    .on(`[data-testid="${testId}"]`, {
      element(e) {
        inside = true;
        e.onEndTag(() => void (inside = false));
      },
      text(t) {
        if (inside) text += t.text;
      },
    })
    .transform(res)
    .text();
  return text.trim();
}

async function twoDevices(): Promise<SignedIn & { other: string }> {
  const owner = await signedIn({ logIn: true });
  return { ...owner, other: await logIn(owner.email) };
}

describe("change password on /managesub", () => {
  it("refuses a wrong current password beside the field: 400, nothing changes, the attempt is counted and logged", async () => {
    const owner = await twoDevices();
    const before = await passwordHashOf(owner.userId);
    const res = await changePassword(owner, {
      currentPassword: "not my password",
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(res.status).toBe(400);
    expect(await testIdText(res, "current-password-error")).toBe(REAUTH_MSG.wrong);
    expect(await passwordHashOf(owner.userId)).toBe(before);
    expect(await stillSignedIn(owner.other)).toBe(true);
    expect(await eventsOf(owner.userId)).toContain("reauth_failed");
    expect(await count("login_throttle")).toBe(1);
  });

  it("without the current password or a fresh second factor: 400 asking for it", async () => {
    const owner = await signedIn({ logIn: true });
    const res = await changePassword(owner, { newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(await testIdText(res, "current-password-error")).toBe(REAUTH_MSG.needed);
    // A second factor proved 11 minutes ago is no longer fresh.
    await freshSecondFactor(owner.userId, Date.now() - 11 * 60_000);
    const stale = await changePassword(owner, { newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(stale.status).toBe(400);
    expect(await testIdText(stale, "current-password-error")).toBe(REAUTH_MSG.needed);
  });

  it("changes it with the current password: other sessions end, this one stays, the owner is mailed and it is logged", async () => {
    const owner = await twoDevices();
    const res = await changePassword(owner, {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/managesub");
    expect(await stillSignedIn(owner.cookie)).toBe(true);
    expect(await stillSignedIn(owner.other)).toBe(false);
    expect(await count("sessions", "user_id = ?", owner.userId)).toBe(1);
    // The other device is told why when it comes back; this one's session was not ended.
    const back = await client({ cookie: owner.other }).get("/managesub");
    expect(back.headers.get("Location")).toBe("/login?sessionExpired=password&redirectTo=%2Fmanagesub");
    expect(await count("ended_sessions")).toBe(1);
    const mail = await waitForMail(owner.email, "password was changed");
    expect(mail.text_body).toContain("Every other device signed in to your account was signed out.");
    expect(await eventsOf(owner.userId)).toContain("password_changed");
    // The new password logs in, the old one no longer does.
    await logIn(owner.email, NEW_PASSWORD);
    expect((await client().post("/api/auth/login", { json: { email: owner.email, password: PASSWORD } })).status).toBe(
      401,
    );
  });

  it("accepts a fresh second factor instead of the password", async () => {
    const owner = await twoDevices();
    await freshSecondFactor(owner.userId);
    const res = await changePassword(owner, { newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(res.status).toBe(303);
    await logIn(owner.email, NEW_PASSWORD);
  });

  it("checks the new password: mismatch, too short, too common (before the current password is tried)", async () => {
    const owner = await signedIn({ logIn: true });
    const before = await passwordHashOf(owner.userId);
    const cases: [Record<string, string>, string, string][] = [
      [
        { newPassword: NEW_PASSWORD, confirmPassword: "something else 1" },
        "confirm-password-error",
        MSG.passwordMismatch,
      ],
      [{ newPassword: "short", confirmPassword: "short" }, "new-password-error", MSG.passwordMin],
      [
        { newPassword: "password123", confirmPassword: "password123" },
        "new-password-error",
        PASSWORD_POLICY_MSG.common,
      ],
    ];
    for (const [fields, testId, message] of cases) {
      const res = await changePassword(owner, { currentPassword: "not my password", ...fields });
      expect(res.status, message).toBe(400);
      expect(await testIdText(res, testId)).toBe(message);
    }
    expect(await passwordHashOf(owner.userId)).toBe(before);
    // None of those cost the owner sign-in budget.
    expect(await count("login_throttle")).toBe(0);
  });

  it("the 6th wrong current password meets the sign-in throttle: 429", async () => {
    const owner = await signedIn({ logIn: true });
    const fields = { newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    for (let i = 1; i <= 5; i++) {
      expect((await changePassword(owner, { currentPassword: `wrong password ${i}`, ...fields })).status).toBe(400);
    }
    const sixth = await changePassword(owner, { currentPassword: PASSWORD, ...fields });
    expect(sixth.status).toBe(429);
    expect((await outline(sixth)).text).toContain(MSG.rateLimited);
    await logIn(owner.email).then(
      () => expect.unreachable("the sign-in budget is shared"),
      (e: Error) => expect(e.message).toContain("429"),
    );
  });
});

describe("change e-mail on /managesub", () => {
  /** Opening the link: a page with the button, or one saying it cannot be used (never a 500). */
  async function linkUsable(token: string): Promise<boolean> {
    const res = await client().get(`/account/email/${token}`);
    expect(res.status).toBe(200);
    const text = (await outline(res)).text;
    if (text.includes(ACCOUNT_MSG.emailLinkInvalid)) return false;
    expect(text).toContain("Use this address");
    return true;
  }
  const linkIn = (text: string) => text.match(/\/account\/email\/([A-Za-z0-9_-]{43})/)?.[1] ?? null;

  it("sends a single-use link to the new address (stored hashed); only opening it changes the address", async () => {
    const owner = await signedIn({ logIn: true, firstName: "Aroha" });
    const wanted = `new-${newId()}@test.nz`;
    const res = await changeEmail(owner, { currentPassword: PASSWORD, newEmail: `  ${wanted.toUpperCase()} ` });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/managesub");
    expect(await emailOf(owner.userId)).toBe(owner.email);

    const mail = await waitForMail(wanted, "Confirm your new");
    const token = linkIn(mail.text_body)!;
    expect(token).not.toBeNull();
    const rows = await env.DB.prepare("SELECT * FROM email_changes").all<Record<string, unknown>>();
    expect(rows.results).toHaveLength(1);
    expect(rows.results[0]).toMatchObject({ token_hash: await sha256Hex(token), new_email: wanted, used_at: null });
    expect(JSON.stringify(rows.results)).not.toContain(token);

    // Opening the link shows a button; a GET (a mail scanner) changes nothing.
    expect(await linkUsable(token)).toBe(true);
    expect(await emailOf(owner.userId)).toBe(owner.email);

    const done = await client().post(`/account/email/${token}`);
    expect(done.status).toBe(200);
    expect((await outline(done)).text).toContain(ACCOUNT_MSG.emailChanged);
    expect(await emailOf(owner.userId)).toBe(wanted);
    const told = await waitForMail(owner.email, "e-mail address was changed");
    expect(told.text_body).not.toContain(token);
    expect(await eventsOf(owner.userId)).toEqual(expect.arrayContaining(["email_change_requested", "email_changed"]));
    // Logs in with the new address now; this session carried on.
    await logIn(wanted);
    expect(await stillSignedIn(owner.cookie)).toBe(true);

    // Single use.
    const again = await client().post(`/account/email/${token}`);
    expect(again.status).toBe(404);
    expect((await outline(again)).text).toContain(ACCOUNT_MSG.emailLinkInvalid);
    expect(await linkUsable(token)).toBe(false);
  });

  it("an expired link changes nothing", async () => {
    const owner = await signedIn({ logIn: true });
    const wanted = `late-${newId()}@test.nz`;
    expect((await changeEmail(owner, { currentPassword: PASSWORD, newEmail: wanted })).status).toBe(303);
    const token = linkIn((await waitForMail(wanted, "Confirm your new")).text_body)!;
    // 24 hours and a moment later.
    await env.DB.prepare(
      "UPDATE email_changes SET created_at = created_at - 86400001, expires_at = expires_at - 86400001",
    ).run();
    expect(await linkUsable(token)).toBe(false);
    expect((await client().post(`/account/email/${token}`)).status).toBe(404);
    expect(await emailOf(owner.userId)).toBe(owner.email);
  });

  it("an address that already has an account: the same answer, nothing changes, no usable link is sent", async () => {
    const owner = await signedIn({ logIn: true });
    const holder = await createAccount({ email: `holder-${newId()}@test.nz` });
    const free = `free-${newId()}@test.nz`;

    const taken = await changeEmail(owner, { currentPassword: PASSWORD, newEmail: holder.email.toUpperCase() });
    const flashOf = (r: Response) => r.headers.getSetCookie().find((c) => c.startsWith("flash="));
    const takenAnswer = { status: taken.status, location: taken.headers.get("Location"), flash: flashOf(taken) };
    const freeRes = await changeEmail(owner, { currentPassword: PASSWORD, newEmail: free });
    expect({ status: freeRes.status, location: freeRes.headers.get("Location"), flash: flashOf(freeRes) }).toEqual(
      takenAnswer,
    );
    expect(takenAnswer.status).toBe(303);
    const notice = await client({ cookie: `${owner.cookie}; ${takenAnswer.flash!.split(";")[0]}` }).get("/managesub");
    expect((await outline(notice)).text).toContain(ACCOUNT_MSG.emailChangeSent);

    await waitForMail(free, "Confirm your new");
    await backgroundWorkDone();
    const toHolder = await env.DB.prepare("SELECT subject, text_body FROM dev_outbox WHERE to_address = ?")
      .bind(holder.email)
      .all<{ subject: string; text_body: string }>();
    // At most a short notice, and no link that could change anything.
    expect(toHolder.results.length).toBeLessThanOrEqual(1);
    for (const m of toHolder.results) {
      expect(m.text_body).not.toMatch(/\/account\/email\//);
      expect(m.text_body).not.toContain(owner.email);
    }
    const rows = await env.DB.prepare("SELECT new_email, used_at FROM email_changes ORDER BY created_at").all<{
      new_email: string;
      used_at: number | null;
    }>();
    // The taken one is stored spent and without the address; the free one replaced nothing usable.
    expect(rows.results[0]).toMatchObject({ new_email: "" });
    expect(rows.results[0].used_at).not.toBeNull();
    expect(JSON.stringify(rows.results)).not.toContain(holder.email);
    expect(await emailOf(owner.userId)).toBe(owner.email);
    expect(await emailOf(holder.id)).toBe(holder.email);
  });

  it("a link whose address was taken meanwhile changes nothing (409), and never a 500", async () => {
    const owner = await signedIn({ logIn: true });
    const wanted = `race-${newId()}@test.nz`;
    expect((await changeEmail(owner, { currentPassword: PASSWORD, newEmail: wanted })).status).toBe(303);
    const token = linkIn((await waitForMail(wanted, "Confirm your new")).text_body)!;
    await createAccount({ email: wanted });
    const res = await client().post(`/account/email/${token}`);
    expect(res.status).toBe(409);
    expect((await outline(res)).text).toContain(ACCOUNT_MSG.emailNoLongerFree);
    expect(await emailOf(owner.userId)).toBe(owner.email);
  });

  it("refuses a wrong password, the same address, bad input and too many requests; nothing is sent", async () => {
    const owner = await signedIn({ logIn: true });
    const wanted = `nope-${newId()}@test.nz`;
    const wrong = await changeEmail(owner, { currentPassword: "not my password", newEmail: wanted });
    expect(wrong.status).toBe(400);
    expect(await testIdText(wrong, "current-password-error")).toBe(REAUTH_MSG.wrong);
    const same = await changeEmail(owner, { currentPassword: PASSWORD, newEmail: owner.email.toUpperCase() });
    expect(same.status).toBe(400);
    expect(await testIdText(same, "new-email-error")).toBe(ACCOUNT_MSG.emailSame);
    for (const [newEmail, message] of [
      ["not-an-email", MSG.emailInvalid],
      ["", MSG.emailInvalid],
      [`${"a".repeat(300)}@test.nz`, MSG.emailTooLong],
    ]) {
      const res = await changeEmail(owner, { currentPassword: PASSWORD, newEmail });
      expect(res.status, newEmail.slice(0, 20)).toBe(400);
      expect(await testIdText(res, "new-email-error")).toBe(message);
    }
    const huge = await changeEmail(owner, { currentPassword: "x".repeat(5000), newEmail: wanted });
    expect(huge.status).toBe(400);
    await backgroundWorkDone();
    expect(await count("dev_outbox", "to_address = ?", wanted)).toBe(0);
    expect(await count("email_changes")).toBe(0);

    for (let i = 0; i < 5; i++) {
      expect((await changeEmail(owner, { currentPassword: PASSWORD, newEmail: `n${i}-${wanted}` })).status).toBe(303);
    }
    const sixth = await changeEmail(owner, { currentPassword: PASSWORD, newEmail: `n6-${wanted}` });
    expect(sixth.status).toBe(429);
    expect(await testIdText(sixth, "change-email-error")).toBe(ACCOUNT_MSG.emailChangeTooMany);
    // Only the newest link works: asking again voids the one before.
    expect(await count("email_changes", "used_at IS NULL")).toBe(1);
  });

  it("malformed bodies and links are 4xx, never 500", async () => {
    const owner = await signedIn({ logIn: true });
    const json = await client({ cookie: owner.cookie }).post("/managesub", {
      json: { intent: "changeEmail", newEmail: "x@test.nz", currentPassword: PASSWORD },
    });
    expect(json.status).toBe(400);
    const doubled = new URLSearchParams([
      ["intent", "changePassword"],
      ["newPassword", NEW_PASSWORD],
      ["newPassword", "other"],
    ]);
    const res = await client({ cookie: owner.cookie }).post("/managesub", {
      raw: doubled.toString(),
      type: "application/x-www-form-urlencoded",
    });
    expect(res.status).toBe(400);
    for (const token of ["short", "x".repeat(43), "%00", "a".repeat(500)]) {
      expect(await linkUsable(token)).toBe(false);
      expect((await client().post(`/account/email/${token}`)).status).toBe(404);
    }
  });
});

describe("deleting the account needs the password again", () => {
  it("/managesub: the confirmation step asks for it; without it or with a wrong one nothing is deleted", async () => {
    const owner = await signedIn({ logIn: true });
    const ask = await post(owner, { intent: "deleteAccount" });
    expect(ask.status).toBe(200);
    const html = await ask.text();
    expect(html).toContain('name="currentPassword"');

    const missing = await post(owner, { intent: "deleteAccount", confirmed: "yes" });
    expect(missing.status).toBe(400);
    expect(await testIdText(missing, "current-password-error")).toBe(REAUTH_MSG.needed);
    const wrong = await post(owner, { intent: "deleteAccount", confirmed: "yes", currentPassword: "not my password" });
    expect(wrong.status).toBe(400);
    expect(await testIdText(wrong, "current-password-error")).toBe(REAUTH_MSG.wrong);
    expect(await emailOf(owner.userId)).toBe(owner.email);
    expect(await stillSignedIn(owner.cookie)).toBe(true);

    const done = await post(owner, { intent: "deleteAccount", confirmed: "yes", currentPassword: PASSWORD });
    expect(done.status).toBe(303);
    expect(await emailOf(owner.userId)).toBeUndefined();
  });

  it("/managesub: a fresh second factor stands in for the password", async () => {
    const owner = await signedIn({ logIn: true });
    await freshSecondFactor(owner.userId);
    const done = await post(owner, { intent: "deleteAccount", confirmed: "yes" });
    expect(done.status).toBe(303);
    expect(await emailOf(owner.userId)).toBeUndefined();
  });

  it("DELETE /api/profiles/{userId}/account: 400 without the password or with a wrong one, 200 with it", async () => {
    const owner = await signedIn({ logIn: true });
    const url = `/api/profiles/${owner.userId}/account`;
    const api = client({ cookie: owner.cookie });
    const refusals: [Parameters<typeof api.delete>[1], number, string][] = [
      [undefined, 400, REAUTH_MSG.needed],
      [{ json: {} }, 400, REAUTH_MSG.needed],
      [{ json: { password: 12345678 } }, 400, REAUTH_MSG.needed],
      [{ json: { password: "not my password" } }, 400, REAUTH_MSG.wrong],
      [{ json: "{not json" }, 400, "Malformed JSON"],
      [{ json: { password: "x".repeat(40_000) } }, 413, "Request body is too large"],
    ];
    for (const [body, status, error] of refusals) {
      const res = await api.delete(url, body);
      expect(res.status, error).toBe(status);
      expect(((await res.json()) as { error: string }).error).toBe(error);
    }
    expect(await emailOf(owner.userId)).toBe(owner.email);
    const ok = await api.delete(url, { json: { password: PASSWORD } });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ success: true });
    expect(await emailOf(owner.userId)).toBeUndefined();
  });
});
