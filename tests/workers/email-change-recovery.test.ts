// A pending e-mail change does not outlive the owner taking the account back (docs/accounts.md, 'Sessions and
// sensitive changes'). Someone who knows the password asks to move the account to their own address; the
// link waits in their mailbox, needing no session. A password reset, a password change, signing out the
// other sessions, turning two-factor on or off and removing a passkey each end every pending change, so the
// link moves nothing afterwards. And the old address hears of the request at once, with a link of its own that
// cancels it, without signing in.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ACCOUNT_MSG } from "~/features/accounts/settings/account-settings";
import { newId } from "~/platform/data/ids";
import { sha256Hex } from "~/platform/http/token-cookie.server";
import { sealSecret } from "~/platform/crypto/sealing-key.server";
import { newTotpSecret } from "~/features/accounts/second-factor/totp";
import { count, createAccount, PASSWORD, resetTokenFor, waitForMail } from "./auth-fixtures";
import { client, signedIn } from "./client";
import type { SignedIn } from "./client";
import { outline } from "./page-outline";
import { awayFromStepEdge, codeFor } from "./two-factor-fixtures";
import { backgroundWorkDone } from "./background";

const NEW_PASSWORD = "a brand new pass 7";
const NOTICE_SUBJECT = "asked to change your";

const emailOf = async (userId: string) =>
  (await env.DB.prepare("SELECT email FROM users WHERE id = ?").bind(userId).first<{ email: string }>())?.email;
const changeLinkIn = (text: string) => text.match(/\/account\/email\/([A-Za-z0-9_-]{43})/)?.[1] ?? null;
const cancelLinkIn = (text: string) => text.match(/\/account\/email\/cancel\/([A-Za-z0-9_-]{43})/)?.[1] ?? null;

type Change = { wanted: string; token: string };

/** What the attacker does with the password: asks for the account's address to become theirs. */
async function askForChange(as: SignedIn, wanted = `taker-${newId()}@test.nz`): Promise<Change> {
  const res = await as.client.post("/managesub", {
    form: { intent: "changeEmail", currentPassword: PASSWORD, newEmail: wanted },
  });
  expect(res.status).toBe(303);
  const token = changeLinkIn((await waitForMail(wanted, "Confirm your new")).text_body);
  expect(token).not.toBeNull();
  return { wanted, token: token! };
}

/** Presses 'Use this address' with no session, as the attacker can from their own mailbox. */
async function pressChangeLink(change: Change): Promise<Response> {
  return client().post(`/account/email/${change.token}`);
}

/** The link no longer moves the account: refused with the usual message, and the address stays. */
async function expectChangeEnded(owner: { userId: string; email: string }, change: Change) {
  const res = await pressChangeLink(change);
  expect(res.status).toBe(404);
  expect((await outline(res)).text).toContain(ACCOUNT_MSG.emailLinkInvalid);
  expect(await emailOf(owner.userId)).toBe(owner.email);
  expect(await count("email_changes", "user_id = ? AND used_at IS NULL", owner.userId)).toBe(0);
}

describe("the owner's recovery ends every pending e-mail change", () => {
  it("a password reset (from the link in the owner's mailbox)", async () => {
    const owner = await signedIn({ logIn: true });
    const change = await askForChange(owner);
    expect((await client().post("/api/auth/request-password-reset", { json: { email: owner.email } })).status).toBe(
      200,
    );
    const reset = await client().post(`/api/auth/reset-password/${await resetTokenFor(owner.email)}`, {
      json: { newPassword: NEW_PASSWORD },
    });
    expect(reset.status).toBe(200);
    await expectChangeEnded(owner, change);
  });

  it("a password change on /managesub; a refused one ends nothing", async () => {
    const owner = await signedIn({ logIn: true });
    const change = await askForChange(owner);
    const form = { intent: "changePassword", newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    const wrong = await owner.client.post("/managesub", { form: { ...form, currentPassword: "not my password" } });
    expect(wrong.status).toBe(400);
    expect(await count("email_changes", "user_id = ? AND used_at IS NULL", owner.userId)).toBe(1);
    expect((await owner.client.post("/managesub", { form: { ...form, currentPassword: PASSWORD } })).status).toBe(303);
    await expectChangeEnded(owner, change);
  });

  it("'Sign out all other sessions'", async () => {
    const owner = await signedIn({ logIn: true });
    const change = await askForChange(owner);
    expect((await owner.client.post("/managesub", { form: { intent: "revokeOtherSessions" } })).status).toBe(303);
    await expectChangeEnded(owner, change);
  });

  it("turning two-factor on", async () => {
    const owner = await signedIn({ logIn: true });
    const change = await askForChange(owner);
    await awayFromStepEdge();
    expect((await owner.client.post("/account/two-factor", { form: { intent: "start" } })).status).toBe(200);
    const html = await (await owner.client.get("/account/two-factor")).text();
    const secret = html.match(/data-testid="totp-secret"[^>]*>([A-Z2-7 ]+)</)?.[1].replace(/ /g, "");
    expect(secret).toBeTruthy();
    const on = await owner.client.post("/account/two-factor", {
      form: { intent: "confirm", code: codeFor(secret!), currentPassword: PASSWORD },
    });
    expect(on.status).toBe(200);
    expect(await count("totp_factors", "user_id = ? AND enabled_at IS NOT NULL", owner.userId)).toBe(1);
    await expectChangeEnded(owner, change);
  });

  it("turning two-factor off", async () => {
    const owner = await signedIn({ logIn: true });
    await env.DB.prepare("INSERT INTO totp_factors (user_id, secret, enabled_at, last_step) VALUES (?, ?, ?, 0)")
      .bind(owner.userId, await sealSecret(env, owner.userId, newTotpSecret()), Date.now())
      .run();
    // This session proved the code a moment ago (a session from before the set-up must step up first).
    await env.DB.prepare("UPDATE sessions SET second_factor_at = ?, second_factor_via = 'code' WHERE user_id = ?")
      .bind(Date.now(), owner.userId)
      .run();
    const change = await askForChange(owner);
    const off = await owner.client.post("/account/two-factor", {
      form: { intent: "disable", currentPassword: PASSWORD },
    });
    expect(off.status).toBe(200);
    expect(await count("totp_factors", "user_id = ?", owner.userId)).toBe(0);
    await expectChangeEnded(owner, change);
  });

  it("removing a passkey; removing none (another's id) ends nothing", async () => {
    const owner = await signedIn({ logIn: true });
    const other = await createAccount();
    const now = Date.now();
    const passkey = (id: string, userId: string) =>
      env.DB.prepare(
        "INSERT INTO passkeys (id, user_id, user_handle, public_key, name, created_at) VALUES (?, ?, ?, ?, ?, ?)",
      )
        .bind(id, userId, `handle-${userId}`, "cHVibGljLWtleQ", "My phone", now)
        .run();
    await passkey("bWluZQ", owner.userId);
    await passkey("dGhlaXJz", other.id);
    const change = await askForChange(owner);
    const remove = (passkeyId: string) =>
      owner.client.post("/managesub", { form: { intent: "removePasskey", passkeyId, currentPassword: PASSWORD } });
    expect((await remove("dGhlaXJz")).status).toBe(404);
    expect(await count("email_changes", "user_id = ? AND used_at IS NULL", owner.userId)).toBe(1);
    expect((await remove("bWluZQ")).status).toBe(303);
    expect(await count("passkeys", "user_id = ?", owner.userId)).toBe(0);
    await expectChangeEnded(owner, change);
  });
});

describe("the old address is told when a change is asked for", () => {
  /** The notice to the old address, and the cancel link in it. */
  async function noticeTo(email: string) {
    const mail = await waitForMail(email, NOTICE_SUBJECT);
    const token = cancelLinkIn(mail.text_body);
    expect(token).not.toBeNull();
    return { mail, token: token! };
  }

  it("at once, discreetly (no new address, no change link), with a link that cancels it without a session", async () => {
    const owner = await signedIn({ logIn: true, firstName: "Aroha" });
    const change = await askForChange(owner);
    const { mail, token } = await noticeTo(owner.email);
    expect(mail.subject).toBe("Someone asked to change your Kiwi Companions e-mail address");
    expect(mail.text_body).toContain("Hi Aroha,");
    expect(mail.text_body).not.toContain(change.wanted);
    expect(mail.text_body).not.toContain(change.token);
    expect(mail.html_body).not.toContain(change.wanted);
    // Only the hash is stored.
    const stored = await env.DB.prepare("SELECT * FROM email_change_cancels").all<Record<string, unknown>>();
    expect(stored.results).toHaveLength(1);
    expect(stored.results[0]).toMatchObject({ token_hash: await sha256Hex(token), user_id: owner.userId });
    expect(JSON.stringify(stored.results)).not.toContain(token);

    // Opening it changes nothing (a mail scanner fetches every link): a button does.
    const page = await client().get(`/account/email/cancel/${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("no-store");
    expect(page.headers.get("Referrer-Policy")).toBe("strict-origin");
    expect((await outline(page)).text).toContain("Cancel the change");
    expect(await count("email_changes", "user_id = ? AND used_at IS NULL", owner.userId)).toBe(1);

    // Pressed with no session at all.
    const cancelled = await client().post(`/account/email/cancel/${token}`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.headers.get("Cache-Control")).toBe("no-store");
    expect((await outline(cancelled)).text).toContain(ACCOUNT_MSG.emailChangeCancelled);
    await expectChangeEnded(owner, change);
    expect(await count("security_events", "user_id = ? AND event = 'email_change_cancelled'", owner.userId)).toBe(1);

    // Once only.
    const again = await client().post(`/account/email/cancel/${token}`);
    expect(again.status).toBe(404);
    expect((await outline(again)).text).toContain(ACCOUNT_MSG.emailCancelLinkInvalid);
    const reopened = await client().get(`/account/email/cancel/${token}`);
    expect(reopened.status).toBe(200);
    expect((await outline(reopened)).text).toContain(ACCOUNT_MSG.emailCancelLinkInvalid);
  });

  it("a cancel link also ends a change asked for after it", async () => {
    const owner = await signedIn({ logIn: true });
    await askForChange(owner);
    const { token } = await noticeTo(owner.email);
    const later = await askForChange(owner);
    expect((await client().post(`/account/email/cancel/${token}`)).status).toBe(200);
    await expectChangeEnded(owner, later);
  });

  it("after the change was made, the cancel link changes nothing and says so", async () => {
    const owner = await signedIn({ logIn: true });
    const change = await askForChange(owner);
    const { token } = await noticeTo(owner.email);
    expect((await pressChangeLink(change)).status).toBe(200);
    expect(await emailOf(owner.userId)).toBe(change.wanted);
    const late = await client().post(`/account/email/cancel/${token}`);
    expect(late.status).toBe(200);
    expect((await outline(late)).text).toContain(ACCOUNT_MSG.emailNothingToCancel);
    expect(await emailOf(owner.userId)).toBe(change.wanted);
  });

  it("a request for an address that has an account is told too; the answer to the requester is the same", async () => {
    const owner = await signedIn({ logIn: true });
    const holder = await createAccount({ email: `holder-${newId()}@test.nz` });
    const res = await owner.client.post("/managesub", {
      form: { intent: "changeEmail", currentPassword: PASSWORD, newEmail: holder.email },
    });
    expect(res.status).toBe(303);
    const { mail } = await noticeTo(owner.email);
    expect(mail.text_body).not.toContain(holder.email);
  });

  it("an expired, made-up or malformed cancel link: the page says so, a press is 404, nothing changes", async () => {
    const owner = await signedIn({ logIn: true });
    const change = await askForChange(owner);
    const { token } = await noticeTo(owner.email);
    await env.DB.prepare("UPDATE email_change_cancels SET expires_at = ?")
      .bind(Date.now() - 1)
      .run();
    for (const t of [token, "x".repeat(43), "short", "%00", "a".repeat(500)]) {
      const page = await client().get(`/account/email/cancel/${t}`);
      expect(page.status, t.slice(0, 10)).toBe(200);
      expect((await outline(page)).text).toContain(ACCOUNT_MSG.emailCancelLinkInvalid);
      const pressed = await client().post(`/account/email/cancel/${t}`);
      expect(pressed.status, t.slice(0, 10)).toBe(404);
    }
    await backgroundWorkDone();
    expect(await count("email_changes", "user_id = ? AND used_at IS NULL", owner.userId)).toBe(1);
    expect((await pressChangeLink(change)).status).toBe(200);
  });
});
