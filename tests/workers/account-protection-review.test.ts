// What a review of the account protections found, each pinned: a stolen session cannot read or turn on a two-factor set-up
// it did not start, and turning two-factor on ends the other sessions; a password-only session cannot add a
// passkey where a second factor is needed; parallel code guesses each cost an attempt and a unit of the
// sign-in budget; a confirmation link does not swap a signed-in browser into another account.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { newToken } from "~/platform/data/ids";
import { PENDING_MAX_ATTEMPTS } from "~/features/accounts/sign-in/pending-sign-in.server";
import { sessionCookieName, sha256Hex } from "~/platform/http/token-cookie.server";
import { NOTICE } from "~/features/site/messages";
import { confirmTokenFor, PASSWORD, pressConfirm, signupBrowserFrom } from "./auth-fixtures";
import { client, logIn, signedIn } from "./client";
import type { SignedIn } from "./client";
import { accountWithTotp, awayFromStepEdge, codeFor, passwordStep, secondStep } from "./two-factor-fixtures";

const PAGE = "/account/two-factor";
const post = (as: SignedIn["client"], form: Record<string, string>) => as.post(PAGE, { form });
const secretOn = (html: string) => html.match(/data-testid="totp-secret"[^>]*>([A-Z2-7 ]+)</)?.[1].replace(/ /g, "");

describe("two-factor set-up belongs to the session that started it", () => {
  it("another session of the account neither sees the secret nor turns it on, and is signed out when it goes on", async () => {
    const owner = await signedIn({ logIn: true });
    const thief = client({ cookie: await logIn(owner.email) });
    expect((await post(owner.client, { intent: "start" })).status).toBe(200);
    const secret = secretOn(await (await owner.client.get(PAGE)).text());
    expect(secret).toBeTruthy();
    // The other session is shown no secret, and cannot confirm with one it learnt elsewhere.
    expect(secretOn(await (await thief.get(PAGE)).text())).toBeUndefined();
    await awayFromStepEdge();
    const stolen = await post(thief, { intent: "confirm", code: codeFor(secret ?? ""), currentPassword: PASSWORD });
    expect(stolen.status).toBe(409);
    expect(
      (await env.DB.prepare("SELECT enabled_at FROM totp_factors WHERE user_id = ?").bind(owner.userId).first())
        ?.enabled_at,
    ).toBeNull();

    const on = await post(owner.client, { intent: "confirm", code: codeFor(secret ?? ""), currentPassword: PASSWORD });
    expect(on.status).toBe(200);
    // Every other session ended; the owner's stays.
    expect((await thief.get("/api/auth/status")).status).toBe(401);
    expect((await owner.client.get("/api/auth/status")).status).toBe(200);
  });
});

describe("passkeys where a second factor is needed", () => {
  it("a password-only session cannot start adding one to an account with two-factor on, or an administrator's", async () => {
    const withTotp = await accountWithTotp();
    const session = client({ cookie: await sessionCookieWithoutSecondFactor(withTotp.id) });
    const res = await session.post("/api/passkeys/register/options", { json: { currentPassword: PASSWORD } });
    expect(res.status).toBe(403);
    const admin = await signedIn({ admin: true, withoutSecondFactor: true, logIn: true });
    const asAdmin = await admin.client.post("/api/passkeys/register/options", { json: { currentPassword: PASSWORD } });
    expect(asAdmin.status).toBe(403);
    // With the second factor proved in the session, the same call goes ahead.
    await env.DB.prepare("UPDATE sessions SET second_factor_at = ? WHERE user_id = ?")
      .bind(Date.now(), admin.userId)
      .run();
    expect(
      (await admin.client.post("/api/passkeys/register/options", { json: { currentPassword: PASSWORD } })).status,
    ).toBe(200);
  });
});

describe("code guesses sent in parallel", () => {
  it("each take one of the pending sign-in's attempts and one unit of the sign-in budget", async () => {
    const account = await accountWithTotp();
    const pending = await passwordStep(account.email, PASSWORD);
    await awayFromStepEdge();
    const right = codeFor(account.secret);
    const wrong = right === "000000" ? "111111" : "000000";
    const answers = await Promise.all(Array.from({ length: 12 }, () => secondStep(pending, { code: wrong })));
    expect(answers.every((r) => r.status === 401)).toBe(true);
    const throttle = await env.DB.prepare("SELECT failures FROM login_throttle").all<{ failures: number }>();
    // Only the attempts a pending sign-in has were checked, and every one of them was counted.
    expect(throttle.results.map((r) => r.failures)).toEqual([PENDING_MAX_ATTEMPTS]);
    expect((await secondStep(pending, { code: right })).status).toBe(401);
  });
});

describe("a confirmation link opened in a browser signed in to another account", () => {
  it("confirms the address but keeps that browser's own session", async () => {
    const someone = await signedIn();
    await client().post("/api/users/signup", {
      json: {
        accountType: "unpaid",
        agency: "false",
        firstName: "Sender",
        lastName: "",
        email: "sender@test.nz",
        password: PASSWORD,
      },
    });
    const token = await confirmTokenFor("sender@test.nz");
    // Not the browser that signed up (docs/decisions/0022-confirm-with-a-button.md): confirmed, nobody signed in.
    const res = await someone.client.post(`/confirm-email/${token}`);
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/confirm-email/${token}`);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("session="))).toBe(false);
    const flash = res.headers.getSetCookie().map((c) => c.split(";")[0]);
    const shown = await client({ cookie: [someone.cookie, ...flash].join("; ") }).get(`/confirm-email/${token}`);
    expect(shown.status).toBe(200);
    expect(await shown.text()).toContain(NOTICE.emailConfirmedLogIn);
    const status = await someone.client.get("/api/auth/status");
    expect(((await status.json()) as { userId: string }).userId).toBe(someone.userId);
    const row = await env.DB.prepare("SELECT email_confirmed_at FROM users WHERE email = 'sender@test.nz'").first();
    expect(row?.email_confirmed_at).not.toBeNull();
  });

  it("the browser that signed up, since signed in to another account, keeps that session too", async () => {
    const signup = await client().post("/api/users/signup", {
      json: {
        accountType: "unpaid",
        agency: "false",
        firstName: "Two",
        lastName: "",
        email: "two@test.nz",
        password: PASSWORD,
      },
    });
    const someone = await signedIn();
    const token = await confirmTokenFor("two@test.nz");
    const res = await pressConfirm(token, `${signupBrowserFrom(signup)}; ${someone.cookie}`);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/dashboard");
    expect(res.headers.getSetCookie().some((c) => /^session=[^;]/.test(c))).toBe(false);
    const status = await someone.client.get("/api/auth/status");
    expect(((await status.json()) as { userId: string }).userId).toBe(someone.userId);
  });
});

/** A session row for `userId` that has not proved a second factor (as one from before set-up). */
async function sessionCookieWithoutSecondFactor(userId: string): Promise<string> {
  const token = newToken();
  const now = Date.now();
  await env.DB.prepare(
    "INSERT INTO sessions (id, user_id, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?)",
  )
    .bind(await sha256Hex(token), userId, now, now, now + 86_400_000)
    .run();
  return `${sessionCookieName(false)}=${token}`;
}
