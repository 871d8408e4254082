// Passkeys (docs/accounts.md): registered on /managesub and used to sign in on /login, through the real endpoints
// with a software authenticator (soft-authenticator.ts) against the real D1. A passkey sign-in is a full
// sign-in with a second factor; every refusal is a 4xx {error} that leaves nothing behind.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { countPasskeys } from "~/features/accounts/second-factor/passkeys.server";
import { deleteAccount } from "~/features/listings/delete.server";
import { count, PASSWORD, waitForMail } from "./auth-fixtures";
import { client, freshIp, inOneLimiterWindow, logIn, sessionCookieFrom, signedIn } from "./client";
import type { SignedIn } from "./client";
import { rows } from "./public-fixtures";
import { SoftAuthenticator } from "./soft-authenticator";
import type { Misbehaviour } from "./soft-authenticator";

type Json = Record<string, unknown>;

/** "passkey=<id>" from a response's Set-Cookie, or null when it sets none (or clears it). */
function challengeCookieFrom(res: Response): string | null {
  for (const header of res.headers.getSetCookie()) {
    const match = header.match(/^passkey=([^;]*)/);
    if (match) return match[1] ? `passkey=${match[1]}` : null;
  }
  return null;
}

const cookies = (...parts: (string | null | undefined)[]) => ["age_verified=1", ...parts].filter(Boolean).join("; ");

async function registrationStart(owner: SignedIn, body: Json = { currentPassword: PASSWORD }) {
  const res = await owner.client.post("/api/passkeys/register/options", { json: body });
  return { res, cookie: challengeCookieFrom(res) };
}

/** Options, the authenticator's answer, and the answer sent back: the registration's last response. */
async function register(owner: SignedIn, auth: SoftAuthenticator, o: { name?: string; m?: Misbehaviour } = {}) {
  const start = await registrationStart(owner);
  expect(start.res.status).toBe(200);
  const { options } = (await start.res.json()) as { options: Json };
  const response = await auth.register(options, o.m);
  return owner.client.post(
    "/api/passkeys/register",
    { json: { name: o.name, response } },
    { headers: { Cookie: cookies(owner.cookie, start.cookie) } },
  );
}

async function registered(owner: SignedIn, name = "My phone"): Promise<SoftAuthenticator> {
  const auth = await SoftAuthenticator.create();
  const res = await register(owner, auth, { name });
  expect(res.status, await res.clone().text()).toBe(201);
  return auth;
}

async function signInStart(ip = freshIp()) {
  const res = await client({ ip }).post("/api/passkeys/login/options");
  expect(res.status).toBe(200);
  const { options } = (await res.json()) as { options: Json };
  return { options, cookie: challengeCookieFrom(res)! };
}

function signInFinish(challengeCookie: string | null, body: unknown, ip = freshIp()) {
  return client({ ip, cookie: challengeCookie }).post("/api/passkeys/login", {
    json: typeof body === "string" ? body : body,
  });
}

/** What a refused sign-in must leave as it was. */
async function state(userId: string) {
  return {
    sessions: await count("sessions", "user_id = ?", userId),
    passkeys: await rows("SELECT id, counter, last_used_at FROM passkeys WHERE user_id = ? ORDER BY id", userId),
    events: await count("security_events", "user_id = ? AND event = 'passkey_login'", userId),
  };
}

describe("registering a passkey", () => {
  it("asks the device for a discoverable key with user verification, bound to this site", async () => {
    const owner = await signedIn({ logIn: true });
    const { res, cookie } = await registrationStart(owner);
    expect(res.status).toBe(200);
    const { options } = (await res.json()) as { options: Json & { rp: Json; user: Json } };
    expect(options.rp).toEqual({ id: "localhost", name: "Kiwi Companions" });
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: "required",
      requireResidentKey: true,
      userVerification: "required",
    });
    expect(options.attestation).toBe("none");
    // The handle on the device is random, never the account id.
    expect(options.user.id).not.toContain(owner.userId);
    expect(options.user.name).toBe(owner.email);
    expect(cookie).toMatch(/^passkey=[A-Za-z0-9_-]{43}$/);
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith("passkey="));
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    // Only the hash of the cookie's id is stored, with a short expiry.
    const [row] = await rows<{ id: string; purpose: string; user_id: string; expires_at: number }>(
      "SELECT * FROM passkey_challenges",
    );
    expect(row.id).not.toContain(cookie!.slice("passkey=".length));
    expect(row).toMatchObject({ purpose: "register", user_id: owner.userId });
    expect(row.expires_at - Date.now()).toBeLessThanOrEqual(5 * 60_000);
  });

  it("stores the verified passkey, logs it and tells the owner; the list and countPasskeys show it", async () => {
    const owner = await signedIn({ logIn: true });
    expect(await countPasskeys(env, owner.userId)).toBe(0);
    const auth = await SoftAuthenticator.create();
    const res = await register(owner, auth, { name: "  Work laptop  " });
    expect(res.status).toBe(201);
    const { passkey } = (await res.json()) as { passkey: Json };
    expect(passkey).toMatchObject({ id: auth.id, name: "Work laptop", lastUsed: null });
    expect(await countPasskeys(env, owner.userId)).toBe(1);
    const [row] = await rows<Json>("SELECT * FROM passkeys WHERE user_id = ?", owner.userId);
    expect(row).toMatchObject({ id: auth.id, user_handle: auth.userHandle, counter: 0, transports: "internal" });
    expect(await count("security_events", "user_id = ? AND event = 'passkey_added'", owner.userId)).toBe(1);
    const mail = await waitForMail(owner.email, "A passkey was added");
    expect(mail.text_body).not.toContain("Work laptop");
    // The challenge was spent.
    expect(await count("passkey_challenges")).toBe(0);
    const page = await owner.client.get("/managesub");
    const html = await page.text();
    expect(html).toContain("Work laptop");
    expect(html).toContain("Passkey added");
  });

  it("names a passkey after the device when no name is given, and refuses a name with control characters", async () => {
    const owner = await signedIn({ logIn: true });
    const ua = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 Chrome/126.0 Safari/537.36";
    const auth = await SoftAuthenticator.create();
    const start = await registrationStart(owner);
    const { options } = (await start.res.json()) as { options: Json };
    const res = await owner.client.post(
      "/api/passkeys/register",
      { json: { response: await auth.register(options) } },
      { headers: { Cookie: cookies(owner.cookie, start.cookie), "User-Agent": ua } },
    );
    expect(res.status).toBe(201);
    expect(((await res.json()) as { passkey: Json }).passkey.name).toBe("Chrome on macOS");

    const bad = await register(owner, await SoftAuthenticator.create(), { name: "phone\u0007" });
    expect(bad.status).toBe(400);
    expect(await countPasskeys(env, owner.userId)).toBe(1);
  });

  it("needs the current password, or a second factor proved in the last 10 minutes", async () => {
    const owner = await signedIn({ logIn: true });
    for (const body of [{}, { currentPassword: "" }, { currentPassword: "wrong password" }, { currentPassword: 5 }]) {
      const { res, cookie } = await registrationStart(owner, body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as Json).error).toMatch(/current password/);
      expect(cookie).toBeNull();
    }
    expect(await count("passkey_challenges")).toBe(0);
    // The wrong password is in the owner's log, as for every sensitive change.
    expect(await count("security_events", "user_id = ? AND event = 'reauth_failed'", owner.userId)).toBe(1);
    // Signed in with a passkey a moment ago: no password needed.
    await env.DB.prepare("UPDATE sessions SET second_factor_at = ? WHERE user_id = ?")
      .bind(Date.now(), owner.userId)
      .run();
    expect((await registrationStart(owner, {})).res.status).toBe(200);
    // An anonymous visitor gets nothing.
    expect((await client().post("/api/passkeys/register/options", { json: {} })).status).toBe(401);
  });

  it("refuses an answer from another origin, without user verification, or to a challenge of another purpose", async () => {
    const owner = await signedIn({ logIn: true });
    for (const m of [{ origin: "https://evil.example" }, { userVerified: false }, { rpId: "evil.example" }] as const) {
      const res = await register(owner, await SoftAuthenticator.create(), { m });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: "The passkey could not be verified. Please try again." });
    }
    // A sign-in challenge cannot register a key.
    const signIn = await signInStart();
    const auth = await SoftAuthenticator.create();
    const start = await registrationStart(owner);
    const { options } = (await start.res.json()) as { options: Json };
    const res = await owner.client.post(
      "/api/passkeys/register",
      { json: { response: await auth.register(options) } },
      { headers: { Cookie: cookies(owner.cookie, signIn.cookie) } },
    );
    expect(res.status).toBe(400);
    expect(await countPasskeys(env, owner.userId)).toBe(0);
  });

  it("refuses a challenge issued to another account", async () => {
    const owner = await signedIn({ logIn: true });
    const other = await signedIn({ logIn: true });
    const start = await registrationStart(other);
    const { options } = (await start.res.json()) as { options: Json };
    const res = await owner.client.post(
      "/api/passkeys/register",
      { json: { response: await (await SoftAuthenticator.create()).register(options) } },
      { headers: { Cookie: cookies(owner.cookie, start.cookie) } },
    );
    expect(res.status).toBe(400);
    expect(await count("passkeys")).toBe(0);
  });

  it("will not register the same key twice", async () => {
    const owner = await signedIn({ logIn: true });
    const auth = await registered(owner);
    const again = await register(owner, auth);
    expect(again.status).toBe(409);
    expect(await countPasskeys(env, owner.userId)).toBe(1);
  });
});

describe("signing in with a passkey", () => {
  it("signs in without an address: a new session with a second factor, logged, to the guarded redirectTo", async () => {
    const owner = await signedIn({ logIn: true });
    const auth = await registered(owner);
    const { options, cookie } = await signInStart();
    expect(options).toMatchObject({ rpId: "localhost", userVerification: "required" });
    expect(options.allowCredentials ?? []).toEqual([]);
    const res = await signInFinish(cookie, { response: await auth.assert(options), redirectTo: "/managesub?x=1" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ redirectTo: "/managesub?x=1" });
    const session = sessionCookieFrom(res);
    expect(session).not.toBeNull();
    // The challenge cookie is dropped and its row spent.
    expect(res.headers.getSetCookie().some((c) => /^passkey=;/.test(c) && /Max-Age=0/.test(c))).toBe(true);
    expect(await count("passkey_challenges")).toBe(0);

    const status = await client({ cookie: session }).get("/api/auth/status");
    expect(status.status).toBe(200);
    expect(((await status.json()) as Json).userId).toBe(owner.userId);
    const [newest] = await rows<{ second_factor_at: number | null }>(
      "SELECT second_factor_at FROM sessions WHERE user_id = ? ORDER BY created_at DESC LIMIT 1",
      owner.userId,
    );
    expect(newest.second_factor_at).not.toBeNull();
    const [key] = await rows<{ counter: number; last_used_at: number | null }>(
      "SELECT counter, last_used_at FROM passkeys",
    );
    expect(key.counter).toBe(1);
    expect(key.last_used_at).not.toBeNull();
    expect(await count("security_events", "user_id = ? AND event = 'passkey_login'", owner.userId)).toBe(1);
    const log = await (await client({ cookie: session }).get("/managesub")).text();
    expect(log).toContain("Signed in with a passkey");
  });

  it("sends an unsafe redirectTo to the dashboard", async () => {
    const owner = await signedIn({ logIn: true });
    const auth = await registered(owner);
    for (const redirectTo of ["//evil.example", "https://evil.example/", "/login", 42]) {
      const { options, cookie } = await signInStart();
      const res = await signInFinish(cookie, { response: await auth.assert(options), redirectTo });
      expect(await res.json()).toEqual({ redirectTo: "/dashboard" });
    }
  });

  it("gives an administrator signed in by passkey their powers (a password sign-in has none)", async () => {
    // Added from a session that proved a second factor (a password-only one may not add it: see
    // account-protection-review.test.ts).
    const admin = await signedIn({ admin: true, logIn: true });
    const auth = await registered(admin);
    const passwordOnly = client({ cookie: await logIn(admin.email) });
    expect((await passwordOnly.get("/admin/audit")).status).toBe(302);
    const { options, cookie } = await signInStart();
    const res = await signInFinish(cookie, { response: await auth.assert(options) });
    expect(res.status).toBe(200);
    const byPasskey = client({ cookie: sessionCookieFrom(res) });
    expect((await byPasskey.get("/admin/audit")).status).toBe(200);
    expect(((await (await byPasskey.get("/api/auth/status")).json()) as Json).isAdmin).toBe(true);
  });

  it("uses a challenge once: a replay, even of a fresh assertion, is a 400 and changes nothing", async () => {
    const owner = await signedIn({ logIn: true });
    const auth = await registered(owner);
    const { options, cookie } = await signInStart();
    const assertion = await auth.assert(options);
    expect((await signInFinish(cookie, { response: assertion })).status).toBe(200);
    const before = await state(owner.userId);
    for (const response of [assertion, await auth.assert(options)]) {
      const res = await signInFinish(cookie, { response });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        error: "This passkey request has expired or was already used. Please try again.",
      });
      expect(sessionCookieFrom(res)).toBeNull();
    }
    expect(await state(owner.userId)).toEqual(before);
  });

  it("refuses an expired challenge, an unknown one and none at all", async () => {
    const owner = await signedIn({ logIn: true });
    const auth = await registered(owner);
    const before = await state(owner.userId);
    const expired = await signInStart();
    await env.DB.prepare("UPDATE passkey_challenges SET expires_at = ?")
      .bind(Date.now() - 1)
      .run();
    expect((await signInFinish(expired.cookie, { response: await auth.assert(expired.options) })).status).toBe(400);
    const fresh = await signInStart();
    const assertion = await auth.assert(fresh.options);
    expect((await signInFinish("passkey=" + "A".repeat(43), { response: assertion })).status).toBe(400);
    expect((await signInFinish(null, { response: assertion })).status).toBe(400);
    // A challenge the server never issued, signed correctly, with the real cookie: still refused.
    const forged = await auth.assert({ ...fresh.options, challenge: "Zm9yZ2VkLWNoYWxsZW5nZQ" });
    expect((await signInFinish(fresh.cookie, { response: forged })).status).toBe(400);
    const after = await state(owner.userId);
    expect(after.sessions).toBe(before.sessions);
    expect(after.events).toBe(before.events);
  });

  it("refuses another origin, another RP ID, a missing user verification and a counter that went back", async () => {
    const owner = await signedIn({ logIn: true });
    const auth = await registered(owner);
    const ok = await signInStart();
    expect((await signInFinish(ok.cookie, { response: await auth.assert(ok.options) })).status).toBe(200);
    const before = await state(owner.userId);
    const cases: Misbehaviour[] = [
      { origin: "https://evil.example" },
      { origin: "http://localhost:9999" },
      { rpId: "evil.example" },
      { userVerified: false },
      { type: "webauthn.create" },
      // The key signed once (counter 1); a copy that says 1 again, or 0, is not the same device.
      { counter: 1 },
      { counter: 0 },
    ];
    for (const m of cases) {
      const { options, cookie } = await signInStart();
      const res = await signInFinish(cookie, { response: await auth.assert(options, m) });
      expect(res.status, JSON.stringify(m)).toBe(400);
      expect(((await res.json()) as Json).error).toBe("The passkey could not be verified. Please try again.");
      expect(sessionCookieFrom(res)).toBeNull();
    }
    expect(await state(owner.userId)).toEqual(before);
  });

  it("answers 401 for a passkey it does not know, and for a known key sent under another account's handle", async () => {
    const owner = await signedIn({ logIn: true });
    const auth = await registered(owner);
    const stranger = await SoftAuthenticator.create();
    const before = await state(owner.userId);
    const a = await signInStart();
    const res = await signInFinish(a.cookie, { response: await stranger.assert(a.options) });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      error: "This passkey is not registered with us. Sign in with your password instead.",
    });
    auth.userHandle = "b3RoZXItaGFuZGxl";
    const b = await signInStart();
    expect((await signInFinish(b.cookie, { response: await auth.assert(b.options) })).status).toBe(401);
    expect(await state(owner.userId)).toEqual(before);
  });

  it("answers malformed, mistyped and oversized bodies with a 4xx {error}, never a 500", async () => {
    const owner = await signedIn({ logIn: true });
    const auth = await registered(owner);
    const before = await state(owner.userId);
    const { options } = await signInStart();
    const good = (await auth.assert(options)) as Json & { response: Json };
    const bodies: unknown[] = [
      "{",
      "[]",
      "null",
      '"text"',
      {},
      { response: "x" },
      { response: null },
      { response: { ...good, id: 5 } },
      { response: { ...good, type: "password" } },
      { response: { ...good, id: "not base64url!" } },
      { response: { ...good, id: "A".repeat(5000) } },
      { response: { ...good, response: { ...good.response, signature: 7 } } },
      { response: { ...good, response: { ...good.response, clientDataJSON: "bm90IGpzb24" } } },
      { response: { ...good, response: { ...good.response, authenticatorData: "AAAA" } } },
      { response: { ...good, response: { ...good.response, signature: "AAAA" } } },
      { response: { ...good, clientExtensionResults: [] } },
      { response: { ...good, response: { ...good.response, userHandle: "A".repeat(500) } } },
    ];
    for (const body of bodies) {
      const fresh = await signInStart();
      const res = await signInFinish(fresh.cookie, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(typeof ((await res.json()) as Json).error).toBe("string");
    }
    const huge = await signInStart();
    const tooBig = await client({ cookie: huge.cookie }).post("/api/passkeys/login", {
      json: { response: { ...good, pad: "x".repeat(40_000) } },
    });
    expect(tooBig.status).toBe(413);
    const wrongType = await client({ cookie: huge.cookie }).post("/api/passkeys/login", {
      raw: "response=x",
      type: "application/x-www-form-urlencoded",
    });
    expect(wrongType.status).toBe(415);
    expect(await state(owner.userId)).toEqual(before);
    // The registration endpoint takes junk the same way.
    const start = await registrationStart(owner);
    for (const body of ["{", { response: "x" }, { name: 5, response: {} }]) {
      const res = await owner.client.post(
        "/api/passkeys/register",
        { json: body },
        { headers: { Cookie: cookies(owner.cookie, start.cookie) } },
      );
      expect(res.status).toBe(400);
    }
    expect(await countPasskeys(env, owner.userId)).toBe(1);
  });

  it("is rate-limited like the password sign-in", async () => {
    await inOneLimiterWindow(async (ip) => {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await client({ ip }).post("/api/passkeys/login/options")).status);
      expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
      expect((await client({ ip }).post("/api/passkeys/login", { json: {} })).status).toBe(429);
    });
  }, 30_000);

  it("refuses other methods", async () => {
    expect((await client().get("/api/passkeys/login/options")).status).toBe(405);
    expect((await client().get("/api/passkeys/login")).status).toBe(405);
  });
});

describe("without JavaScript", () => {
  it("the pages say plainly that passkeys need it, and keep their buttons disabled", async () => {
    const login = await (await client().get("/login")).text();
    expect(login).toMatch(/<button[^>]*disabled=""[^>]*>Sign in with a passkey<\/button>/);
    expect(login).toContain("<noscript><p");
    expect(login).toContain("Signing in with a passkey needs JavaScript, which is turned off in this browser.");
    const owner = await signedIn();
    const page = await (await owner.client.get("/managesub")).text();
    expect(page).toMatch(/<button[^>]*disabled=""[^>]*>Add a passkey<\/button>/);
    expect(page).toContain("Adding a passkey needs JavaScript, which is turned off in this browser.");
    expect(page).toContain("You have no passkeys yet.");
  });
});

describe("removing a passkey", () => {
  const remove = (as: SignedIn, passkeyId: string, currentPassword?: string) =>
    as.client.post("/managesub", {
      form: { intent: "removePasskey", passkeyId, ...(currentPassword === undefined ? {} : { currentPassword }) },
    });

  it("needs the current password; then it is gone, logged and the owner is told", async () => {
    const owner = await signedIn({ logIn: true });
    const auth = await registered(owner);
    for (const password of [undefined, "", "wrong password"]) {
      const res = await remove(owner, auth.id, password);
      expect(res.status).toBe(400);
      expect(await countPasskeys(env, owner.userId)).toBe(1);
    }
    expect(await count("security_events", "user_id = ? AND event = 'reauth_failed'", owner.userId)).toBe(1);
    const res = await remove(owner, auth.id, PASSWORD);
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/managesub");
    expect(await countPasskeys(env, owner.userId)).toBe(0);
    expect(await count("security_events", "user_id = ? AND event = 'passkey_removed'", owner.userId)).toBe(1);
    await waitForMail(owner.email, "A passkey was removed");
    // The removed key no longer signs in.
    const { options, cookie } = await signInStart();
    expect((await signInFinish(cookie, { response: await auth.assert(options) })).status).toBe(401);
  });

  it("takes a fresh second factor instead of the password", async () => {
    const owner = await signedIn({ logIn: true });
    const auth = await registered(owner);
    await env.DB.prepare("UPDATE sessions SET second_factor_at = ? WHERE user_id = ?")
      .bind(Date.now(), owner.userId)
      .run();
    expect((await remove(owner, auth.id)).status).toBe(303);
    expect(await countPasskeys(env, owner.userId)).toBe(0);
  });

  it("cannot remove another account's passkey, even with the right password", async () => {
    const owner = await signedIn({ logIn: true });
    const auth = await registered(owner);
    const stranger = await signedIn({ logIn: true });
    const res = await remove(stranger, auth.id, PASSWORD);
    expect(res.status).toBe(404);
    expect(await countPasskeys(env, owner.userId)).toBe(1);
    expect(await count("security_events", "event = 'passkey_removed'")).toBe(0);
  });
});

describe("deleting the account", () => {
  it("removes its passkeys and challenges", async () => {
    const owner = await signedIn({ logIn: true });
    await registered(owner);
    await registrationStart(owner);
    expect(await count("passkey_challenges", "user_id = ?", owner.userId)).toBe(1);
    await deleteAccount(env, { waitUntil: (p: Promise<unknown>) => void p.catch(() => {}) }, owner.userId);
    expect(await count("passkeys")).toBe(0);
    expect(await count("passkey_challenges")).toBe(0);
  });
});
