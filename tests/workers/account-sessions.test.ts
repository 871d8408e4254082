// the owner sees the account's live sessions on /managesub and signs any of them out,
// one at a time or all but this one; nobody else's, and never by the stored id.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { IDLE_TIMEOUT_MS } from "~/features/accounts/auth-session";
import { newToken } from "~/platform/data/ids";
import { sessionCookieName, sha256Hex } from "~/platform/http/token-cookie.server";
import { client, sessionCookieFrom, signedIn } from "./client";
import { outline } from "./page-outline";

const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

/** Signs in again through the API from a given browser and place: one more session of the same account. */
async function logInFrom(email: string, userAgent: string, cf: Record<string, unknown>): Promise<string> {
  const res = await client().post(
    "/api/auth/login",
    { json: { email, password: "correct horse 1" } },
    { headers: { "User-Agent": userAgent }, cf },
  );
  expect(res.status).toBe(200);
  return sessionCookieFrom(res)!;
}

type Listed = { publicId: string; text: string; current: boolean };

/** The flash cookie a redirect set ("flash=..."), to carry to the page it goes to. */
function flashFrom(res: Response): string {
  return (
    res.headers
      .getSetCookie()
      .find((c) => c.startsWith("flash="))
      ?.split(";")[0] ?? ""
  );
}

/** The session list of /managesub as `cookie` sees it (after the redirect `from`, with its notice). */
async function sessionsSeenBy(cookie: string, from?: Response): Promise<{ html: string; sessions: Listed[] }> {
  const flash = from ? flashFrom(from) : "";
  const res = await client({ cookie: flash ? `${cookie}; ${flash}` : cookie }).get("/managesub");
  expect(res.status).toBe(200);
  const html = await res.text();
  const section = html.split('data-testid="session-list"')[1]?.split("</section>")[0] ?? "";
  const sessions = section
    .split('data-testid="session"')
    .slice(1)
    .map((item) => ({
      publicId: item.match(/name="session" value="([^"]+)"/)?.[1] ?? "",
      text: item.replace(/<[^>]+>/g, " ").replace(/\s+/g, " "),
      current: item.includes('data-testid="this-device"'),
    }));
  return { html, sessions };
}

const revoke = (cookie: string, session: string) =>
  client({ cookie }).post("/managesub", { form: { intent: "revokeSession", session } });
const stillSignedIn = async (cookie: string) => (await client({ cookie }).get("/dashboard")).status === 200;
const sessionIds = async (userId: string) =>
  (await env.DB.prepare("SELECT id FROM sessions WHERE user_id = ? ORDER BY id").bind(userId).all<{ id: string }>())
    .results;

describe("the session list on /managesub", () => {
  it("lists every live session with device, rough place, start and last use, this device marked, no stored id", async () => {
    const owner = await signedIn({ logIn: true });
    const laptop = await logInFrom(owner.email, FIREFOX, { city: "Wellington", country: "NZ" });
    await logInFrom(owner.email, IPHONE, { city: "Dunedin", country: "NZ" });

    const { html, sessions } = await sessionsSeenBy(laptop);
    expect(sessions).toHaveLength(3);
    expect(sessions[0].current).toBe(true);
    expect(sessions[0].text).toContain("This device");
    expect(sessions[0].text).toContain("Firefox on Windows");
    expect(sessions[0].text).toContain("Wellington, NZ");
    // The current session has no Sign out of its own (Sign Out in the header is for that).
    expect(sessions[0].publicId).toBe("");
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const phone = sessions.find((s) => s.text.includes("Safari on iOS"))!;
    expect(phone.text).toContain("Dunedin, NZ");
    expect(phone.text).toMatch(/Signed in .*20\d\d.* last seen .*20\d\d/);
    expect(phone.publicId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(html).toContain("Sign out all other sessions");

    // Neither the stored id (the token's hash) nor the token is in the page.
    for (const { id } of await sessionIds(owner.userId)) expect(html).not.toContain(id);
    expect(html).not.toContain(laptop.split("=")[1]);
  });

  it("does not list expired or idle-expired sessions", async () => {
    const owner = await signedIn({ logIn: true });
    const now = Date.now();
    const insert = (createdAt: number, lastSeenAt: number, expiresAt: number, device: string) =>
      env.DB.prepare(
        "INSERT INTO sessions (id, user_id, created_at, last_seen_at, expires_at, device, place) VALUES (?, ?, ?, ?, ?, ?, '')",
      )
        .bind(newToken(), owner.userId, createdAt, lastSeenAt, expiresAt, device)
        .run();
    await insert(now - 40 * 86_400_000, now - 60_000, now - 1000, "Past absolute expiry");
    await insert(now - 10 * 86_400_000, now - IDLE_TIMEOUT_MS - 60_000, now + 86_400_000, "Idle too long");
    await insert(now - 86_400_000, now - 60_000, now + 86_400_000, "Still live");
    const { sessions } = await sessionsSeenBy(owner.cookie);
    expect(sessions.map((s) => s.text.includes("Still live"))).toEqual([false, true]);
    expect(sessions.some((s) => /Past absolute expiry|Idle too long/.test(s.text))).toBe(false);
  });

  it("signs out one session and leaves the others", async () => {
    const owner = await signedIn({ logIn: true });
    const second = await logInFrom(owner.email, IPHONE, {});
    const third = await logInFrom(owner.email, FIREFOX, {});
    const { sessions } = await sessionsSeenBy(owner.cookie);
    const phone = sessions.find((s) => s.text.includes("Safari on iOS"))!;

    const res = await revoke(owner.cookie, phone.publicId);
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/managesub");
    expect(await stillSignedIn(second)).toBe(false);
    expect(await stillSignedIn(third)).toBe(true);
    expect(await stillSignedIn(owner.cookie)).toBe(true);
    const after = await sessionsSeenBy(owner.cookie, res);
    expect(after.sessions).toHaveLength(2);
    expect(after.html).toContain("That session has been signed out.");
    const events = await env.DB.prepare("SELECT event FROM security_events WHERE user_id = ?")
      .bind(owner.userId)
      .all<{ event: string }>();
    expect(events.results.map((e) => e.event)).toContain("session_revoked");

    // The same id again: it names nothing any more.
    const again = await revoke(owner.cookie, phone.publicId);
    expect(again.status).toBe(404);
    expect((await outline(again)).text).toContain("That session is not one of yours or has already ended.");
  });

  it("'Sign out all other sessions' keeps this one", async () => {
    const owner = await signedIn({ logIn: true });
    const others = [await logInFrom(owner.email, IPHONE, {}), await logInFrom(owner.email, FIREFOX, {})];
    const bystander = await signedIn({ logIn: true });
    const res = await client({ cookie: owner.cookie }).post("/managesub", { form: { intent: "revokeOtherSessions" } });
    expect(res.status).toBe(303);
    for (const cookie of others) expect(await stillSignedIn(cookie)).toBe(false);
    expect(await stillSignedIn(owner.cookie)).toBe(true);
    expect(await stillSignedIn(bystander.cookie)).toBe(true);
    const { sessions, html } = await sessionsSeenBy(owner.cookie, res);
    expect(sessions).toHaveLength(1);
    expect(sessions[0].current).toBe(true);
    expect(html).toContain("Every other session has been signed out.");
    expect(html).not.toContain("Sign out all other sessions");
  });

  it("cannot sign out another user's session: a forged or foreign id changes nothing", async () => {
    const owner = await signedIn({ logIn: true });
    const victim = await signedIn({ logIn: true });
    const victimPhone = await logInFrom(victim.email, IPHONE, {});
    const { sessions } = await sessionsSeenBy(victimPhone);
    const victimIds = sessions.filter((s) => !s.current).map((s) => s.publicId);
    expect(victimIds).toHaveLength(1);
    const before = await sessionIds(victim.userId);

    const [storedId] = before.map((r) => r.id);
    for (const forged of [...victimIds, storedId, "x".repeat(22), "", "../../etc", "a".repeat(5000)]) {
      const res = await revoke(owner.cookie, forged);
      expect(res.status, forged.slice(0, 30)).toBe(404);
      expect((await outline(res)).text).toContain("That session is not one of yours or has already ended.");
    }
    expect(await sessionIds(victim.userId)).toEqual(before);
    expect(await stillSignedIn(victim.cookie)).toBe(true);
    expect(await stillSignedIn(victimPhone)).toBe(true);
  });

  it("signing out this device from the list is Sign Out; signed out, the forms go to log in", async () => {
    const owner = await signedIn({ logIn: true });
    const other = await logInFrom(owner.email, IPHONE, {});
    // The current session's own public id, as another of the owner's devices sees it.
    const { sessions } = await sessionsSeenBy(other);
    const first = sessions.find((s) => !s.current)!;
    const res = await revoke(owner.cookie, first.publicId);
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/login");
    expect(res.headers.get("Set-Cookie")).toMatch(/^session=;.*Max-Age=0/);
    expect(await stillSignedIn(owner.cookie)).toBe(false);
    expect(await stillSignedIn(other)).toBe(true);

    const gone = await client({ cookie: owner.cookie }).post("/managesub", { form: { intent: "revokeOtherSessions" } });
    expect(gone.status).toBe(303);
    expect(gone.headers.get("Location")).toBe("/login?sessionExpired=true&redirectTo=%2Fmanagesub");
    expect(await stillSignedIn(other)).toBe(true);
  });

  it("a session made without a login (old rows) shows as an unknown device", async () => {
    const owner = await signedIn();
    const token = newToken();
    const now = Date.now();
    await env.DB.prepare(
      "INSERT INTO sessions (id, user_id, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?)",
    )
      .bind(await sha256Hex(token), owner.userId, now, now, now + 86_400_000)
      .run();
    const { sessions } = await sessionsSeenBy(`${sessionCookieName(false)}=${token}`);
    expect(sessions).toHaveLength(2);
    expect(sessions[0].text).toContain("Unknown device");
    expect(sessions[0].text).toContain("Unknown place");
  });
});
