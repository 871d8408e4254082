// The per-account sign-in budget beside the per-address limit (docs/accounts.md): 5 failures in 15 minutes,
// then growing delays, the same for a registered and an unknown address; one e-mail to the owner; a reset
// is never blocked and lifts the delays. Each request comes from a fresh address, as a distributed guesser's
// would, so the per-address limit never answers first.
import { describe, expect, it, vi } from "vitest";
import { count, createAccount, PASSWORD, resetTokenFor, waitForMail } from "./auth-fixtures";
import { client } from "./client";
import { backgroundWorkDone } from "./background";

async function attempt(email: string, password = "wrong password") {
  const res = await client().post("/api/auth/login", { json: { email, password } });
  // The session cookie only: a sign-in also carries the D1 bookmark cookie (decision 0014), which signs no one in.
  const sessions = res.headers.getSetCookie().filter((c) => /^(__Host-)?session=/.test(c));
  return { status: res.status, body: await res.json(), cookies: sessions.length };
}

describe("the per-account budget", () => {
  it("trips after 5 failures for a known and an unknown address alike, with the same answer", async () => {
    await createAccount({ email: "known@test.nz" });
    const seen: Record<string, { status: number; body: unknown; cookies: number }[]> = {};
    for (const email of ["known@test.nz", "nobody@test.nz"]) {
      seen[email] = [];
      for (let i = 0; i < 6; i++) seen[email].push(await attempt(email));
    }
    expect(seen["known@test.nz"].map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 429]);
    expect(seen["nobody@test.nz"]).toEqual(seen["known@test.nz"]);
    // While the delay runs, even the right password waits: the guesser learns nothing from it.
    const right = await attempt("known@test.nz", PASSWORD);
    expect(right).toEqual(seen["nobody@test.nz"][5]);
  });

  it("tells the owner once, and nobody for an unknown address", async () => {
    await createAccount({ email: "owner@test.nz" });
    for (let i = 0; i < 7; i++) await attempt("owner@test.nz");
    for (let i = 0; i < 7; i++) await attempt("ghost@test.nz");
    await waitForMail("owner@test.nz", "Several failed sign-ins");
    await backgroundWorkDone();
    expect(await count("dev_outbox", "to_address = ? AND subject LIKE ?", "owner@test.nz", "Several failed%")).toBe(1);
    expect(await count("dev_outbox", "to_address = ?", "ghost@test.nz")).toBe(0);
  });

  it("never blocks a password reset, and the reset lifts the delay at once", async () => {
    await createAccount({ email: "locked@test.nz" });
    for (let i = 0; i < 6; i++) await attempt("locked@test.nz");
    expect((await attempt("locked@test.nz", PASSWORD)).status).toBe(429);
    const asked = await client().post("/api/auth/request-password-reset", { json: { email: "locked@test.nz" } });
    expect(asked.status).toBe(200);
    const token = await resetTokenFor("locked@test.nz");
    const reset = await client().post(`/api/auth/reset-password/${token}`, {
      json: { newPassword: "a fresh start 2026" },
    });
    expect(reset.status).toBe(200);
    const after = await attempt("locked@test.nz", "a fresh start 2026");
    expect(after.status).toBe(200);
    expect(after.cookies).toBe(1);
  });

  it("a successful sign-in before the limit clears the count", async () => {
    await createAccount({ email: "typo@test.nz" });
    for (let i = 0; i < 4; i++) await attempt("typo@test.nz");
    expect((await attempt("typo@test.nz", PASSWORD)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await attempt("typo@test.nz")).status).toBe(401);
  });
});

describe("the owner's e-mail", () => {
  it("goes out after the answer: the failure that trips the budget does not wait for the mail service", async () => {
    const { env } = await import("cloudflare:test");
    const { login } = await import("~/features/accounts/sign-in/login.server");
    const { AuthError } = await import("~/features/accounts/auth-errors");
    await createAccount({ email: "slow-mail@test.nz" });
    // A production mail service that answers only when the test lets it: a sign-in that waited for the mail
    // would be slower for an address with an account, and tell the guesser so.
    let release = () => {};
    const held = new Promise<void>((done) => (release = done));
    const sent: string[] = [];
    const mailService = vi.spyOn(globalThis, "fetch").mockImplementation(async (_input, init) => {
      sent.push(String(init?.body));
      await held;
      return Response.json({ id: "sent" });
    });
    const production = {
      ...env,
      APP_ENV: "production",
      SITE_ORIGIN: "https://kiwi.example",
      EMAIL_API_URL: "https://mail.example/emails",
      EMAIL_API_KEY: "test-key",
      EMAIL_FROM: "Kiwi Companions <no-reply@kiwi.example>",
    };
    const later: Promise<unknown>[] = [];
    const attempt = (email: string) =>
      login(
        new Request("https://kiwi.example/api/auth/login", { method: "POST" }),
        production,
        { email, password: "wrong password" },
        { waitUntil: (work) => later.push(work) },
      ).then(
        () => "signed in",
        (error: unknown) => (error instanceof AuthError ? error.status : String(error)),
      );
    const tooSlow = () => new Promise((done) => setTimeout(() => done("waited for the mail"), 3_000));
    try {
      for (const email of ["slow-mail@test.nz", "nobody-slow@test.nz"]) {
        const outcomes = [];
        for (let i = 0; i < 5; i++) outcomes.push(await Promise.race([attempt(email), tooSlow()]));
        expect(outcomes, email).toEqual([401, 401, 401, 401, 401]);
      }
      release();
      await Promise.all(later);
      expect(sent).toHaveLength(1);
      expect(JSON.parse(sent[0])).toMatchObject({
        to: ["slow-mail@test.nz"],
        subject: expect.stringMatching(/failed sign-ins/i),
      });
    } finally {
      release();
      mailService.mockRestore();
    }
  });
});

describe("the cron", () => {
  it("drops budgets whose window and delay are over, and keeps running ones", async () => {
    const { env } = await import("cloudflare:test");
    const { sweepLoginThrottle } = await import("~/features/accounts/sign-in/login-throttle.server");
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO login_throttle VALUES ('spent', 9, ?, ?)").bind(now - 20 * 60_000, now - 1),
      env.DB.prepare("INSERT INTO login_throttle VALUES ('blocked', 9, ?, ?)").bind(now - 20 * 60_000, now + 60_000),
      env.DB.prepare("INSERT INTO login_throttle VALUES ('recent', 2, ?, 0)").bind(now - 60_000),
    ]);
    await sweepLoginThrottle(env, now);
    const { results } = await env.DB.prepare("SELECT key FROM login_throttle ORDER BY key").all<{ key: string }>();
    expect(results.map((r) => r.key)).toEqual(["blocked", "recent"]);
  });
});
