// Sessions: login through the page and the API, fixation, logout, expiry, protected routes, the header.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { TOUCH_INTERVAL_MS } from "~/features/accounts/auth-session";
import { getSessionUser } from "~/features/accounts/auth.server";
import { sha256Hex } from "~/platform/http/token-cookie.server";
import { count, createAccount, PASSWORD } from "./auth-fixtures";
import { clearsSessionCookie, client, logIn, sessionCookieFrom, signedIn } from "./client";

const tokenOf = (cookie: string) => cookie.slice("session=".length);

describe("login page", () => {
  it("logs in, sets a hardened cookie, stores only the token's hash, and goes to /dashboard", async () => {
    const { email, id } = await createAccount();
    const res = await client().post("/login", { form: { intent: "login", email, password: PASSWORD } });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/dashboard");
    // Remix's replace(): the client router replaces the login entry in history.
    expect(res.headers.get("X-Remix-Replace")).toBe("true");
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith("session=")) ?? "";
    expect(setCookie).toMatch(/^session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+$/);
    // Local development (APP_ENV=development) is plain http: no Secure flag there, and only there.
    expect(setCookie).not.toContain("Secure");
    const token = tokenOf(sessionCookieFrom(res)!);
    const rows = await env.DB.prepare("SELECT id, user_id FROM sessions").all<{ id: string; user_id: string }>();
    expect(rows.results).toEqual([{ id: await sha256Hex(token), user_id: id }]);
    expect(JSON.stringify(rows.results)).not.toContain(token);
  });

  it("returns to a same-site redirectTo and refuses other origins", async () => {
    const { email } = await createAccount();
    const ok = await client().post("/login?redirectTo=%2Fverification%3Fx%3D1", {
      form: { intent: "login", email, password: PASSWORD },
    });
    expect(ok.headers.get("Location")).toBe("/verification?x=1");
    for (const evil of [
      "//evil.example/x",
      "https://evil.example/",
      "/\\evil.example",
      "/\t/evil.example",
      "javascript:alert(1)",
    ]) {
      const res = await client().post("/login", {
        form: { intent: "login", email, password: PASSWORD, redirectTo: evil },
      });
      expect(res.headers.get("Location"), evil).toBe("/dashboard");
    }
  });

  it("shows the spec's messages in the red box", async () => {
    const { email } = await createAccount();
    const cases: [Record<string, string>, string, number][] = [
      [{ intent: "login", email: "", password: "" }, "Email and password are required", 400],
      [{ intent: "login", email, password: "" }, "Email and password are required", 400],
      [{ intent: "login", email, password: "wrong password" }, "Invalid email or password", 401],
      [{ intent: "login", email: "nobody@test.nz", password: PASSWORD }, "Invalid email or password", 401],
      [{ intent: "login", email: "not-an-email", password: PASSWORD }, "Please enter a valid email address", 400],
    ];
    for (const [fields, message, status] of cases) {
      const res = await client().post("/login", { form: fields });
      expect(res.status, message).toBe(status);
      expect(sessionCookieFrom(res)).toBeNull();
      const html = await res.text();
      expect(html).toContain('data-testid="auth-error"');
      expect(html).toContain(message);
    }
    expect(await count("sessions")).toBe(0);
  });

  it("renders every mode with its texts", async () => {
    const login = await (await client().get("/login")).text();
    for (const t of [
      "Welcome Back",
      "Please log in to your account.",
      "Need an account? Sign Up",
      "Forgot your password?",
    ])
      expect(login).toContain(t);
    const signup = await (await client().get("/login?action=signup")).text();
    for (const t of [
      "Create an Account",
      "Join the #1 platform in New Zealand.",
      "Already have an account? Login",
      "Independent",
      "Agency",
      "First Name",
    ]) {
      expect(signup).toContain(t);
    }
    const reset = await (await client().get("/login?action=reset")).text();
    for (const t of ["Reset Password", "Enter your email to receive a reset link.", "Back to Login"])
      expect(reset).toContain(t);
    const expired = await (await client().get("/login?sessionExpired=true")).text();
    expect(expired).toContain("Your session has expired. Please log in again.");
    expect(login).not.toContain("Your session has expired");
  });
});

describe("sessions", () => {
  it("issues a new session id at every login and drops the one the browser came with (no fixation)", async () => {
    const { email } = await createAccount();
    const first = await logIn(email);
    const res = await client({ cookie: first }).post("/login", {
      form: { intent: "login", email, password: PASSWORD },
    });
    const second = sessionCookieFrom(res);
    expect(second).not.toBeNull();
    expect(second).not.toBe(first);
    expect(await count("sessions")).toBe(1);
    expect((await client({ cookie: first }).get("/api/auth/status")).status).toBe(401);
    expect((await client({ cookie: second }).get("/api/auth/status")).status).toBe(200);
  });

  it("a planted cookie that names no session is never adopted", async () => {
    const { email } = await createAccount();
    const planted = `session=${"a".repeat(43)}`;
    const res = await client({ cookie: planted }).post("/api/auth/login", { json: { email, password: PASSWORD } });
    expect(sessionCookieFrom(res)).not.toBe(planted);
    expect(await count("sessions", "id = ?", await sha256Hex("a".repeat(43)))).toBe(0);
  });

  it("Sign Out (POST /logout) deletes the session row and goes to /login", async () => {
    const { email } = await createAccount();
    const cookie = await logIn(email);
    const res = await client({ cookie }).post("/logout", { form: {} });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login");
    expect(clearsSessionCookie(res)).toBe(true);
    expect(await count("sessions")).toBe(0);
    const after = await client({ cookie }).get("/dashboard");
    expect(after.headers.get("Location")).toBe("/login?sessionExpired=true&redirectTo=%2Fdashboard");
  });

  it("GET /logout does not log anyone out", async () => {
    const { email } = await createAccount();
    const cookie = await logIn(email);
    const res = await client({ cookie }).get("/logout");
    expect(res.status).toBe(302);
    expect(await count("sessions")).toBe(1);
  });

  it("POST /api/auth/logout revokes the session too", async () => {
    const { email } = await createAccount();
    const cookie = await logIn(email);
    const res = await client({ cookie }).post("/api/auth/logout", { json: {} });
    expect(res.status).toBe(200);
    expect(clearsSessionCookie(res)).toBe(true);
    expect(await count("sessions")).toBe(0);
    expect((await client({ cookie }).get("/api/auth/status")).status).toBe(401);
  });

  it("expires after a week idle and after 30 days whatever happens", async () => {
    const { email } = await createAccount();
    const day = 24 * 60 * 60_000;
    const idle = await logIn(email);
    await env.DB.prepare("UPDATE sessions SET last_seen_at = ?")
      .bind(Date.now() - 8 * day)
      .run();
    const res = await client({ cookie: idle }).get("/dashboard");
    expect(res.headers.get("Location")).toBe("/login?sessionExpired=true&redirectTo=%2Fdashboard");
    expect(clearsSessionCookie(res)).toBe(true);
    expect(await count("sessions")).toBe(0);

    const old = await logIn(email);
    await env.DB.prepare("UPDATE sessions SET expires_at = ?")
      .bind(Date.now() - 1)
      .run();
    expect((await client({ cookie: old }).get("/dashboard")).headers.get("Location")).toContain("sessionExpired=true");
  });

  it("slides: last_seen is refreshed, but at most every few minutes", async () => {
    const { email } = await createAccount();
    const cookie = await logIn(email);
    const seen = () =>
      env.DB.prepare("SELECT last_seen_at AS t FROM sessions")
        .first<{ t: number }>()
        .then((r) => r!.t);
    const fresh = Date.now() - 60_000;
    await env.DB.prepare("UPDATE sessions SET last_seen_at = ?").bind(fresh).run();
    await client({ cookie }).get("/dashboard");
    expect(await seen()).toBe(fresh);
    const stale = Date.now() - TOUCH_INTERVAL_MS - 1000;
    await env.DB.prepare("UPDATE sessions SET last_seen_at = ?").bind(stale).run();
    await client({ cookie }).get("/dashboard");
    expect(await seen()).toBeGreaterThan(Date.now() - 10_000);
  });
});

describe("protected routes", () => {
  it("sends anonymous visitors to /login with the path they wanted", async () => {
    const res = await client().get("/dashboard?tab=listings");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login?redirectTo=%2Fdashboard%3Ftab%3Dlistings");
    expect(clearsSessionCookie(res)).toBe(false);
  });

  it("a garbled session cookie counts as an expired session", async () => {
    const res = await client({ cookie: "session=garbage" }).get("/dashboard");
    expect(res.headers.get("Location")).toBe("/login?sessionExpired=true&redirectTo=%2Fdashboard");
    expect(clearsSessionCookie(res)).toBe(true);
  });

  it("shows the dashboard to its owner, and /Dashboard redirects to /dashboard", async () => {
    const { email } = await createAccount({ firstName: "Mere" });
    const cookie = await logIn(email);
    const res = await client({ cookie }).get("/dashboard");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const html = await res.text();
    expect(html).toContain("Dashboard");
    expect(html).toContain("Mere");
    expect(html).toContain("Sign Out");
    const upper = await client({ cookie }).get("/Dashboard");
    expect([301, 302]).toContain(upper.status);
    expect(upper.headers.get("Location")).toBe("/dashboard");
  });

  it("redirects client-side data requests too (single fetch)", async () => {
    const res = await client().get("/dashboard.data");
    const body = await res.text();
    // Single fetch encodes the redirect in the payload rather than as an HTTP redirect.
    expect(res.status === 202 || res.status === 302 || res.status === 204).toBe(true);
    expect(body + (res.headers.get("X-Remix-Redirect") ?? "")).toContain("/login?redirectTo=%2Fdashboard");
  });
});

describe("header and root data", () => {
  it("shows Add Your Listing to visitors and Dashboard plus the account menu to a signed-in user", async () => {
    const anon = await (await client().get("/")).text();
    expect(anon).toContain("Add Your Listing");
    expect(anon).not.toContain('data-testid="account-menu"');

    const { email } = await createAccount({ firstName: "Tui" });
    const cookie = await logIn(email);
    const html = await (await client({ cookie }).get("/")).text();
    expect(html).toContain('data-testid="account-menu"');
    expect(html).toContain("Sign Out");
    expect(html).toContain('href="/dashboard"');
    expect(html).not.toContain("Add Your Listing");
    // The root loader's data is in the page: it must hold neither the e-mail nor the hash.
    expect(html).not.toContain(email);
    expect(html).not.toContain("pbkdf2");
  });
});

describe("one session lookup per request", () => {
  // Remix gives each loader its own copy of the Request: the root loader and the page's loader share their
  // lookup through the load context they both get.
  it("loaders passing the same load context share one lookup; other requests read afresh", async () => {
    const { cookie, userId } = await signedIn();
    const context = {};
    const copy = () => new Request("http://localhost/", { headers: { Cookie: cookie } });
    expect((await getSessionUser(copy(), env, context))?.id).toBe(userId);
    // Signed out meanwhile: the same request's second loader still sees who the first one saw ...
    await env.DB.prepare("DELETE FROM sessions WHERE user_id = ?").bind(userId).run();
    expect((await getSessionUser(copy(), env, context))?.id).toBe(userId);
    // ... and every other request, with its own context, reads the sessions table again.
    expect(await getSessionUser(copy(), env, {})).toBeNull();
    expect(await getSessionUser(copy(), env)).toBeNull();
  });
});
