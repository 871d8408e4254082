// Password reset: the request reveals nothing, tokens are hashed, expire, work once, and a reset ends
// every session of the account. Mail goes to the dev outbox.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "~/platform/http/token-cookie.server";
import { newToken } from "~/platform/data/ids";
import { MSG } from "~/features/accounts/auth-schemas";
import { count, createAccount, PASSWORD, resetTokenFor, waitForMail } from "./auth-fixtures";
import { client, logIn, sessionCookieFrom } from "./client";
import { backgroundWorkDone, sleep } from "./background";

const SENT = "If an account exists with this email, you will receive reset instructions shortly.";

describe("reset request", () => {
  it("answers the same for known and unknown e-mails, and mails only the account's owner", async () => {
    const { email } = await createAccount();
    const known = await client().post("/login?action=reset", { form: { intent: "reset", email } });
    const unknown = await client().post("/login?action=reset", { form: { intent: "reset", email: "nobody@test.nz" } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const [a, b] = [await known.text(), await unknown.text()];
    expect(a).toContain(SENT);
    expect(b).toContain(SENT);
    const mail = await waitForMail(email, "Reset your");
    expect(mail.text_body).toMatch(/http:\/\/localhost\/reset-password\/[A-Za-z0-9_-]{43}/);
    await backgroundWorkDone();
    expect(await count("dev_outbox", "to_address = ?", "nobody@test.nz")).toBe(0);
    expect(await count("password_resets")).toBe(1);

    const api = await client().post("/api/auth/request-password-reset", { json: { email: "nobody@test.nz" } });
    expect(api.status).toBe(200);
    expect(await api.json()).toEqual({ message: SENT });
  });

  it("stores only the token's hash, valid for an hour", async () => {
    const { email } = await createAccount();
    await client().post("/api/auth/request-password-reset", { json: { email } });
    const token = await resetTokenFor(email);
    const row = await env.DB.prepare("SELECT * FROM password_resets").first<{
      token_hash: string;
      created_at: number;
      expires_at: number;
    }>();
    expect(row!.token_hash).toBe(await sha256Hex(token));
    expect(row!.expires_at - row!.created_at).toBe(60 * 60_000);
  });

  it("needs an e-mail", async () => {
    const res = await client().post("/login?action=reset", { form: { intent: "reset", email: "" } });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Please enter your email address");
    expect(await count("password_resets")).toBe(0);
  });

  it("caps reset mails per account per hour", async () => {
    const { email } = await createAccount();
    for (let i = 0; i < 7; i++) await client().post("/api/auth/request-password-reset", { json: { email } });
    expect(await count("password_resets")).toBe(5);
  });
});

describe("new password page", () => {
  async function tokenFor(email: string) {
    await client().post("/api/auth/request-password-reset", { json: { email } });
    return resetTokenFor(email);
  }

  it("shows the form at /reset-password/{token} and /login/{token}, and an error for a bad token", async () => {
    const { email } = await createAccount();
    const token = await tokenFor(email);
    for (const path of [`/reset-password/${token}`, `/login/${token}`]) {
      const res = await client().get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get("Cache-Control")).toBe("no-store");
      const html = await res.text();
      expect(html).toContain("Set a New Password");
      expect(html).toContain("New Password");
      expect(html).toContain("Confirm New Password");
    }
    const bad = await (await client().get(`/reset-password/${newToken()}`)).text();
    expect(bad).toContain("This password reset link is invalid");
    expect(bad).not.toContain("Confirm New Password");
    // Opening the link does not spend it.
    expect(await count("password_resets", "used_at IS NULL")).toBe(1);
  });

  it("checks the match first, then the length", async () => {
    const { email } = await createAccount();
    const token = await tokenFor(email);
    const cases: [Record<string, string>, string][] = [
      [{ password: "short", confirmPassword: "different" }, "Passwords do not match"],
      [{ password: "short", confirmPassword: "short" }, "Password must be at least 8 characters long"],
      [{ password: "x".repeat(129), confirmPassword: "x".repeat(129) }, "Password must be at most 128 characters long"],
    ];
    for (const [fields, message] of cases) {
      const res = await client().post(`/reset-password/${token}`, { form: fields });
      expect(res.status, message).toBe(400);
      expect(await res.text()).toContain(message);
    }
    expect(await count("password_resets", "used_at IS NULL")).toBe(1);
  });

  it("sets the password, ends every session, and refuses the link a second time", async () => {
    const { email, id } = await createAccount();
    const phone = await logIn(email);
    const laptop = await logIn(email);
    const token = await tokenFor(email);
    const newPassword = "brand new secret";

    const res = await client().post(`/reset-password/${token}`, {
      form: { password: newPassword, confirmPassword: newPassword },
    });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Password reset successful! Redirecting to login...");
    // Works without JavaScript: the browser follows the refresh to /login after 3 s.
    expect(html).toMatch(/<noscript><meta http-equiv="refresh" content="3;url=\/login"\/?><\/noscript>/);

    expect(await count("sessions", "user_id = ?", id)).toBe(0);
    for (const cookie of [phone, laptop]) expect((await client({ cookie }).get("/api/auth/status")).status).toBe(401);
    // A browser still signed in is told its password was changed, not that its session expired.
    const back = await client({ cookie: phone }).get("/dashboard");
    expect(back.headers.get("Location")).toBe("/login?sessionExpired=password&redirectTo=%2Fdashboard");
    const told = await (await client().get(back.headers.get("Location")!)).text();
    expect(told.replaceAll("&#x27;", "'")).toContain(MSG.signedOutByPasswordChange);
    expect(told).not.toContain(MSG.sessionExpired);
    await waitForMail(email, "password was changed");

    const again = await client().post(`/reset-password/${token}`, {
      form: { password: "another secret", confirmPassword: "another secret" },
    });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("This password reset link is invalid");

    expect((await client().post("/api/auth/login", { json: { email, password: PASSWORD } })).status).toBe(401);
    const ok = await client().post("/api/auth/login", { json: { email, password: newPassword } });
    expect(ok.status).toBe(200);
    expect(sessionCookieFrom(ok)).not.toBeNull();
  });

  it("refuses an expired token", async () => {
    const { email } = await createAccount();
    const token = await tokenFor(email);
    await env.DB.prepare("UPDATE password_resets SET expires_at = ?")
      .bind(Date.now() - 1)
      .run();
    const page = await (await client().get(`/login/${token}`)).text();
    expect(page).toContain("This password reset link is invalid");
    const res = await client().post(`/api/auth/reset-password/${token}`, { json: { newPassword: "brand new secret" } });
    expect(res.status).toBe(400);
    expect((await res.json()) as object).toHaveProperty("error");
  });

  it("using one link voids the account's other links", async () => {
    const { email } = await createAccount();
    const first = await tokenFor(email);
    await sleep(5);
    await client().post("/api/auth/request-password-reset", { json: { email } });
    await backgroundWorkDone();
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM password_resets").first<{ n: number }>();
    expect(rows!.n).toBe(2);
    const ok = await client().post(`/api/auth/reset-password/${first}`, { json: { newPassword: "brand new secret" } });
    expect(ok.status).toBe(200);
    expect(await count("password_resets", "used_at IS NULL")).toBe(0);
  });

  it("the JSON reset call validates its one field", async () => {
    const { email } = await createAccount();
    const token = await tokenFor(email);
    for (const body of [
      {},
      { newPassword: 12345678 },
      { newPassword: "short" },
      { newPassword: "x".repeat(10_000) },
      "{oops",
    ]) {
      const res = await client().post(`/api/auth/reset-password/${token}`, { json: body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toHaveProperty("error");
    }
    expect(await count("password_resets", "used_at IS NULL")).toBe(1);
  });
});

describe("dev outbox", () => {
  it("lists mails newest first with clickable links", async () => {
    const { email } = await createAccount();
    await client().post("/api/auth/request-password-reset", { json: { email } });
    const token = await resetTokenFor(email);
    await env.DB.prepare(
      "INSERT INTO dev_outbox (id, to_address, subject, text_body, html_body, created_at) VALUES ('old', 'x@test.nz', 'Older message', 'hi', '', 1)",
    ).run();
    const html = await (await client().get("/dev/outbox")).text();
    expect(html).toContain(`href="http://localhost/reset-password/${token}"`);
    expect(html.indexOf("Reset your")).toBeLessThan(html.indexOf("Older message"));
  });
});
