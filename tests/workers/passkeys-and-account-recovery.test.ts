// Passkeys where someone secures an account they may have lost (docs/accounts.md, 'Passkeys'): a password
// reset and a two-factor set-up offer 'Also remove all passkeys (N)', ticked, and say what they did; and a
// passkey sign-in is a sign-in, not proof for a new password or e-mail address (reauth.server.ts).
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { REMOVE_ALL_PASSKEYS } from "~/features/accounts/second-factor/passkeys";
import { TWO_FACTOR_MSG } from "~/features/accounts/second-factor/totp";
import { countPasskeys } from "~/features/accounts/second-factor/passkeys.server";
import { REAUTH_MSG } from "~/features/accounts/reauth.server";
import { sha256Hex } from "~/platform/http/token-cookie.server";
import { count, PASSWORD, resetTokenFor, waitForMail } from "./auth-fixtures";
import { client, sessionCookieFrom, signedIn } from "./client";
import type { SignedIn } from "./client";
import { SoftAuthenticator } from "./soft-authenticator";
import { awayFromStepEdge, codeFor } from "./two-factor-fixtures";

type Json = Record<string, unknown>;

/** "passkey=<id>" from a response's Set-Cookie: the challenge cookie. */
function challengeCookieFrom(res: Response): string {
  const header = res.headers.getSetCookie().find((c) => /^passkey=[^;]/.test(c));
  if (!header) throw new Error("no challenge cookie");
  return header.split(";")[0];
}

/** Registers a software passkey for the signed-in owner, confirmed with the password. */
async function addPasskey(owner: SignedIn): Promise<SoftAuthenticator> {
  const auth = await SoftAuthenticator.create();
  const start = await owner.client.post("/api/passkeys/register/options", { json: { currentPassword: PASSWORD } });
  expect(start.status).toBe(200);
  const { options } = (await start.json()) as { options: Json };
  const res = await client({ cookie: `${owner.cookie}; ${challengeCookieFrom(start)}` }).post(
    "/api/passkeys/register",
    { json: { name: "My phone", response: await auth.register(options) } },
  );
  expect(res.status, await res.clone().text()).toBe(201);
  return auth;
}

/** Signs in with the passkey: the answer (200 with a session cookie, or the refusal). */
async function passkeySignIn(auth: SoftAuthenticator): Promise<Response> {
  const start = await client().post("/api/passkeys/login/options");
  const { options } = (await start.json()) as { options: Json };
  return client({ cookie: challengeCookieFrom(start) }).post("/api/passkeys/login", {
    json: { response: await auth.assert(options) },
  });
}

/** A new reset link for `email` (older mails are cleared first, so the one read is this request's). */
async function requestReset(email: string): Promise<string> {
  await env.DB.prepare("DELETE FROM dev_outbox WHERE to_address = ? AND subject LIKE 'Reset your%'").bind(email).run();
  expect((await client().post("/api/auth/request-password-reset", { json: { email } })).status).toBe(200);
  return resetTokenFor(email);
}

const NEW_PASSWORD = "a fresh new password 9";

describe("a password reset and the account's passkeys", () => {
  it("offers 'Also remove all passkeys (N)', ticked; the mail says so; kept ticked, they are gone and cannot sign in", async () => {
    const owner = await signedIn({ logIn: true });
    const auth = await addPasskey(owner);
    await addPasskey(owner);
    const token = await requestReset(owner.email);
    const mail = await waitForMail(owner.email, "Reset your");
    expect(mail.text_body).toContain("Your account also has 2 passkeys");
    expect(mail.text_body).toContain("Also remove all passkeys");

    const page = await (await client().get(`/reset-password/${token}`)).text();
    expect(page).toContain(REMOVE_ALL_PASSKEYS.label(2));
    expect(page).toMatch(/<input[^>]*name="removePasskeys"[^>]*checked=""/);

    // A browser sends a ticked box as the field; this is the form as it was shown.
    const res = await client().post(`/reset-password/${token}`, {
      form: { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, removePasskeys: "on" },
    });
    expect(res.status).toBe(200);
    const done = await res.text();
    expect(done).toContain("Password reset successful! Redirecting to login...");
    expect(done).toContain(REMOVE_ALL_PASSKEYS.removed(2));
    expect(await countPasskeys(env, owner.userId)).toBe(0);
    expect(await count("security_events", "user_id = ? AND event = 'passkeys_removed'", owner.userId)).toBe(1);
    expect((await passkeySignIn(auth)).status).toBe(401);
    const changed = await waitForMail(owner.email, "password was changed");
    expect(changed.text_body).toContain("All your passkeys (2 passkeys) were removed too.");
  });

  it("unticked, the passkeys stay, and the page and the mail say they still sign in", async () => {
    const owner = await signedIn({ logIn: true });
    const auth = await addPasskey(owner);
    const token = await requestReset(owner.email);
    const res = await client().post(`/login/${token}`, {
      form: { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(REMOVE_ALL_PASSKEYS.kept(1));
    expect(await countPasskeys(env, owner.userId)).toBe(1);
    expect((await passkeySignIn(auth)).status).toBe(200);
    const changed = await waitForMail(owner.email, "password was changed");
    expect(changed.text_body).toContain("Your 1 passkey still sign in");
  });

  it("an account without passkeys is offered nothing", async () => {
    const owner = await signedIn({ logIn: true });
    const token = await requestReset(owner.email);
    expect(await (await client().get(`/reset-password/${token}`)).text()).not.toContain("remove all passkeys");
    const mail = await waitForMail(owner.email, "Reset your");
    expect(mail.text_body).not.toContain("passkey");
  });

  it("the JSON reset removes them unless told `removePasskeys: false`, says how many, and refuses a bad value", async () => {
    const owner = await signedIn({ logIn: true });
    await addPasskey(owner);
    const bad = await client().post(`/api/auth/reset-password/${await requestReset(owner.email)}`, {
      json: { newPassword: NEW_PASSWORD, removePasskeys: "yes" },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "removePasskeys must be true or false" });
    expect(await countPasskeys(env, owner.userId)).toBe(1);

    const kept = await client().post(`/api/auth/reset-password/${await requestReset(owner.email)}`, {
      json: { newPassword: NEW_PASSWORD, removePasskeys: false },
    });
    expect(await kept.json()).toEqual({
      message: "Password reset successful! Redirecting to login...",
      passkeysRemoved: 0,
      passkeysKept: 1,
    });
    expect(await countPasskeys(env, owner.userId)).toBe(1);

    // The spec's body, {newPassword} alone: the safe default, as the page's ticked box.
    const removed = await client().post(`/api/auth/reset-password/${await requestReset(owner.email)}`, {
      json: { newPassword: "yet another password 8" },
    });
    expect(await removed.json()).toMatchObject({ passkeysRemoved: 1, passkeysKept: 0 });
    expect(await countPasskeys(env, owner.userId)).toBe(0);
  });
});

describe("setting up two-factor and the account's passkeys", () => {
  const PAGE = "/account/two-factor";

  async function startSetUp(owner: SignedIn): Promise<{ secret: string; html: string }> {
    expect((await owner.client.post(PAGE, { form: { intent: "start" } })).status).toBe(200);
    const html = await (await owner.client.get(PAGE)).text();
    const secret = html.match(/data-testid="totp-secret"[^>]*>([A-Z2-7 ]+)</)?.[1].replace(/ /g, "");
    if (!secret) throw new Error("no secret on the page");
    return { secret, html };
  }

  it("offers 'Also remove all passkeys (N)', ticked, and removes them with the new app", async () => {
    const owner = await signedIn({ logIn: true });
    const auth = await addPasskey(owner);
    await awayFromStepEdge();
    const { secret, html } = await startSetUp(owner);
    expect(html).toContain(REMOVE_ALL_PASSKEYS.label(1));
    expect(html).toMatch(/<input[^>]*name="removePasskeys"[^>]*checked=""/);
    const res = await owner.client.post(PAGE, {
      form: { intent: "confirm", code: codeFor(secret), currentPassword: PASSWORD, removePasskeys: "on" },
    });
    expect(res.status).toBe(200);
    const done = await res.text();
    expect(done).toContain(TWO_FACTOR_MSG.enabled);
    expect(done).toContain(REMOVE_ALL_PASSKEYS.removed(1));
    expect(await countPasskeys(env, owner.userId)).toBe(0);
    expect(await count("security_events", "user_id = ? AND event = 'passkeys_removed'", owner.userId)).toBe(1);
    expect((await passkeySignIn(auth)).status).toBe(401);
  });

  it("unticked, the passkeys stay; a refused set-up removes nothing", async () => {
    const owner = await signedIn({ logIn: true });
    await addPasskey(owner);
    await awayFromStepEdge();
    const { secret } = await startSetUp(owner);
    const refused = await owner.client.post(PAGE, {
      form: { intent: "confirm", code: codeFor(secret), currentPassword: "wrong password", removePasskeys: "on" },
    });
    expect(refused.status).toBe(400);
    expect(await countPasskeys(env, owner.userId)).toBe(1);
    const res = await owner.client.post(PAGE, {
      form: { intent: "confirm", code: codeFor(secret), currentPassword: PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(await res.text()).not.toContain(REMOVE_ALL_PASSKEYS.removed(1));
    expect(await countPasskeys(env, owner.userId)).toBe(1);
  });
});

describe("a session signed in with a passkey", () => {
  /** The owner, a passkey, and a session that signed in with it a moment ago. */
  async function passkeySession() {
    const owner = await signedIn({ logIn: true });
    const auth = await addPasskey(owner);
    const res = await passkeySignIn(auth);
    expect(res.status).toBe(200);
    const cookie = sessionCookieFrom(res)!;
    return { owner, auth, cookie, session: client({ cookie }) };
  }

  const changePassword = (as: ReturnType<typeof client>, currentPassword: string) =>
    as.post("/managesub", {
      form: { intent: "changePassword", currentPassword, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
  const changeEmail = (as: ReturnType<typeof client>, currentPassword: string) =>
    as.post("/managesub", { form: { intent: "changeEmail", newEmail: "moved@test.nz", currentPassword } });

  it("cannot change the password or the e-mail address without the current password", async () => {
    const { owner, session } = await passkeySession();
    const hashBefore = await env.DB.prepare("SELECT password_hash FROM users WHERE id = ?")
      .bind(owner.userId)
      .first<string>("password_hash");
    const page = await (await session.get("/managesub")).text();
    // The forms ask for it (the field is required), where a recent code would have let it be left empty.
    expect(page).not.toContain("You can leave this empty");

    for (const res of [await changePassword(session, ""), await changeEmail(session, "")]) {
      expect(res.status).toBe(400);
      expect(await res.text()).toContain(REAUTH_MSG.passkeyNotEnough);
    }
    expect(
      await env.DB.prepare("SELECT password_hash FROM users WHERE id = ?").bind(owner.userId).first("password_hash"),
    ).toBe(hashBefore);
    expect(await count("email_changes", "user_id = ?", owner.userId)).toBe(0);
    expect(await count("security_events", "user_id = ? AND event = 'password_changed'", owner.userId)).toBe(0);

    // The current password still works from the same session.
    expect((await changeEmail(session, PASSWORD)).status).toBe(303);
    expect(await count("email_changes", "user_id = ?", owner.userId)).toBe(1);
    expect((await changePassword(session, PASSWORD)).status).toBe(303);
    expect(await count("security_events", "user_id = ? AND event = 'password_changed'", owner.userId)).toBe(1);
  });

  it("a code proved in the session a moment ago does stand in for the password; a passkey sign-in still counts for other changes", async () => {
    const { owner, auth, cookie, session } = await passkeySession();
    // A passkey sign-in still confirms a change that is not to the password or address: removing a passkey.
    const removed = await session.post("/managesub", { form: { intent: "removePasskey", passkeyId: auth.id } });
    expect(removed.status).toBe(303);
    expect(await countPasskeys(env, owner.userId)).toBe(0);
    // The same session then proves a code (as the step-up or the code sign-in records it).
    await env.DB.prepare("UPDATE sessions SET second_factor_at = ?, second_factor_via = 'code' WHERE id = ?")
      .bind(Date.now(), await sha256Hex(cookie.slice(cookie.indexOf("=") + 1)))
      .run();
    expect((await changePassword(session, "")).status).toBe(303);
    expect((await changeEmail(session, "")).status).toBe(303);
  });

  it("is recorded as a passkey proof", async () => {
    const { owner } = await passkeySession();
    const rows = await env.DB.prepare(
      "SELECT second_factor_via FROM sessions WHERE user_id = ? AND second_factor_at IS NOT NULL",
    )
      .bind(owner.userId)
      .all<{ second_factor_via: string | null }>();
    expect(rows.results.map((r) => r.second_factor_via)).toEqual(["passkey"]);
  });
});
