// /account/two-factor (docs/accounts.md): set-up through the page as a browser without JavaScript would, the secret
// sealed at rest and the recovery codes hashed, step-up for a session from before set-up, and the changes
// that need the current password (turning off, new codes). Administrators may replace it, never drop it.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { TWO_FACTOR_MSG } from "~/features/accounts/second-factor/totp";
import { count, PASSWORD, waitForMail } from "./auth-fixtures";
import { client, signedIn } from "./client";
import type { SignedIn } from "./client";
import {
  accountWithTotp,
  awayFromStepEdge,
  codeFor,
  passwordStep,
  secondStep,
  sessionsOf,
} from "./two-factor-fixtures";

const PAGE = "/account/two-factor";

function post(as: SignedIn, form: Record<string, string>, path = PAGE) {
  return as.client.post(path, { form });
}

/** Starts set-up and reads the typed-in key from the page, as a person would. */
async function startSetUp(as: SignedIn): Promise<string> {
  expect((await post(as, { intent: "start" })).status).toBe(200);
  const html = await (await as.client.get(PAGE)).text();
  const match = html.match(/data-testid="totp-secret"[^>]*>([A-Z2-7 ]+)</);
  if (!match) throw new Error("no secret on the page");
  return match[1].replace(/ /g, "");
}

function codesIn(html: string): string[] {
  return [...html.matchAll(/data-testid="recovery-code"[^>]*>([a-z2-9]{5}-[a-z2-9]{5})</g)].map((m) => m[1]);
}

describe("setting up two-factor on /account/two-factor", () => {
  it("needs a signed-in user", async () => {
    const res = await client().get(PAGE);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login?redirectTo=%2Faccount%2Ftwo-factor");
  });

  it("turns on only after a right code and the password, shows 10 recovery codes once, and marks the session", async () => {
    const owner = await signedIn({ logIn: true });
    expect(await (await owner.client.get(PAGE)).text()).toContain("Set up two-factor sign-in");
    await awayFromStepEdge();
    const secret = await startSetUp(owner);
    // Reloading keeps the same secret: a QR code already scanned stays right.
    expect(await startSetUp(owner)).toBe(secret);
    expect(await count("totp_factors", "user_id = ? AND secret IS NULL", owner.userId)).toBe(1);

    const wrong = codeFor(secret) === "000000" ? "111111" : "000000";
    const wrongCode = await post(owner, { intent: "confirm", code: wrong, currentPassword: PASSWORD });
    expect(wrongCode.status).toBe(400);
    expect(await wrongCode.text()).toContain(TWO_FACTOR_MSG.codeWrong);
    const noPassword = await post(owner, { intent: "confirm", code: codeFor(secret) });
    expect(noPassword.status).toBe(400);
    expect(await noPassword.text()).toContain("Enter your current password to confirm this change.");
    const tooLong = await post(owner, { intent: "confirm", code: "1".repeat(5000), currentPassword: PASSWORD });
    expect(tooLong.status).toBe(400);
    expect(await count("totp_factors", "user_id = ? AND enabled_at IS NOT NULL", owner.userId)).toBe(0);

    const done = await post(owner, { intent: "confirm", code: codeFor(secret), currentPassword: PASSWORD });
    expect(done.status).toBe(200);
    const html = await done.text();
    const codes = codesIn(html);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect(html).toContain(TWO_FACTOR_MSG.enabled);
    // The session that set it up has proved it.
    expect((await sessionsOf(owner.userId))[0].second_factor_at).toEqual(expect.any(Number));
    // Shown once: the page never shows them again.
    expect(codesIn(await (await owner.client.get(PAGE)).text())).toEqual([]);

    // At rest: no secret and no code in the clear, anywhere in the rows.
    const factor = await env.DB.prepare("SELECT * FROM totp_factors WHERE user_id = ?").bind(owner.userId).first();
    const stored = JSON.stringify(factor);
    expect(stored).not.toContain(secret);
    expect(factor?.secret).toMatch(/^v1\./);
    const rows = (
      await env.DB.prepare("SELECT code_hash FROM recovery_codes WHERE user_id = ?")
        .bind(owner.userId)
        .all<{ code_hash: string }>()
    ).results;
    expect(rows).toHaveLength(10);
    for (const row of rows) expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    const all = JSON.stringify(rows);
    for (const code of codes) {
      expect(all).not.toContain(code);
      expect(all).not.toContain(code.replace("-", ""));
    }
    expect(await count("security_events", "user_id = ? AND event = 'two_factor_enabled'", owner.userId)).toBe(1);
    // The summary on /managesub says so.
    expect(await (await owner.client.get("/managesub")).text()).toContain("Manage two-factor sign-in");
  });

  it("the sealed secret does not open with another key or on another account's row", async () => {
    const { openSecret, sealSecret } = await import("~/platform/crypto/sealing-key.server");
    const sealed = await sealSecret(env, "user-a", "JBSWY3DPEHPK3PXP");
    expect(await openSecret(env, "user-a", sealed)).toBe("JBSWY3DPEHPK3PXP");
    await expect(openSecret(env, "user-b", sealed)).rejects.toThrow(/does not open/);
    await expect(openSecret({ TWO_FACTOR_KEY: btoa("x".repeat(32)) }, "user-a", sealed)).rejects.toThrow(
      /does not open/,
    );
    await expect(sealSecret({}, "user-a", "JBSWY3DPEHPK3PXP")).rejects.toThrow(/not set/);
  });

  it("refuses to start without a sealing key (SEALING_KEY or TWO_FACTOR_KEY) instead of storing the secret in the clear", async () => {
    const { twoFactorAction } = await import("~/features/accounts/second-factor/totp-page.server");
    const owner = await signedIn();
    const form = new FormData();
    form.set("intent", "start");
    // Neither name: a deployment set up before SEALING_KEY has TWO_FACTOR_KEY, a new one SEALING_KEY.
    const {
      TWO_FACTOR_KEY: _old,
      SEALING_KEY: _new,
      ...withoutKey
    } = env as Env & { TWO_FACTOR_KEY?: string; SEALING_KEY?: string };
    const answer = await twoFactorAction(
      new Request("http://localhost/account/two-factor", { method: "POST" }),
      { env: withoutKey as Env, ctx: { waitUntil: () => undefined } as unknown as ExecutionContext, cf: undefined },
      { id: owner.userId, email: owner.email, firstName: "O", accountType: "unpaid", agency: false, isAdmin: false },
      { id: "s", secondFactorAt: null },
      form,
    );
    expect(answer.status).toBe(503);
    expect(await count("totp_factors")).toBe(0);
  });

  it("answers unknown intents and junk with a 400", async () => {
    const owner = await signedIn();
    expect((await post(owner, { intent: "explode" })).status).toBe(400);
    expect((await post(owner, {})).status).toBe(400);
    expect((await post(owner, { intent: "confirm" })).status).toBe(400);
    expect((await post(owner, { intent: "stepUp", code: "abc" })).status).toBe(400);
  });
});

describe("a session from before set-up", () => {
  it("is asked for a code (step-up), which marks it and sends it on", async () => {
    const account = await accountWithTotp();
    const { logIn } = await import("./client");
    // A session as it was before two-factor was on: no second factor in it.
    await env.DB.prepare("DELETE FROM totp_factors WHERE user_id = ?").bind(account.id).run();
    const cookie = await logIn(account.email);
    const { sealSecret } = await import("~/platform/crypto/sealing-key.server");
    await env.DB.prepare("INSERT INTO totp_factors (user_id, secret, enabled_at, last_step) VALUES (?, ?, ?, 0)")
      .bind(account.id, await sealSecret(env, account.id, account.secret), Date.now())
      .run();
    const as = { userId: account.id, email: account.email, cookie, client: client({ cookie }) };
    const html = await (await as.client.get(PAGE)).text();
    expect(html).toContain("Confirm it is you");
    // Nothing about the factor changes from such a session, even with the password.
    const off = await post(as, { intent: "disable", currentPassword: PASSWORD });
    expect(off.status).toBe(403);
    expect(await count("totp_factors", "user_id = ?", account.id)).toBe(1);

    await awayFromStepEdge();
    const bad = await post(as, { intent: "stepUp", code: "12345x" });
    expect(bad.status).toBe(400);
    const ok = await post(as, { intent: "stepUp", code: codeFor(account.secret), redirectTo: "/managesub" });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("Location")).toBe("/managesub");
    expect((await sessionsOf(account.id))[0].second_factor_at).toEqual(expect.any(Number));
  });
});

describe("changes that need the current password", () => {
  /** An account with two-factor on, signed in with it, the second factor proved 20 minutes ago (stale). */
  async function signedInWithTotp(o: { accountType?: string } = {}) {
    const account = await accountWithTotp(o);
    await awayFromStepEdge();
    const res = await secondStep(await passwordStep(account.email, PASSWORD), { code: codeFor(account.secret) });
    const cookie = res.headers
      .getSetCookie()
      .find((c) => c.startsWith("session="))!
      .split(";")[0];
    await env.DB.prepare("UPDATE sessions SET second_factor_at = ? WHERE user_id = ?")
      .bind(Date.now() - 20 * 60_000, account.id)
      .run();
    return { ...account, as: { userId: account.id, email: account.email, cookie, client: client({ cookie }) } };
  }

  it("turning off needs the password, e-mails the owner and is logged", async () => {
    const account = await signedInWithTotp();
    const none = await post(account.as, { intent: "disable" });
    expect(none.status).toBe(400);
    expect(await none.text()).toContain("Enter your current password to confirm this change.");
    const wrong = await post(account.as, { intent: "disable", currentPassword: "not it at all" });
    expect(wrong.status).toBe(400);
    expect(await count("totp_factors", "user_id = ?", account.id)).toBe(1);

    const off = await post(account.as, { intent: "disable", currentPassword: PASSWORD });
    expect(off.status).toBe(200);
    expect(await count("totp_factors", "user_id = ?", account.id)).toBe(0);
    expect(await count("recovery_codes", "user_id = ?", account.id)).toBe(0);
    const mail = await waitForMail(account.email, "Two-factor sign-in was turned off");
    expect(mail.text_body).toContain("your password alone now signs in");
    expect(await count("security_events", "user_id = ? AND event = 'two_factor_disabled'", account.id)).toBe(1);
    // The password alone signs in again.
    const res = await client().post("/api/auth/login", { json: { email: account.email, password: PASSWORD } });
    expect(await res.json()).toMatchObject({ userId: account.id });
  });

  it("an administrator cannot turn it off, only replace it", async () => {
    const admin = await signedInWithTotp({ accountType: "admin" });
    const res = await post(admin.as, { intent: "disable", currentPassword: PASSWORD });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain(TWO_FACTOR_MSG.adminCannotDisable);
    expect(await count("totp_factors", "user_id = ? AND secret IS NOT NULL", admin.id)).toBe(1);

    // Replacing: a new secret, confirmed with a code from the new app; the old app's codes stop working.
    const secret = await startSetUp(admin.as);
    expect(secret).not.toBe(admin.secret);
    const done = await post(admin.as, { intent: "confirm", code: codeFor(secret), currentPassword: PASSWORD });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain(TWO_FACTOR_MSG.replaced);
    const old = await secondStep(await passwordStep(admin.email, PASSWORD), { code: codeFor(admin.secret, 1) });
    expect(old.status).toBe(401);
    const fresh = await secondStep(await passwordStep(admin.email, PASSWORD), { code: codeFor(secret, 1) });
    expect(fresh.status).toBe(200);
  });

  it("new recovery codes need the password; the old ones stop working", async () => {
    const account = await signedInWithTotp();
    expect((await post(account.as, { intent: "regenerate" })).status).toBe(400);
    const res = await post(account.as, { intent: "regenerate", currentPassword: PASSWORD });
    expect(res.status).toBe(200);
    const codes = codesIn(await res.text());
    expect(codes).toHaveLength(10);
    expect(await count("recovery_codes", "user_id = ?", account.id)).toBe(10);
    expect(await count("security_events", "user_id = ? AND event = 'recovery_codes_regenerated'", account.id)).toBe(1);
    const again = await post(account.as, { intent: "regenerate", currentPassword: PASSWORD });
    const newer = codesIn(await again.text());
    const stale = await secondStep(await passwordStep(account.email, PASSWORD), {
      recoveryCode: codes[0],
      password: PASSWORD,
    });
    expect(stale.status).toBe(401);
    const works = await secondStep(await passwordStep(account.email, PASSWORD), {
      recoveryCode: newer[0],
      password: PASSWORD,
    });
    expect(works.status).toBe(200);
  });
});
