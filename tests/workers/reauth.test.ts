// confirmIdentity (app/features/accounts/reauth.server.ts): a sensitive change takes the current password, counted
// against the per-account sign-in budget, or a second factor proved in this session in the last 10 minutes.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { MSG } from "~/features/accounts/auth-schemas";
import { confirmIdentity, FRESH_SECOND_FACTOR_MS, REAUTH_MSG } from "~/features/accounts/reauth.server";
import { throttleKey } from "~/features/accounts/sign-in/login-throttle.server";
import { createAccount, waitForMail } from "./auth-fixtures";
import { client } from "./client";

const request = () => new Request("http://localhost/managesub", { method: "POST" });
const noSecondFactor = { secondFactorAt: null };

async function owner() {
  const account = await createAccount();
  return { ...account, user: { id: account.id, email: account.email } };
}

const failuresOf = async (email: string) =>
  (
    await env.DB.prepare("SELECT failures FROM login_throttle WHERE key = ?")
      .bind(await throttleKey(email))
      .first<{ failures: number }>()
  )?.failures ?? 0;

describe("confirmIdentity", () => {
  it("refuses a change with no password and no second factor, and counts nothing", async () => {
    const { user, email } = await owner();
    for (const password of [undefined, null, "", 42, ["x"]]) {
      expect(await confirmIdentity(request(), env, user, noSecondFactor, password)).toEqual({
        ok: false,
        status: 400,
        error: REAUTH_MSG.needed,
      });
    }
    expect(await failuresOf(email)).toBe(0);
  });

  it("accepts the right password", async () => {
    const { user, password } = await owner();
    expect(await confirmIdentity(request(), env, user, noSecondFactor, password)).toEqual({
      ok: true,
      via: "password",
    });
  });

  it("refuses a wrong password and counts it: the 6th wrong attempt meets the throttle's 429, even with the right one", async () => {
    const { user, email, password } = await owner();
    for (let i = 1; i <= 5; i++) {
      expect(await confirmIdentity(request(), env, user, noSecondFactor, `wrong password ${i}`)).toEqual({
        ok: false,
        status: 400,
        error: REAUTH_MSG.wrong,
      });
      expect(await failuresOf(email)).toBe(i);
    }
    // The fifth failure told the owner, as sign-in does.
    await waitForMail(email, "Several failed sign-ins");
    expect(await confirmIdentity(request(), env, user, noSecondFactor, "wrong password 6")).toEqual({
      ok: false,
      status: 429,
      error: MSG.rateLimited,
    });
    expect(await confirmIdentity(request(), env, user, noSecondFactor, password)).toMatchObject({ status: 429 });
    // The same budget as sign-in: logging in is delayed too.
    const login = await client().post("/api/auth/login", { json: { email, password } });
    expect(login.status).toBe(429);
  });

  it("refuses an over-long password without counting it or running PBKDF2 on it", async () => {
    const { user, email } = await owner();
    expect(await confirmIdentity(request(), env, user, noSecondFactor, "x".repeat(129))).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(await failuresOf(email)).toBe(0);
  });

  it("accepts a second factor proved in this session in the last 10 minutes, refuses a stale one", async () => {
    const { user } = await owner();
    const now = Date.now();
    const fresh = { secondFactorAt: now - FRESH_SECOND_FACTOR_MS + 5_000 };
    const stale = { secondFactorAt: now - FRESH_SECOND_FACTOR_MS - 1 };
    expect(await confirmIdentity(request(), env, user, fresh, "", now)).toEqual({ ok: true, via: "second-factor" });
    expect(await confirmIdentity(request(), env, user, stale, "", now)).toEqual({
      ok: false,
      status: 400,
      error: REAUTH_MSG.needed,
    });
    // A password, when typed, is what is checked: a wrong one is not excused by a fresh second factor.
    expect(await confirmIdentity(request(), env, user, fresh, "wrong password", now)).toMatchObject({ ok: false });
  });
});
