// The JSON API (spec §7), sign-up through the page and the API, bad input, access between accounts,
// rate limiting and cross-site refusal.
import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import {
  count,
  createAccount,
  get,
  loginCookie,
  newIp,
  PASSWORD,
  postForm,
  postJson,
  quiesce,
  sessionCookieFrom,
  waitForMail,
} from "./auth-fixtures";

afterEach(quiesce);

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
    const anon = await get("/api/auth/status");
    expect(anon.status).toBe(401);
    expect(await anon.json()).toEqual({ error: "Not authenticated" });

    const { email, id } = await createAccount({ firstName: "Kiri", agency: true });
    const login = await postJson(
      "/api/auth/login",
      { email: email.toUpperCase(), password: PASSWORD },
      { ip: newIp() },
    );
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

    const status = await get("/api/auth/status", { cookie: sessionCookieFrom(login) });
    expect(status.status).toBe(200);
    expect(await status.json()).toEqual(user);
  });

  it("accepts a form body too", async () => {
    const { email } = await createAccount();
    const res = await postForm("/api/auth/login", { email, password: PASSWORD }, { ip: newIp() });
    expect(res.status).toBe(200);
    expect(sessionCookieFrom(res)).not.toBeNull();
  });

  it("answers 'Invalid email or password' for a wrong password and an unknown e-mail alike", async () => {
    const { email } = await createAccount();
    for (const body of [
      { email, password: "not the password" },
      { email: "ghost@test.nz", password: PASSWORD },
    ]) {
      const res = await postJson("/api/auth/login", body, { ip: newIp() });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: "Invalid email or password" });
    }
  });

  it("an unknown e-mail costs a full PBKDF2 like a known one", async () => {
    const { email } = await createAccount();
    const time = async (body: object) => {
      const start = performance.now();
      await postJson("/api/auth/login", body, { ip: newIp() });
      return performance.now() - start;
    };
    // Warm up, then compare medians of a few tries: PBKDF2 (100,000 rounds) dominates both.
    await time({ email, password: "warm up" });
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      known.push(await time({ email, password: "wrong password" }));
      unknown.push(await time({ email: `ghost${i}@test.nz`, password: "wrong password" }));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[1];
    // Timers inside workerd only advance on I/O, so this cannot be exact: it guards against a shortcut
    // that skips the hash for unknown e-mails (which would make them many times faster).
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.4);
  });
});

describe("sign-up", () => {
  it("creates an 'unpaid' account whatever accountType says, and logs in", async () => {
    const res = await postJson("/api/users/signup", signupBody({ accountType: "admin", agency: "true" }), {
      ip: newIp(),
    });
    expect(res.status).toBe(201);
    const user = (await res.json()) as { userId: string };
    expect(user).toMatchObject({
      email: "hana@test.nz",
      firstName: "Hana",
      accountType: "unpaid",
      agency: "true",
      isAdmin: false,
    });
    const row = await env.DB.prepare("SELECT * FROM users WHERE id = ?")
      .bind(user.userId)
      .first<Record<string, unknown>>();
    expect(row).toMatchObject({ account_type: "unpaid", agency: 1, first_name: "Hana", last_name: "" });
    expect(String(row!.password_hash)).toMatch(/^pbkdf2-sha256\$100000\$/);
    const status = await get("/api/auth/status", { cookie: sessionCookieFrom(res) });
    expect(((await status.json()) as { userId: string }).userId).toBe(user.userId);
    await waitForMail("hana@test.nz", "Welcome");
  });

  it("through the page: validates with the spec's messages, then logs in and goes on", async () => {
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
      const res = await postForm("/login?action=signup", fields, { ip: newIp() });
      expect(res.status, message).toBe(400);
      expect(await res.text()).toContain(message);
    }
    expect(await count("users")).toBe(0);

    const ok = await postForm("/login?action=signup&redirectTo=%2Fprofile%2Fnew", base, { ip: newIp() });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/profile/new");
    expect(sessionCookieFrom(ok)).not.toBeNull();
    expect(await count("users", "email = 'page@test.nz' AND account_type = 'unpaid' AND agency = 0")).toBe(1);
  });

  it("an e-mail that has an account gets the same answer, no session, and its owner an e-mail", async () => {
    const { email } = await createAccount({ email: "taken@test.nz", firstName: "Owner" });
    const res = await postJson("/api/users/signup", signupBody({ email: "Taken@test.nz", firstName: "Intruder" }), {
      ip: newIp(),
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(["accountType", "agency", "email", "firstName", "isAdmin", "userId"]);
    expect(JSON.stringify(body)).not.toMatch(/exist|already/i);
    expect(sessionCookieFrom(res)).toBeNull();
    expect(await count("sessions")).toBe(0);
    expect(await count("users")).toBe(1);
    expect(await count("users", "first_name = 'Owner'")).toBe(1);
    const mail = await waitForMail(email, "tried to sign up");
    expect(mail.text_body).toContain("No new account was made");

    const page = await postForm(
      "/login?action=signup",
      { intent: "signup", firstName: "Intruder", email, password: PASSWORD, agency: "true" },
      { ip: newIp() },
    );
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/dashboard");
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
    const res = await postJson("/api/auth/login", body, { ip: newIp() });
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
    const res = await postJson("/api/users/signup", body, { ip: newIp() });
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
    const res = await postJson("/api/auth/request-password-reset", body, { ip: newIp() });
    expect(res.status).toBe(400);
    expect(await res.json()).toHaveProperty("error");
    expect(await count("password_resets")).toBe(0);
  });

  it("an oversized body is refused before it is read", async () => {
    const res = await postJson("/api/users/signup", signupBody({ lastName: "y".repeat(40_000) }), { ip: newIp() });
    expect(res.status).toBe(413);
    expect(await count("users")).toBe(0);
  });

  it("GET on a POST-only endpoint is 405 JSON", async () => {
    const res = await get("/api/auth/login");
    expect(res.status).toBe(405);
    expect(await res.json()).toHaveProperty("error");
  });
});

describe("account records", () => {
  it("the owner reads their own; another user gets 403; an administrator may read any; anonymous 401", async () => {
    const owner = await createAccount({ agency: true });
    const other = await createAccount();
    const admin = await createAccount({ accountType: "admin" });
    const ownerCookie = await loginCookie(owner.email);

    const mine = await get(`/api/userAccounts/${owner.id}`, { cookie: ownerCookie });
    expect(mine.status).toBe(200);
    const [record] = (await mine.json()) as Record<string, unknown>[];
    expect(record).toMatchObject({ userId: owner.id, agency: "true", accountType: "unpaid" });
    expect(record).not.toHaveProperty("passwordHash");
    const type = await get(`/api/type/${owner.id}`, { cookie: ownerCookie });
    expect(await type.json()).toEqual([{ userId: owner.id, accountType: "unpaid" }]);

    for (const path of [
      `/api/userAccounts/${other.id}`,
      `/api/type/${other.id}`,
      "/api/userAccounts/doesnotexist0000",
    ]) {
      const res = await get(path, { cookie: ownerCookie });
      expect(res.status, path).toBe(403);
      expect(await res.json()).toHaveProperty("error");
    }

    const adminCookie = await loginCookie(admin.email);
    const asAdmin = await get(`/api/userAccounts/${other.id}`, { cookie: adminCookie });
    expect(asAdmin.status).toBe(200);
    expect(((await asAdmin.json()) as { agency: string }[])[0].agency).toBe("false");
    expect((await get("/api/userAccounts/doesnotexist0000", { cookie: adminCookie })).status).toBe(404);

    const anon = await get(`/api/type/${owner.id}`);
    expect(anon.status).toBe(401);
    expect(await anon.json()).toEqual({ error: "Not authenticated" });
  });
});

describe("abuse control", () => {
  it("rate-limits login attempts per client address with a 429 and a clear message", async () => {
    const ip = newIp();
    let res: Response | null = null;
    for (let i = 0; i < 40; i++) {
      res = await postJson("/api/auth/login", { email: "ghost@test.nz", password: "guess" }, { ip });
      if (res.status === 429) break;
    }
    expect(res!.status).toBe(429);
    expect(await res!.json()).toEqual({ error: "Too many attempts. Please wait a minute and try again." });
    // The page shares the budget, and another address is unaffected.
    const page = await postForm("/login", { intent: "login", email: "ghost@test.nz", password: "guess" }, { ip });
    expect(page.status).toBe(429);
    expect(await page.text()).toContain("Too many attempts");
    expect(
      (await postJson("/api/auth/login", { email: "ghost@test.nz", password: "guess" }, { ip: newIp() })).status,
    ).toBe(401);
  });

  it("rate-limits sign-up and reset requests too", async () => {
    for (const [path, body] of [
      ["/api/users/signup", signupBody({ password: "short" })],
      ["/api/auth/request-password-reset", { email: "ghost@test.nz" }],
    ] as const) {
      const ip = newIp();
      let status = 0;
      for (let i = 0; i < 40 && status !== 429; i++) status = (await postJson(path, body, { ip })).status;
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
      const res = await postJson("/api/auth/login", { email, password: PASSWORD }, { ip: newIp(), headers });
      expect(res.status).toBe(403);
      expect(sessionCookieFrom(res)).toBeNull();
    }
    expect(await count("sessions")).toBe(0);
    const same = await postJson(
      "/api/auth/login",
      { email, password: PASSWORD },
      { ip: newIp(), headers: { Origin: "http://localhost" } },
    );
    expect(same.status).toBe(200);
  });

  it("refuses a cross-origin sign-up and logout too", async () => {
    const evil = { Origin: "https://evil.example" };
    expect((await postJson("/api/users/signup", signupBody(), { ip: newIp(), headers: evil })).status).toBe(403);
    expect(await count("users")).toBe(0);
    const { email } = await createAccount();
    const cookie = await loginCookie(email);
    expect((await postForm("/logout", {}, { ip: newIp(), cookie, headers: evil })).status).toBe(403);
    expect(await count("sessions")).toBe(1);
  });
});
