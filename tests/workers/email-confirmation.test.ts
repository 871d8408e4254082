// Sign-up confirmed by e-mail (docs/decisions/0010-confirmed-signup.md): one answer for a
// new address, an unconfirmed sign-up and an account alike; single-use, hashed, 24-hour links whose button
// signs the browser that signed up in and takes it where it was going (decision 0022: only that browser;
// see confirm-with-a-button.test.ts for the others); refused sign-ins of unconfirmed accounts; the cron sweep.
import {
  applyD1Migrations,
  createExecutionContext,
  createScheduledController,
  env,
  reset,
  waitOnExecutionContext,
} from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { twoFactorOfferPath } from "~/features/accounts/second-factor/two-factor-offer";
import { MSG } from "~/features/accounts/auth-schemas";
import { NOTICE } from "~/features/site/messages";
import { CONFIRM_MAILS_PER_HOUR, CONFIRM_TOKEN_TTL_MS } from "~/features/accounts/auth-session";
import { newToken } from "~/platform/data/ids";
import { loginPathForPlan } from "~/core/plans";
import { UNCONFIRMED_ACCOUNT_DAYS } from "~/features/site/retention";
import worker from "../../workers/app";
import {
  confirmMailCount,
  confirmTokenFor,
  confirmTokensFor,
  count,
  createAccount,
  PASSWORD,
  pressConfirm,
  resetTokenFor,
  signupBrowserFrom,
  waitForMail,
} from "./auth-fixtures";
import { client, logIn, sessionCookieFrom, signedIn } from "./client";
import { insertListing } from "./fixtures";
import { backgroundWorkDone } from "./background";

const DAY = 24 * 60 * 60_000;

const signupBody = (email: string, o: Record<string, unknown> = {}) => ({
  accountType: "unpaid",
  agency: "false",
  firstName: "Hana",
  lastName: "",
  email,
  password: PASSWORD,
  ...o,
});

const signUp = (email: string, o: Record<string, unknown> = {}, cookie?: string) =>
  client({ cookie }).post("/api/users/signup", { json: signupBody(email, o) });

const signUpPage = (email: string, o: Record<string, string> = {}, path = "/login?action=signup") =>
  client().post(path, {
    form: { intent: "signup", firstName: "Hana", email, password: PASSWORD, agency: "false", ...o },
  });

const userRow = (email: string) =>
  env.DB.prepare("SELECT * FROM users WHERE email = ?").bind(email).first<Record<string, unknown>>();

const browserOf = signupBrowserFrom;

/** The link's button, pressed in the browser that signed up (`browser`, from browserOf). */
const confirm = (token: string, browser: string) => pressConfirm(token, browser);

/** The password step of a link issued after an earlier sign-up with the same address. */
const confirmWithPassword = (token: string, password: string, browser: string) =>
  pressConfirm(token, browser, { password });

/** What a response says and what its cookies are called, with cookie values reduced to their shape. */
async function observable(res: Response) {
  return {
    status: res.status,
    body: await res.text(),
    cookies: res.headers.getSetCookie().map((c) => c.replace(/=[^;]*/, (v) => (v === "=" ? "=" : "=<value>"))),
  };
}

/** The signing-up browser's cookie, as observable() shows it: a random value for every address alike. */
const SIGNUP_BROWSER_COOKIE = "signup=<value>; Path=/; HttpOnly; SameSite=Lax; Max-Age=86400";

describe("one answer for every address", () => {
  it("a new address, an unconfirmed sign-up and an account: the same status, body and cookies, nobody signed in", async () => {
    await createAccount({ email: "confirmed@test.nz", firstName: "Owner" });
    await signUp("pending@test.nz");
    await confirmTokenFor("pending@test.nz");
    const answers = [];
    for (const email of ["new@test.nz", "pending@test.nz", "confirmed@test.nz"]) {
      // Each browser comes with a live session of its own: the sign-up must end it, whichever path it took.
      const before = await signedIn();
      const res = await signUp(email, { firstName: "Someone" }, before.cookie);
      const seen = await observable(res);
      answers.push(seen);
      const setCookie = res.headers.get("Set-Cookie");
      const status = await client({ cookie: setCookie?.split(";")[0] }).get("/api/auth/status");
      expect(status.status, email).toBe(401);
      expect((await before.client.get("/api/auth/status")).status, email).toBe(401);
    }
    expect(answers[0]).toEqual({
      status: 201,
      body: JSON.stringify({ message: MSG.signupCheckInbox }),
      cookies: ["session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0", SIGNUP_BROWSER_COOKIE],
    });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(await count("sessions")).toBe(0);
    expect(await count("users", "email = 'confirmed@test.nz' AND first_name = 'Owner'")).toBe(1);
  });

  it("the sign-up page: the same notice and cookies for every address, without JavaScript, no redirect", async () => {
    await createAccount({ email: "confirmed@test.nz" });
    await signUp("pending@test.nz");
    const answers = [];
    for (const email of ["new@test.nz", "pending@test.nz", "confirmed@test.nz"]) {
      const res = await signUpPage(email);
      const seen = await observable(res);
      expect(seen.body, email).toContain(MSG.signupCheckInbox);
      // The address as typed, so that a mistyped one can be seen: whatever was typed, whether or not it has an
      // account.
      expect(seen.body, email).toMatch(new RegExp(`We sent it to <strong[^>]*>${email}</strong>`));
      expect(sessionCookieFrom(res)).toBeNull();
      // The CSP nonce is new in every page, and the address is the one typed; everything else must match.
      answers.push({
        ...seen,
        body: seen.body.replace(/nonce="[^"]*"/g, 'nonce=""').replaceAll(email, "ADDRESS"),
      });
    }
    expect(answers[0].status).toBe(200);
    expect(answers[0].cookies).toEqual(["session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0", SIGNUP_BROWSER_COOKIE]);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  it("mails a link to a new address, a new link to an unconfirmed one and a warning to an account's owner", async () => {
    await createAccount({ email: "confirmed@test.nz", firstName: "Owner" });
    await signUp("new@test.nz", { firstName: "Hana" });
    const mail = await waitForMail("new@test.nz", "Confirm your e-mail");
    expect(mail.text_body).toContain("Hi Hana,");
    expect(mail.text_body).toMatch(/http:\/\/localhost\/confirm-email\/[A-Za-z0-9_-]{43}/);
    expect(await count("dev_outbox", "subject LIKE 'Welcome%'")).toBe(0);

    await signUp("confirmed@test.nz", { firstName: "Intruder" });
    const warning = await waitForMail("confirmed@test.nz", "tried to sign up");
    expect(warning.text_body).toContain("No new account was made");
    await backgroundWorkDone();
    expect(await confirmMailCount("confirmed@test.nz")).toBe(0);
    expect(await count("users", "email = 'confirmed@test.nz' AND first_name = 'Owner'")).toBe(1);
  });
});

describe("the confirmation link", () => {
  it("is stored only as a hash, works once, signs in the browser that signed up and goes to the dashboard", async () => {
    const browser = browserOf(await signUp("hana@test.nz", { agency: "true" }));
    const token = await confirmTokenFor("hana@test.nz");
    // The raw token is in no table but the development mailbox (which stands in for the recipient's inbox).
    const { results: tables } = await env.DB.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT IN ('dev_outbox', 'd1_migrations') AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
    ).all<{ name: string }>();
    for (const { name } of tables) {
      const { results } = await env.DB.prepare(`SELECT * FROM "${name}"`).all();
      expect(JSON.stringify(results), name).not.toContain(token);
    }
    expect(await count("email_confirmations", "expires_at - created_at = ?", CONFIRM_TOKEN_TTL_MS)).toBe(1);
    expect((await userRow("hana@test.nz"))!.email_confirmed_at).toBeNull();

    // Opening the link shows the button and changes nothing.
    const opened = await client({ cookie: browser }).get(`/confirm-email/${token}`);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain(MSG.confirmButton);
    expect((await userRow("hana@test.nz"))!.email_confirmed_at).toBeNull();
    const res = await confirm(token, browser);
    expect(res.status).toBe(302);
    // By way of the two-factor offer (decision 0056), on to where the sign-up was going.
    expect(res.headers.get("Location")).toBe(twoFactorOfferPath("/dashboard"));
    expect(res.headers.get("Referrer-Policy")).toBe("strict-origin");
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const cookie = sessionCookieFrom(res);
    expect(cookie).not.toBeNull();
    const status = await client({ cookie }).get("/api/auth/status");
    expect(status.status).toBe(200);
    const row = (await userRow("hana@test.nz"))!;
    expect(await status.json()).toMatchObject({ userId: row.id, email: "hana@test.nz", agency: "true" });
    expect(row.email_confirmed_at).toEqual(expect.any(Number));
    expect(await count("security_events", "user_id = ? AND event = 'login_email_confirmed'", row.id)).toBe(1);
    expect((await client({ cookie }).get("/dashboard")).status).toBe(200);

    // The browser's sign-up cookie is spent with the link.
    expect(res.headers.getSetCookie().some((c) => /^signup=;/.test(c) && /Max-Age=0/.test(c))).toBe(true);
    expect((await confirm(token, browser)).status).toBe(400);
    const again = await client().get(`/confirm-email/${token}`);
    expect(again.status).toBe(400);
    expect(again.headers.get("Referrer-Policy")).toBe("strict-origin");
    expect(sessionCookieFrom(again)).toBeNull();
    const html = await again.text();
    expect(html).toContain(MSG.confirmTokenInvalid);
    expect(html).toContain('href="/login"');
    expect(await count("sessions")).toBe(1);
  });

  it("two requests with the same link: exactly one signs in", async () => {
    const browser = browserOf(await signUp("race@test.nz"));
    const token = await confirmTokenFor("race@test.nz");
    const answers = await Promise.all([1, 2, 3].map(() => confirm(token, browser)));
    expect(answers.map((r) => r.status).sort()).toEqual([302, 400, 400]);
    expect(await count("sessions")).toBe(1);
  });

  it("expires after 24 hours and then changes nothing", async () => {
    const browser = browserOf(await signUp("late@test.nz"));
    const token = await confirmTokenFor("late@test.nz");
    await env.DB.prepare("UPDATE email_confirmations SET expires_at = ?")
      .bind(Date.now() - 1)
      .run();
    const res = await client().get(`/confirm-email/${token}`);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(MSG.confirmTokenInvalid);
    expect((await confirm(token, browser)).status).toBe(400);
    expect((await userRow("late@test.nz"))!.email_confirmed_at).toBeNull();
    expect(await count("email_confirmations", "used_at IS NULL")).toBe(1);
    expect(await count("sessions")).toBe(0);
  });

  it("malformed, over-long and unknown tokens are a 400 page, never a 500, and change nothing", async () => {
    await signUp("kept@test.nz");
    await confirmTokenFor("kept@test.nz");
    for (const token of [
      "abc",
      newToken(), // well-formed, unknown
      `${newToken().slice(0, 42)}!`,
      "x".repeat(5000),
      "%00",
      "%E2%98%83",
      "..%2F..%2Fdashboard",
      `${newToken()}${newToken()}`,
    ]) {
      const res = await client().get(`/confirm-email/${token}`);
      expect(res.status, token.slice(0, 40)).toBe(400);
      expect(res.headers.get("Referrer-Policy")).toBe("strict-origin");
      expect(await res.text()).toContain(MSG.confirmTokenInvalid);
      if (token.length < 200) expect((await client().post(`/confirm-email/${token}`)).status, token).toBe(400);
    }
    expect(await count("email_confirmations", "used_at IS NULL")).toBe(1);
    expect(await count("users", "email_confirmed_at IS NOT NULL")).toBe(0);
    expect(await count("sessions")).toBe(0);
  });

  it("takes the sign-up to where it was going; a redirect off the site is stored as the dashboard", async () => {
    const going = browserOf(await signUpPage("going@test.nz", {}, "/login?action=signup&redirectTo=%2Fprofile%2Fnew"));
    const res = await confirm(await confirmTokenFor("going@test.nz"), going);
    expect(res.headers.get("Location")).toBe(twoFactorOfferPath("/profile/new"));

    const offSite = ["//evil.example", "https://evil.example/", "/\\evil.example", "/.//evil.example", "/login"];
    for (const [i, redirectTo] of offSite.entries()) {
      const browser = browserOf(await signUpPage(`evil${i}@test.nz`, { redirectTo }));
      const res = await confirm(await confirmTokenFor(`evil${i}@test.nz`), browser);
      expect(res.headers.get("Location"), redirectTo).toBe(twoFactorOfferPath("/dashboard"));
    }
    expect(await count("email_confirmations", "redirect_to NOT IN ('/dashboard', '/profile/new')")).toBe(0);
  });

  it("the subscriptions journey: the chosen tier survives sign-up and confirmation", async () => {
    const chose = await client().post("/subscriptions", { form: { tier: "featured" } });
    expect(chose.status).toBe(303);
    const loginPath = chose.headers.get("Location")!;
    expect(loginPath).toBe(loginPathForPlan("featured"));
    // The login page's sign-up link keeps where the visitor was going.
    const loginPage = await (await client().get(loginPath)).text();
    const signupHref = loginPage.match(/href="([^"]*)"[^>]*>Need an account\? Sign Up/)![1].replace(/&amp;/g, "&");
    expect(new URL(signupHref, "http://x").searchParams.get("redirectTo")).toBe("/subscriptions?tier=featured");
    // Its form posts with that redirectTo (a hidden field), as a browser would send it.
    const form = await (await client().get(signupHref)).text();
    expect(form).toContain('name="redirectTo" value="/subscriptions?tier=featured"');
    const browser = browserOf(
      await signUpPage("tier@test.nz", { redirectTo: "/subscriptions?tier=featured" }, signupHref),
    );

    const res = await confirm(await confirmTokenFor("tier@test.nz"), browser);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(twoFactorOfferPath("/subscriptions?tier=featured"));
    const signedInClient = client({ cookie: sessionCookieFrom(res) });
    expect((await signedInClient.get("/api/auth/status")).status).toBe(200);
    const page = await signedInClient.get("/subscriptions?tier=featured");
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/data-testid="plan-featured" data-chosen="true"/);
    // Choosing there now records the plan for the new account.
    const recorded = await signedInClient.post("/subscriptions", { form: { tier: "featured" } });
    expect(recorded.headers.get("Location")).toBe("/subscriptions?tier=featured");
    expect(await count("plan_requests", "tier = 'featured'")).toBe(1);
  });
});

describe("an unconfirmed sign-up", () => {
  it("whoever reads the mailbox wins: a later sign-up replaces the details and voids the older link", async () => {
    await signUp("contested@test.nz", { firstName: "Squatter", password: "squatter password 1", agency: "true" });
    const [first] = await confirmTokensFor("contested@test.nz", 1);
    const owner = browserOf(
      await signUp("contested@test.nz", { firstName: "Owner", password: "owner password 1", agency: "false" }),
    );
    const [, second] = await confirmTokensFor("contested@test.nz", 2);
    expect(await count("users", "email = 'contested@test.nz'")).toBe(1);
    expect(await userRow("contested@test.nz")).toMatchObject({ first_name: "Owner", agency: 0 });

    expect((await client().get(`/confirm-email/${first}`)).status).toBe(400);
    // The second sign-up's link asks for that sign-up's password before it confirms.
    expect((await client().get(`/confirm-email/${second}`)).status).toBe(200);
    expect((await confirmWithPassword(second, "owner password 1", owner)).status).toBe(302);
    const squatter = await client().post("/api/auth/login", {
      json: { email: "contested@test.nz", password: "squatter password 1" },
    });
    expect(squatter.status).toBe(401);
    await logIn("contested@test.nz", "owner password 1");
  });

  it("a stranger's later sign-up cannot be confirmed by the owner without noticing: its link wants its password", async () => {
    await signUp("raced@test.nz", { firstName: "Owner", password: "owner password 1" });
    const [own] = await confirmTokensFor("raced@test.nz", 1);
    // Between the owner's sign-up and their click, a stranger signs up with the same address.
    const strangersBrowser = browserOf(
      await signUp("raced@test.nz", { firstName: "Stranger", password: "stranger password 1" }),
    );
    const [, strangers] = await confirmTokensFor("raced@test.nz", 2);
    expect((await client().get(`/confirm-email/${own}`)).status).toBe(400);

    // The owner opens the newest mail: no session, a password step.
    const opened = await client().get(`/confirm-email/${strangers}`);
    expect(opened.status).toBe(200);
    expect(sessionCookieFrom(opened)).toBeNull();
    expect(await opened.text()).toContain(MSG.confirmNeedsPassword);
    const wrong = await confirmWithPassword(strangers, "owner password 1", strangersBrowser);
    expect(wrong.status).toBe(400);
    expect(sessionCookieFrom(wrong)).toBeNull();
    expect(await wrong.text()).toContain("That is not the password of the latest sign-up");
    expect((await client().post(`/confirm-email/${strangers}`, { form: {} })).status).toBe(400);
    expect((await userRow("raced@test.nz"))?.email_confirmed_at).toBeNull();
    expect(await count("sessions")).toBe(0);

    // Signing up again replaces the stranger's details; that link confirms with the owner's password.
    const owner = browserOf(await signUp("raced@test.nz", { firstName: "Owner", password: "owner password 1" }));
    const [, , again] = await confirmTokensFor("raced@test.nz", 3);
    expect((await client().get(`/confirm-email/${strangers}`)).status).toBe(400);
    const confirmed = await confirmWithPassword(again, "owner password 1", owner);
    expect(confirmed.status).toBe(302);
    expect(sessionCookieFrom(confirmed)).not.toBeNull();
    expect((await confirmWithPassword(again, "owner password 1", owner)).status).toBe(400);
    const stranger = await client().post("/api/auth/login", {
      json: { email: "raced@test.nz", password: "stranger password 1" },
    });
    expect(stranger.status).toBe(401);
  });

  it("a first sign-up's link stays one button; the password step never opens for it", async () => {
    const browser = browserOf(await signUp("once@test.nz"));
    const token = await confirmTokenFor("once@test.nz");
    const row = await env.DB.prepare("SELECT needs_password FROM email_confirmations WHERE user_id = ?")
      .bind((await userRow("once@test.nz"))?.id)
      .first<{ needs_password: number }>();
    expect(row?.needs_password).toBe(0);
    const opened = await client({ cookie: browser }).get(`/confirm-email/${token}`);
    expect(await opened.text()).not.toContain(MSG.confirmNeedsPassword);
    expect((await confirm(token, browser)).status).toBe(302);
  });

  it(`at most ${CONFIRM_MAILS_PER_HOUR} links an hour; over the cap the answer is the same and nothing changes`, async () => {
    const answers = [];
    const browsers = [];
    for (let i = 1; i <= CONFIRM_MAILS_PER_HOUR + 2; i++) {
      const res = await signUp("flood@test.nz", { password: `password number ${i}` });
      browsers.push(browserOf(res));
      answers.push(await observable(res));
    }
    for (const a of answers) expect(a).toEqual(answers[0]);
    const tokens = await confirmTokensFor("flood@test.nz", CONFIRM_MAILS_PER_HOUR);
    await backgroundWorkDone();
    expect(await confirmMailCount("flood@test.nz")).toBe(CONFIRM_MAILS_PER_HOUR);
    // The last link issued still works, with the password of the sign-up that issued it.
    const last = tokens.at(-1) ?? "";
    const lastBrowser = browsers[CONFIRM_MAILS_PER_HOUR - 1];
    expect((await confirmWithPassword(last, `password number ${CONFIRM_MAILS_PER_HOUR}`, lastBrowser)).status).toBe(
      302,
    );
    await logIn("flood@test.nz", `password number ${CONFIRM_MAILS_PER_HOUR}`);
  });

  it("sign up, then sign in with the password just chosen: a taken address answers like a free one", async () => {
    await createAccount({ email: "taken@test.nz", password: "the owner's own password" });
    const answers = [];
    for (const email of ["taken@test.nz", "free@test.nz"]) {
      await signUp(email, { password: "a stranger's choice 1" });
      const res = await client().post("/api/auth/login", { json: { email, password: "a stranger's choice 1" } });
      answers.push({ status: res.status, body: await res.json(), cookie: sessionCookieFrom(res) });
    }
    expect(answers[0]).toEqual(answers[1]);
    // Both are told to confirm first (decision 0026); only the free address's mailbox gets a link.
    expect(answers[0]).toEqual({ status: 403, body: { error: MSG.confirmFirst }, cookie: null });
    await confirmTokensFor("free@test.nz", 2);
    await backgroundWorkDone();
    expect(await confirmMailCount("taken@test.nz")).toBe(0);
    // The owner's own password still signs in, and any other is still wrong.
    await logIn("taken@test.nz", "the owner's own password");
    const other = await client().post("/api/auth/login", { json: { email: "taken@test.nz", password: "guess 1 2 3" } });
    expect(other.status).toBe(401);
  });

  it("the right password before confirming: told to confirm, a fresh link, no failed sign-in, earlier links still valid", async () => {
    await signUp("early@test.nz");
    const [first] = await confirmTokensFor("early@test.nz", 1);
    const id = (await userRow("early@test.nz"))?.id;
    const failures = () => count("security_events", `user_id = '${id}' AND event = 'login_failed'`);

    const wrong = await client().post("/api/auth/login", {
      json: { email: "early@test.nz", password: "not it at all" },
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: MSG.invalidLogin });
    expect(await failures()).toBe(1);

    const right = await client().post("/api/auth/login", { json: { email: "early@test.nz", password: PASSWORD } });
    expect(right.status).toBe(403);
    expect(await right.json()).toEqual({ error: MSG.confirmFirst });
    expect(sessionCookieFrom(right)).toBeNull();
    const [, second] = await confirmTokensFor("early@test.nz", 2);
    expect(await failures()).toBe(1);

    // The page says the same, and its fresh link leads where the login was going.
    const page = await client().post("/login?redirectTo=%2Fmanagesub", {
      form: { intent: "login", email: "early@test.nz", password: PASSWORD },
    });
    expect(page.status).toBe(403);
    expect(await page.text()).toContain("Your e-mail address is not confirmed yet.");
    const [, , third] = await confirmTokensFor("early@test.nz", 3);
    expect(await count("sessions")).toBe(0);
    expect(await failures()).toBe(1);

    // Every link is still usable, and none claims that someone signed up twice.
    for (const link of [first, second, third]) {
      const opened = await client().get(`/confirm-email/${link}`);
      expect(opened.status).toBe(200);
      expect(await opened.text()).not.toContain(MSG.confirmNeedsPassword);
    }
    // A fresh link is bound to no browser: it confirms and asks to log in.
    const confirmed = await pressConfirm(third, "");
    expect(confirmed.status).toBe(303);
    expect(sessionCookieFrom(confirmed)).toBeNull();
    const flash = confirmed.headers.getSetCookie().map((c) => c.split(";")[0]);
    const shown = await (await client({ cookie: flash.join("; ") }).get(`/confirm-email/${third}`)).text();
    expect(shown).toContain(NOTICE.emailConfirmedLogIn);
    expect(shown).toContain('href="/login?redirectTo=%2Fmanagesub"');
    expect(
      (await client().post("/api/auth/login", { json: { email: "early@test.nz", password: PASSWORD } })).status,
    ).toBe(200);
  });

  it("the first link, opened after a sign-in sent a fresh one, still confirms with one button", async () => {
    const browser = browserOf(await signUp("first-link@test.nz"));
    const [first] = await confirmTokensFor("first-link@test.nz", 1);
    await client().post("/api/auth/login", { json: { email: "first-link@test.nz", password: PASSWORD } });
    await confirmTokensFor("first-link@test.nz", 2);
    const done = await confirm(first, browser);
    expect(done.status).toBe(302);
    expect(sessionCookieFrom(done)).not.toBeNull();
  });

  it(`fresh links from sign-ins share the cap of ${CONFIRM_MAILS_PER_HOUR} an hour`, async () => {
    await signUp("eager@test.nz");
    for (let i = 0; i < CONFIRM_MAILS_PER_HOUR + 1; i++) {
      const res = await client().post("/api/auth/login", { json: { email: "eager@test.nz", password: PASSWORD } });
      expect(res.status).toBe(403);
    }
    await confirmTokensFor("eager@test.nz", CONFIRM_MAILS_PER_HOUR);
    await backgroundWorkDone();
    expect(await confirmMailCount("eager@test.nz")).toBe(CONFIRM_MAILS_PER_HOUR);
  });

  it("the per-account sign-in budget still answers first", async () => {
    await signUp("guessed@test.nz");
    for (let i = 0; i < 6; i++)
      await client().post("/api/auth/login", { json: { email: "guessed@test.nz", password: `guess ${i}` } });
    const right = await client().post("/api/auth/login", { json: { email: "guessed@test.nz", password: PASSWORD } });
    expect(right.status).toBe(429);
    await backgroundWorkDone();
    expect(await confirmMailCount("guessed@test.nz")).toBe(1);
  });

  it("a completed password reset confirms the address and voids the confirmation link", async () => {
    await signUp("reset@test.nz");
    const link = await confirmTokenFor("reset@test.nz");
    await client().post("/api/auth/request-password-reset", { json: { email: "reset@test.nz" } });
    const token = await resetTokenFor("reset@test.nz");
    expect(
      (await client().post(`/api/auth/reset-password/${token}`, { json: { newPassword: "a brand new one 7" } })).status,
    ).toBe(200);
    expect((await userRow("reset@test.nz"))!.email_confirmed_at).toEqual(expect.any(Number));
    await logIn("reset@test.nz", "a brand new one 7");
    expect((await client().get(`/confirm-email/${link}`)).status).toBe(400);
  });
});

describe("unconfirmed accounts are removed by the cron", () => {
  const NOW = Date.UTC(2030, 5, 15, 3, 0, 0);

  async function cron(now = NOW) {
    const controller = createScheduledController({ scheduledTime: new Date(now), cron: "*/30 * * * *" }); // the one trigger in wrangler.toml
    const ctx = createExecutionContext();
    await worker.scheduled!(controller, env, ctx);
    await waitOnExecutionContext(ctx);
  }

  it(`after ${UNCONFIRMED_ACCOUNT_DAYS} days; younger ones, confirmed ones and any with a listing stay`, async () => {
    const limit = NOW - UNCONFIRMED_ACCOUNT_DAYS * DAY;
    const old = await createAccount({ confirmed: false, createdAt: limit - 60_000 });
    const young = await createAccount({ confirmed: false, createdAt: limit + 60_000 });
    const confirmedOld = await createAccount({ createdAt: limit - 365 * DAY });
    const withListing = await createAccount({ confirmed: false, createdAt: limit - DAY });
    await insertListing({ userId: withListing.id });
    await env.DB.prepare(
      "INSERT INTO email_confirmations (token_hash, user_id, created_at, expires_at) VALUES ('h', ?, ?, ?)",
    )
      .bind(old.id, limit - 60_000, limit - 60_000 + CONFIRM_TOKEN_TTL_MS)
      .run();

    await cron();
    const left = await env.DB.prepare("SELECT id FROM users").all<{ id: string }>();
    expect(left.results.map((r) => r.id).sort()).toEqual([young.id, confirmedOld.id, withListing.id].sort());
    expect(await count("email_confirmations")).toBe(0);
    // A later run, once the younger one is past the bound too.
    await cron(NOW + 2 * 60_000);
    expect(await count("users", "id = ?", young.id)).toBe(0);
  });
});

describe("migration 0019", () => {
  it("every account that existed before it stays confirmed (from its creation)", async () => {
    await reset();
    const before = env.TEST_MIGRATIONS.filter((m) => m.name < "0019");
    await applyD1Migrations(env.DB, before);
    await env.DB.prepare(
      "INSERT INTO users (id, email, first_name, password_hash, created_at, updated_at) VALUES ('old', 'old@test.nz', 'Old', 'x', 1000, 2000)",
    ).run();
    await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
    expect(await userRow("old@test.nz")).toMatchObject({ email_confirmed_at: 1000 });
  });
});
