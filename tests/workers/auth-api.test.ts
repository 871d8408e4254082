// The JSON API (spec §7), sign-up through the page and the API (confirmed by e-mail: decision 0010, with
// its own tests in email-confirmation.test.ts), bad input, access between accounts, rate limiting and
// cross-site refusal.
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { MSG } from "~/features/accounts/auth-schemas";
import { PBKDF2_ITERATIONS } from "~/features/accounts/password.server";
import {
  confirmTokenFor,
  count,
  createAccount,
  PASSWORD,
  pressConfirm,
  signupBrowserFrom,
  waitForMail,
} from "./auth-fixtures";
import { client, freshIp, inOneLimiterWindow, logIn, sessionCookieFrom } from "./client";

const signupBody = (o: Record<string, unknown> = {}) => ({
  accountType: "unpaid",
  agency: "false",
  firstName: "Hana",
  lastName: "",
  email: "hana@test.nz",
  password: PASSWORD,
  ...o,
});

describe("status and login", () => {
  it("GET /api/auth/status is 401 {error} when signed out and the user object when signed in", async () => {
    const anon = await client().get("/api/auth/status");
    expect(anon.status).toBe(401);
    expect(await anon.json()).toEqual({ error: "Not authenticated" });

    const { email, id } = await createAccount({ firstName: "Kiri", agency: true });
    const login = await client().post("/api/auth/login", { json: { email: email.toUpperCase(), password: PASSWORD } });
    expect(login.status).toBe(200);
    expect(login.headers.get("Cache-Control")).toBe("no-store");
    const user = await login.json();
    expect(user).toEqual({
      userId: id,
      email,
      firstName: "Kiri",
      accountType: "unpaid",
      agency: "true",
      isAdmin: false,
    });

    const status = await client({ cookie: sessionCookieFrom(login) }).get("/api/auth/status");
    expect(status.status).toBe(200);
    expect(await status.json()).toEqual(user);
  });

  it("accepts a form body too", async () => {
    const { email } = await createAccount();
    const res = await client().post("/api/auth/login", { form: { email, password: PASSWORD } });
    expect(res.status).toBe(200);
    expect(sessionCookieFrom(res)).not.toBeNull();
  });

  it("answers 'Invalid email or password' for a wrong password and an unknown e-mail alike", async () => {
    const { email } = await createAccount();
    for (const body of [
      { email, password: "not the password" },
      { email: "ghost@test.nz", password: PASSWORD },
    ]) {
      const res = await client().post("/api/auth/login", { json: body });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: "Invalid email or password" });
    }
  });

  it("an unknown e-mail costs a full PBKDF2 like a known one", async () => {
    const { email } = await createAccount();
    // Count the derivations and their rounds rather than time them: a timing comparison flaked on a
    // loaded machine, and the property that matters is that both paths do the same work.
    const spy = vi.spyOn(crypto.subtle, "deriveBits");
    const roundsFor = async (body: object) => {
      spy.mockClear();
      const res = await client().post("/api/auth/login", { json: body });
      expect(res.status).toBe(401);
      return spy.mock.calls.map(([params]) => (params as Pbkdf2Params).iterations);
    };
    try {
      const known = await roundsFor({ email, password: "wrong password" });
      const unknown = await roundsFor({ email: "ghost@test.nz", password: "wrong password" });
      expect(known.length).toBeGreaterThan(0);
      expect(known.every((rounds) => rounds === PBKDF2_ITERATIONS)).toBe(true);
      expect(unknown).toEqual(known);
    } finally {
      spy.mockRestore();
    }
  });
});

describe("sign-up", () => {
  it("creates an unconfirmed 'unpaid' account whatever accountType says; its link signs in", async () => {
    const res = await client().post("/api/users/signup", {
      json: signupBody({ accountType: "admin", agency: "true" }),
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ message: MSG.signupCheckInbox });
    expect(sessionCookieFrom(res)).toBeNull();
    const row = await env.DB.prepare("SELECT * FROM users WHERE email = ?")
      .bind("hana@test.nz")
      .first<Record<string, unknown>>();
    expect(row).toMatchObject({
      account_type: "unpaid",
      agency: 1,
      first_name: "Hana",
      last_name: "",
      email_confirmed_at: null,
    });
    expect(String(row!.password_hash)).toMatch(/^pbkdf2-sha256\$100000\$/);

    const confirmed = await pressConfirm(await confirmTokenFor("hana@test.nz"), signupBrowserFrom(res));
    const status = await client({ cookie: sessionCookieFrom(confirmed) }).get("/api/auth/status");
    expect(await status.json()).toEqual({
      userId: row!.id,
      email: "hana@test.nz",
      firstName: "Hana",
      accountType: "unpaid",
      agency: "true",
      isAdmin: false,
    });
  });

  it("through the page: validates with the spec's messages, then asks to confirm the address", async () => {
    const base = { intent: "signup", firstName: "Hana", email: "page@test.nz", password: PASSWORD, agency: "false" };
    const cases: [Record<string, string>, string][] = [
      [{ ...base, email: "", password: "" }, "Email and password are required"],
      [{ ...base, agency: "" }, "Please select if you are an Independent or an Agency."],
      [{ ...base, firstName: "  " }, "First name is required"],
      [{ ...base, password: "1234567" }, "Password must be at least 8 characters long"],
      [{ ...base, password: "x".repeat(129) }, "Password must be at most 128 characters long"],
      [{ ...base, email: "page@" }, "Please enter a valid email address"],
    ];
    for (const [fields, message] of cases) {
      const res = await client().post("/login?action=signup", { form: fields });
      expect(res.status, message).toBe(400);
      expect(await res.text()).toContain(message);
    }
    expect(await count("users")).toBe(0);

    // An empty sign-up: each field's own message beside it, not one box for them all.
    const empty = await client().post("/login?action=signup", { form: { intent: "signup" } });
    expect(empty.status).toBe(400);
    const emptyHtml = await empty.text();
    for (const [field, message] of [
      ["firstName", "First name is required"],
      ["email", "Email and password are required"],
      ["password", "Email and password are required"],
      ["agency", "Please select if you are an Independent or an Agency."],
    ])
      expect(emptyHtml, field).toMatch(new RegExp(`id="auth-signup-${field}-error"[^>]*>.*?${message}`, "s"));

    const ok = await client().post("/login?action=signup&redirectTo=%2Fprofile%2Fnew", { form: base });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain(MSG.signupCheckInbox);
    expect(sessionCookieFrom(ok)).toBeNull();
    expect(
      await count(
        "users",
        "email = 'page@test.nz' AND account_type = 'unpaid' AND agency = 0 AND email_confirmed_at IS NULL",
      ),
    ).toBe(1);
    const confirmed = await pressConfirm(await confirmTokenFor("page@test.nz"), signupBrowserFrom(ok));
    // Two-factor is offered first (decision 0056), then the sign-up goes on to its first listing.
    expect(confirmed.headers.get("Location")).toBe("/account/secure?redirectTo=%2Fprofile%2Fnew");
    expect(sessionCookieFrom(confirmed)).not.toBeNull();
  });

  it("an e-mail that has an account gets the same answer, no session, and its owner an e-mail", async () => {
    const { email } = await createAccount({ email: "taken@test.nz", firstName: "Owner" });
    const res = await client().post("/api/users/signup", {
      json: signupBody({ email: "Taken@test.nz", firstName: "Intruder" }),
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ message: MSG.signupCheckInbox });
    expect(sessionCookieFrom(res)).toBeNull();
    expect(await count("sessions")).toBe(0);
    expect(await count("users")).toBe(1);
    expect(await count("users", "first_name = 'Owner'")).toBe(1);
    const mail = await waitForMail(email, "tried to sign up");
    expect(mail.text_body).toContain("No new account was made");

    const page = await client().post("/login?action=signup", {
      form: { intent: "signup", firstName: "Intruder", email, password: PASSWORD, agency: "true" },
    });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(MSG.signupCheckInbox);
    expect(sessionCookieFrom(page)).toBeNull();
  });
});

describe("bad input is a 4xx and writes nothing", () => {
  const huge = "x".repeat(10_000);
  const cases: [string, unknown][] = [
    ["malformed JSON", '{"email": "a@b.nz", '],
    ["a JSON array", "[1, 2]"],
    ["JSON null", "null"],
    ["missing fields", {}],
    ["missing password", { email: "a@test.nz" }],
    ["e-mail of the wrong type", { email: 42, password: PASSWORD }],
    ["password of the wrong type", { email: "a@test.nz", password: ["x"] }],
    ["malformed e-mail", { email: "not-an-email", password: PASSWORD }],
    ["10,000-character e-mail", { email: `${huge}@test.nz`, password: PASSWORD }],
    ["10,000-character password", { email: "a@test.nz", password: huge }],
  ];

  it.each(cases)("login: %s", async (_name, body) => {
    const res = await client().post("/api/auth/login", { json: body });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await res.json()).toHaveProperty("error");
    expect(sessionCookieFrom(res)).toBeNull();
    expect(await count("sessions")).toBe(0);
  });

  const signupCases: [string, unknown][] = [
    ...cases,
    ["missing first name", signupBody({ firstName: undefined })],
    ["10,000-character first name", signupBody({ firstName: huge })],
    ["10,000-character last name", signupBody({ lastName: huge })],
    ["first name of the wrong type", signupBody({ firstName: { a: 1 } })],
    ["agency neither 'true' nor 'false'", signupBody({ agency: "maybe" })],
    ["missing agency", signupBody({ agency: undefined })],
    ["short password", signupBody({ password: "short" })],
    ["control characters in the name", signupBody({ firstName: "Ha\u0000na" })],
  ];

  it.each(signupCases)("sign-up: %s", async (_name, body) => {
    const res = await client().post("/api/users/signup", { json: body });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await res.json()).toHaveProperty("error");
    expect(await count("users")).toBe(0);
    expect(await count("sessions")).toBe(0);
  });

  it.each([
    ["missing e-mail", {}],
    ["e-mail of the wrong type", { email: true }],
    ["malformed e-mail", { email: "x@" }],
    ["10,000-character e-mail", { email: huge }],
    ["malformed JSON", "{"],
  ] as [string, unknown][])("reset request: %s", async (_name, body) => {
    await createAccount({ email: "x@test.nz" });
    const res = await client().post("/api/auth/request-password-reset", { json: body });
    expect(res.status).toBe(400);
    expect(await res.json()).toHaveProperty("error");
    expect(await count("password_resets")).toBe(0);
  });

  it("an oversized body is refused before it is read", async () => {
    const res = await client().post("/api/users/signup", { json: signupBody({ lastName: "y".repeat(40_000) }) });
    expect(res.status).toBe(413);
    expect(await count("users")).toBe(0);
  });

  it("GET on a POST-only endpoint is 405 JSON", async () => {
    const res = await client().get("/api/auth/login");
    expect(res.status).toBe(405);
    expect(await res.json()).toHaveProperty("error");
  });
});

describe("account records", () => {
  it("the owner reads their own; another user gets 403; an administrator may read any; anonymous 401", async () => {
    const owner = await createAccount({ agency: true });
    const other = await createAccount();
    const admin = await createAccount({ accountType: "admin" });
    const byOwner = client({ cookie: await logIn(owner.email) });

    const mine = await byOwner.get(`/api/userAccounts/${owner.id}`);
    expect(mine.status).toBe(200);
    const [record] = (await mine.json()) as Record<string, unknown>[];
    expect(record).toMatchObject({ userId: owner.id, agency: "true", accountType: "unpaid" });
    expect(record).not.toHaveProperty("passwordHash");
    const type = await byOwner.get(`/api/type/${owner.id}`);
    expect(await type.json()).toEqual([{ userId: owner.id, accountType: "unpaid" }]);

    for (const path of [
      `/api/userAccounts/${other.id}`,
      `/api/type/${other.id}`,
      "/api/userAccounts/doesnotexist0000",
    ]) {
      const res = await byOwner.get(path);
      expect(res.status, path).toBe(403);
      expect(await res.json()).toHaveProperty("error");
    }

    const byAdmin = client({ cookie: await logIn(admin.email) });
    // A password-only session has no administrator powers; the second factor opens them.
    expect((await byAdmin.get(`/api/userAccounts/${other.id}`)).status).toBe(403);
    await env.DB.prepare("UPDATE sessions SET second_factor_at = ? WHERE user_id = ?").bind(Date.now(), admin.id).run();
    const asAdmin = await byAdmin.get(`/api/userAccounts/${other.id}`);
    expect(asAdmin.status).toBe(200);
    expect(((await asAdmin.json()) as { agency: string }[])[0].agency).toBe("false");
    expect((await byAdmin.get("/api/userAccounts/doesnotexist0000")).status).toBe(404);

    const anon = await client().get(`/api/type/${owner.id}`);
    expect(anon.status).toBe(401);
    expect(await anon.json()).toEqual({ error: "Not authenticated" });
  });
});

describe("abuse control", () => {
  it("rate-limits login attempts per client address with a 429 and a clear message", async () => {
    await inOneLimiterWindow(async (ip) => {
      const oneAddress = client({ ip });
      let res: Response | null = null;
      for (let i = 0; i < 40; i++) {
        res = await oneAddress.post("/api/auth/login", { json: { email: "ghost@test.nz", password: "guess" } });
        if (res.status === 429) break;
      }
      expect(res!.status).toBe(429);
      expect(await res!.json()).toEqual({ error: "Too many attempts. Please wait a minute and try again." });
      // The page shares the budget, and another address is unaffected (asking about another account: this
      // one has spent its own per-account budget too, see login-throttle.test.ts).
      const page = await oneAddress.post("/login", {
        form: { intent: "login", email: "ghost@test.nz", password: "guess" },
      });
      expect(page.status).toBe(429);
      expect(await page.text()).toContain("Too many attempts");
    });
    expect(
      (await client().post("/api/auth/login", { json: { email: "other@test.nz", password: "guess" } })).status,
    ).toBe(401);
  }, 30_000);

  it("rate-limits sign-up and reset requests too", async () => {
    for (const [path, body] of [
      ["/api/users/signup", signupBody({ password: "short" })],
      ["/api/auth/request-password-reset", { email: "ghost@test.nz" }],
    ] as const) {
      const oneAddress = client({ ip: freshIp() });
      let status = 0;
      for (let i = 0; i < 40 && status !== 429; i++) status = (await oneAddress.post(path, { json: body })).status;
      expect(status, path).toBe(429);
    }
  });

  it("refuses a cross-origin POST /api/auth/login with 403 before anything runs", async () => {
    const { email } = await createAccount();
    const crossSite: Record<string, string>[] = [
      { Origin: "https://evil.example" },
      { "Sec-Fetch-Site": "cross-site" },
    ];
    for (const headers of crossSite) {
      const res = await client().post("/api/auth/login", { json: { email, password: PASSWORD } }, { headers });
      expect(res.status).toBe(403);
      expect(sessionCookieFrom(res)).toBeNull();
    }
    expect(await count("sessions")).toBe(0);
    const same = await client().post(
      "/api/auth/login",
      { json: { email, password: PASSWORD } },
      { headers: { Origin: "http://localhost" } },
    );
    expect(same.status).toBe(200);
  });

  it("refuses a cross-origin sign-up and logout too", async () => {
    const evil = { Origin: "https://evil.example" };
    expect((await client().post("/api/users/signup", { json: signupBody() }, { headers: evil })).status).toBe(403);
    expect(await count("users")).toBe(0);
    const { email } = await createAccount();
    const cookie = await logIn(email);
    expect((await client({ cookie }).post("/logout", { form: {} }, { headers: evil })).status).toBe(403);
    expect(await count("sessions")).toBe(1);
  });
});
