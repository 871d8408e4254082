// New passwords are checked against the shipped list of common leaked passwords (and, when switched on,
// the Pwned Passwords range API): at sign-up through the API and the page, and at reset, with the reason
// said and nothing written. The refusal is the same for a new and an existing address.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  breachCount,
  isCommonPassword,
  newPasswordProblem,
  PASSWORD_POLICY_MSG,
} from "~/features/accounts/password-policy.server";
import { count, createAccount, PASSWORD, resetTokenFor } from "./auth-fixtures";
import { client } from "./client";

const signup = (email: string, password: string) => ({
  accountType: "unpaid",
  agency: false,
  firstName: "Hana",
  lastName: "",
  email,
  password,
});

describe("the shipped common-password list", () => {
  it("holds well over 10,000 passwords a sign-up could otherwise use, matched without case", () => {
    for (const pw of ["12345678", "password1", "iloveyou", "Qwertyuiop", "PASSWORD123"]) {
      expect(isCommonPassword(pw), pw).toBe(true);
    }
    for (const pw of [PASSWORD, "longenough", "kiwi-harbour-tui-42"]) expect(isCommonPassword(pw), pw).toBe(false);
  });
});

describe("sign-up refuses a common password and says why", () => {
  it("through the API: 400 {error}, no account, the same for an address that has one", async () => {
    await createAccount({ email: "taken@test.nz" });
    const users = await count("users");
    const answers = [];
    for (const email of ["new@test.nz", "taken@test.nz"]) {
      const res = await client().post("/api/users/signup", { json: signup(email, "password1") });
      answers.push({ status: res.status, body: await res.json(), cookies: res.headers.getSetCookie().length });
    }
    expect(answers[0]).toEqual({ status: 400, body: { error: PASSWORD_POLICY_MSG.common }, cookies: 0 });
    expect(answers[1]).toEqual(answers[0]);
    expect(await count("users")).toBe(users);
  });

  it("through the page: the reason is on the form, and what was typed (but the password) comes back", async () => {
    const res = await client().post("/login?action=signup", {
      form: { intent: "signup", firstName: "Hana", email: "page@test.nz", password: "iloveyou", agency: "false" },
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(PASSWORD_POLICY_MSG.common);
    expect(await count("users")).toBe(0);
  });
});

describe("a reset refuses a common password without spending the link", () => {
  it("answers 400 with the reason; the same link then takes a better password", async () => {
    await createAccount({ email: "reset@test.nz" });
    await client().post("/api/auth/request-password-reset", { json: { email: "reset@test.nz" } });
    const token = await resetTokenFor("reset@test.nz");
    const refused = await client().post(`/api/auth/reset-password/${token}`, { json: { newPassword: "12345678" } });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: PASSWORD_POLICY_MSG.common });
    const page = await client().post(`/reset-password/${token}`, {
      form: { password: "qwertyuiop", confirmPassword: "qwertyuiop" },
    });
    expect(page.status).toBe(400);
    expect(await page.text()).toContain(PASSWORD_POLICY_MSG.common);
    const done = await client().post(`/api/auth/reset-password/${token}`, {
      json: { newPassword: "a much better phrase 7" },
    });
    expect(done.status).toBe(200);
  });
});

describe("the breached-password range check (k-anonymity)", () => {
  // SHA-1("kiwi-harbour-tui-42") is asked for by its first five hex digits only.
  const answering = (body: (prefix: string, suffix: string) => string) => {
    const asked: string[] = [];
    const fetcher = (async (input: RequestInfo | URL) => {
      const url = String(input);
      asked.push(url);
      const prefix = url.slice(-5);
      const digest = await crypto.subtle.digest("SHA-1", new TextEncoder().encode("kiwi-harbour-tui-42"));
      const hex = [...new Uint8Array(digest)]
        .map((b) => b.toString(16).padStart(2, "0"))
        .join("")
        .toUpperCase();
      return new Response(body(prefix, hex.slice(5)));
    }) as typeof fetch;
    return { fetcher, asked };
  };

  it("counts a listed suffix, sends only the prefix, and ignores the padding lines", async () => {
    const { fetcher, asked } = answering((_, suffix) => `0000000000000000000000000000000000A:0\r\n${suffix}:42\r\n`);
    expect(await breachCount("kiwi-harbour-tui-42", fetcher)).toBe(42);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(/^https:\/\/api\.pwnedpasswords\.com\/range\/[0-9A-F]{5}$/);
  });

  it("refuses a breached password only when switched on, and is skipped when the service fails", async () => {
    const breached = answering((_, suffix) => `${suffix}:3\n`).fetcher;
    const password = "kiwi-harbour-tui-42";
    expect(await newPasswordProblem({ BREACHED_PASSWORD_CHECK: "off" }, password, breached)).toBeNull();
    expect(await newPasswordProblem({ BREACHED_PASSWORD_CHECK: "on" }, password, breached)).toBe(
      PASSWORD_POLICY_MSG.breached,
    );
    const down = (async () => {
      throw new Error("network down");
    }) as typeof fetch;
    expect(await breachCount(password, down)).toBeNull();
    expect(await newPasswordProblem({ BREACHED_PASSWORD_CHECK: "on" }, password, down)).toBeNull();
    const unavailable = (async () => new Response("busy", { status: 503 })) as typeof fetch;
    expect(await newPasswordProblem({ BREACHED_PASSWORD_CHECK: "on" }, password, unavailable)).toBeNull();
  });

  it("is off in the committed configuration the tests run with", () => {
    expect(env.BREACHED_PASSWORD_CHECK).toBe("off");
  });
});
