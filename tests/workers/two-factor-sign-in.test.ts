// Signing in with two-factor on (docs/accounts.md): the password alone starts no session, only a pending sign-in
// that a code from the app (within one step of drift, never twice) or a recovery code with the password
// finishes; a few wrong codes, a few minutes, once. Codes are computed from the secret with otpauth.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { MSG } from "~/features/accounts/auth-schemas";
import { TWO_FACTOR_MSG } from "~/features/accounts/second-factor/totp";
import { count, createAccount, PASSWORD, waitForMail } from "./auth-fixtures";
import { client, sessionCookieFrom } from "./client";
import {
  accountWithTotp,
  awayFromStepEdge,
  codeFor,
  cookieFrom,
  passwordStep,
  secondStep,
  sessionsOf,
} from "./two-factor-fixtures";

describe("the password step for an account with two-factor", () => {
  it("answers {twoFactorRequired} with a pending cookie and starts no session", async () => {
    const account = await accountWithTotp();
    const res = await client().post("/api/auth/login", { json: { email: account.email, password: PASSWORD } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ twoFactorRequired: true });
    expect(sessionCookieFrom(res)).toBeNull();
    const pending = res.headers.getSetCookie().find((c) => c.startsWith("pending_sign_in="));
    expect(pending).toMatch(/HttpOnly/);
    expect(pending).toMatch(/SameSite=Lax/);
    expect(pending).toMatch(/Max-Age=600/);
    expect(await sessionsOf(account.id)).toEqual([]);
    // Only a hash of the token is stored.
    const token = pending!.split(";")[0].split("=")[1];
    expect(await count("pending_sign_ins", "id = ?", token)).toBe(0);
    expect(await count("pending_sign_ins", "user_id = ?", account.id)).toBe(1);
  });

  it("is __Host- prefixed and Secure in production", async () => {
    const { login } = await import("~/features/accounts/sign-in/login.server");
    const account = await accountWithTotp();
    const result = await login(
      new Request("https://kiwi.example/api/auth/login", { method: "POST" }),
      { ...env, APP_ENV: "production" },
      { email: account.email, password: PASSWORD },
      { waitUntil: () => {} },
    );
    expect(result.kind).toBe("second-factor");
    expect(result.cookie).toMatch(/^__Host-pending_sign_in=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax/);
    expect(result.cookie).toMatch(/; Secure$/);
  });

  it("an account without two-factor still signs in with the password alone", async () => {
    const account = await createAccount();
    const res = await client().post("/api/auth/login", { json: { email: account.email, password: PASSWORD } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { userId: string }).userId).toBe(account.id);
    expect(sessionCookieFrom(res)).not.toBeNull();
  });
});

describe("the code step (POST /api/auth/login/second-factor)", () => {
  it("a right code starts a session that has proved a second factor, and spends the pending sign-in", async () => {
    const account = await accountWithTotp();
    await awayFromStepEdge();
    const pending = await passwordStep(account.email, PASSWORD);
    const res = await secondStep(pending, { code: codeFor(account.secret) });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ userId: account.id, email: account.email });
    expect(sessionCookieFrom(res)).not.toBeNull();
    expect(cookieFrom(res, "pending_sign_in")).toBe("pending_sign_in=");
    const [session] = await sessionsOf(account.id);
    expect(session.second_factor_at).toEqual(expect.any(Number));
    // Single use: the same pending cookie cannot start a second session.
    const again = await secondStep(pending, { code: codeFor(account.secret, 1) });
    expect(again.status).toBe(401);
    expect(await again.json()).toEqual({ error: TWO_FACTOR_MSG.pendingExpired, restart: true });
    expect(await sessionsOf(account.id)).toHaveLength(1);
  });

  it("accepts one step of clock drift either way and refuses two", async () => {
    const account = await accountWithTotp();
    // Each code is sent away from a step's edge: five password steps take seconds on a loaded machine, and a
    // step turning between a code and its check makes 2 steps ahead one step ahead (accepted).
    const tryCode = async (steps: number) => {
      const pending = await passwordStep(account.email, PASSWORD);
      await awayFromStepEdge();
      return secondStep(pending, { code: codeFor(account.secret, steps) });
    };
    // The refusals first: each accepted code moves the replay guard forward.
    for (const steps of [-2, 2]) {
      const res = await tryCode(steps);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: TWO_FACTOR_MSG.codeWrong, field: "code" });
    }
    for (const steps of [-1, 0, 1]) expect((await tryCode(steps)).status).toBe(200);
    expect(await sessionsOf(account.id)).toHaveLength(3);
  });

  it("refuses a code that was already used, and any code from an earlier step", async () => {
    const account = await accountWithTotp();
    await awayFromStepEdge();
    const code = codeFor(account.secret);
    expect((await secondStep(await passwordStep(account.email, PASSWORD), { code })).status).toBe(200);
    const replay = await secondStep(await passwordStep(account.email, PASSWORD), { code });
    expect(replay.status).toBe(401);
    expect(await replay.json()).toEqual({ error: TWO_FACTOR_MSG.codeReplayed, field: "code" });
    const earlier = await secondStep(await passwordStep(account.email, PASSWORD), {
      code: codeFor(account.secret, -1),
    });
    expect(earlier.status).toBe(401);
    expect(await sessionsOf(account.id)).toHaveLength(1);
  });

  it("takes at most 5 wrong codes per pending sign-in, then the password again; each counts against the budget", async () => {
    const account = await accountWithTotp();
    await awayFromStepEdge();
    const pending = await passwordStep(account.email, PASSWORD);
    const right = codeFor(account.secret);
    const wrong = right === "000000" ? "111111" : "000000";
    const answers: unknown[] = [];
    for (let i = 0; i < 5; i++) answers.push(await (await secondStep(pending, { code: wrong })).json());
    expect(answers.slice(0, 4)).toEqual(Array(4).fill({ error: TWO_FACTOR_MSG.codeWrong, field: "code" }));
    expect(answers[4]).toEqual({ error: "Too many wrong codes. Please log in again.", restart: true });
    expect((await secondStep(pending, { code: right })).status).toBe(401);
    expect(await sessionsOf(account.id)).toEqual([]);
    // The five failures are the per-account budget's five: the next try waits, even with the right password.
    const blocked = await client().post("/api/auth/login", { json: { email: account.email, password: PASSWORD } });
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({ error: MSG.rateLimited });
    expect(await count("security_events", "user_id = ? AND event = 'two_factor_failed'", account.id)).toBe(5);
  });

  it("an expired pending sign-in is refused and asks for the password again", async () => {
    const account = await accountWithTotp();
    await awayFromStepEdge();
    const pending = await passwordStep(account.email, PASSWORD);
    await env.DB.prepare("UPDATE pending_sign_ins SET expires_at = ? WHERE user_id = ?")
      .bind(Date.now() - 1, account.id)
      .run();
    const res = await secondStep(pending, { code: codeFor(account.secret) });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: TWO_FACTOR_MSG.pendingExpired, restart: true });
    expect(await sessionsOf(account.id)).toEqual([]);
  });

  it("without a pending sign-in there is nothing to finish", async () => {
    const account = await accountWithTotp();
    const res = await client().post("/api/auth/login/second-factor", { json: { code: codeFor(account.secret) } });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ restart: true });
  });

  it("answers malformed input with a 400 and never a 500, and nothing is spent", async () => {
    const account = await accountWithTotp();
    const pending = await passwordStep(account.email, PASSWORD);
    for (const body of [
      {},
      { code: 123456 },
      { code: "12345" },
      { code: "x".repeat(10_000) },
      { code: "１２３４５６" },
      { recoveryCode: "abc" },
      { recoveryCode: "abcde-fghjk" },
      { recoveryCode: "abcde-fghjk", password: "x".repeat(200) },
      { recoveryCode: ["abcde-fghjk"], password: PASSWORD },
      "{not json",
      { code: "123456", extra: "y".repeat(40_000) },
    ]) {
      const res = await secondStep(pending, body);
      expect([400, 413]).toContain(res.status);
      expect(await res.json()).toHaveProperty("error");
    }
    const [row] = (
      await env.DB.prepare("SELECT attempts FROM pending_sign_ins WHERE user_id = ?").bind(account.id).all<{
        attempts: number;
      }>()
    ).results;
    expect(row.attempts).toBe(0);
    expect(await count("login_throttle")).toBe(0);
  });
});

describe("the login page's code step, without JavaScript", () => {
  it("the password posts to a code step, which the page renders from the pending cookie, and the code signs in", async () => {
    const account = await accountWithTotp();
    await awayFromStepEdge();
    const res = await client().post("/login?redirectTo=%2Fmanagesub", {
      form: { intent: "login", email: account.email, password: PASSWORD, redirectTo: "/managesub" },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login?redirectTo=%2Fmanagesub");
    expect(sessionCookieFrom(res)).toBeNull();
    const pending = cookieFrom(res, "pending_sign_in")!;
    const page = await client({ cookie: pending }).get("/login?redirectTo=%2Fmanagesub");
    const html = await page.text();
    expect(html).toContain(TWO_FACTOR_MSG.codeRequired);
    expect(html).toContain("Use a recovery code instead");

    const wrong = await client({ cookie: pending }).post("/login?redirectTo=%2Fmanagesub", {
      form: { intent: "totp", code: "12", redirectTo: "/managesub" },
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain(TWO_FACTOR_MSG.codeFormat);

    const done = await client({ cookie: pending }).post("/login?redirectTo=%2Fmanagesub", {
      form: { intent: "totp", code: codeFor(account.secret), redirectTo: "/managesub" },
    });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/managesub");
    expect(sessionCookieFrom(done)).not.toBeNull();
  });
});

describe("recovery codes at sign-in", () => {
  async function withCodes() {
    const account = await accountWithTotp();
    const { newRecoveryCodes, normaliseRecoveryCode } = await import("~/features/accounts/second-factor/totp");
    const { sha256Hex } = await import("~/platform/http/token-cookie.server");
    const codes = newRecoveryCodes();
    for (const code of codes) {
      await env.DB.prepare("INSERT INTO recovery_codes (user_id, code_hash, created_at) VALUES (?, ?, ?)")
        .bind(account.id, await sha256Hex(normaliseRecoveryCode(code)!), Date.now())
        .run();
    }
    return { ...account, codes };
  }

  it("a recovery code with the password signs in once, tells the owner how many are left, and is logged", async () => {
    const account = await withCodes();
    const res = await secondStep(await passwordStep(account.email, PASSWORD), {
      recoveryCode: account.codes[0].toUpperCase().replace("-", " "),
      password: PASSWORD,
    });
    expect(res.status).toBe(200);
    expect((await sessionsOf(account.id))[0].second_factor_at).toEqual(expect.any(Number));
    const mail = await waitForMail(account.email, "recovery code was used");
    expect(mail.text_body).toContain("You have 9 recovery codes left.");
    expect(await count("security_events", "user_id = ? AND event = 'recovery_code_used'", account.id)).toBe(1);

    const again = await secondStep(await passwordStep(account.email, PASSWORD), {
      recoveryCode: account.codes[0],
      password: PASSWORD,
    });
    expect(again.status).toBe(401);
    expect(await again.json()).toEqual({ error: TWO_FACTOR_MSG.recoveryWrong, field: "recoveryCode" });
  });

  it("the login page's recovery step works without JavaScript; a wrong password is said on the page and spends nothing", async () => {
    const account = await withCodes();
    const res = await client().post("/login?redirectTo=%2Fmanagesub", {
      form: { intent: "login", email: account.email, password: PASSWORD, redirectTo: "/managesub" },
    });
    const pending = cookieFrom(res, "pending_sign_in")!;
    const as = client({ cookie: pending });
    const page = await as.get("/login?method=recovery&redirectTo=%2Fmanagesub");
    expect(await page.text()).toContain("Use a recovery code");

    const path = "/login?method=recovery&redirectTo=%2Fmanagesub";
    const wrong = await as.post(path, {
      form: {
        intent: "recovery",
        recoveryCode: account.codes[2],
        password: "not my password",
        redirectTo: "/managesub",
      },
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain("That is not your password.");
    expect(sessionCookieFrom(wrong)).toBeNull();
    expect(await count("recovery_codes", "user_id = ? AND used_at IS NULL", account.id)).toBe(10);

    const done = await as.post(path, {
      form: { intent: "recovery", recoveryCode: account.codes[2], password: PASSWORD, redirectTo: "/managesub" },
    });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/managesub");
    expect(sessionCookieFrom(done)).not.toBeNull();
    expect(await count("recovery_codes", "user_id = ? AND used_at IS NULL", account.id)).toBe(9);
  });

  it("a wrong password spends no recovery code", async () => {
    const account = await withCodes();
    const pending = await passwordStep(account.email, PASSWORD);
    const res = await secondStep(pending, { recoveryCode: account.codes[1], password: "not my password" });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: "That is not your password.", field: "password" });
    expect(await count("recovery_codes", "user_id = ? AND used_at IS NULL", account.id)).toBe(10);
    expect((await secondStep(pending, { recoveryCode: account.codes[1], password: PASSWORD })).status).toBe(200);
  });
});
