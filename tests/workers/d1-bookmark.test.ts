// Read replicas without stale reads for the writer: every request runs in one D1 session; a signed-in
// write answers with the session's bookmark, sealed, in a cookie, and the next request starts its session
// there.
// D1 is the real local one; observeD1Sessions only reports where each request's session began and ended.
import { describe, expect, it } from "vitest";
import {
  BOOKMARK_MAX_AGE_SECONDS,
  isBookmark,
  isSealedBookmark,
  PRIMARY,
  UNCONSTRAINED,
} from "~/platform/data/d1-bookmark";
import { client, logIn, signedIn } from "./client";
import type { SignedIn } from "./client";
import { insertListing, insertUser } from "./fixtures";
import { PASSWORD } from "./auth-fixtures";
import { recordD1Sessions } from "./d1-sessions-fixture";
import type { D1SessionRecord } from "./d1-sessions-fixture";
import { VISITOR } from "./public-fixtures";

const sessions = recordD1Sessions();

const BOOKMARK_COOKIE = /^d1-bookmark=([^;]*); Path=\/; HttpOnly; SameSite=Lax; Max-Age=(\d+)$/;

function bookmarkCookie(res: Response): string | null {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("d1-bookmark="));
  return cookie ?? null;
}

function bookmarkOf(res: Response): string {
  const match = BOOKMARK_COOKIE.exec(bookmarkCookie(res) ?? "");
  if (!match) throw new Error(`no bookmark cookie in ${JSON.stringify(res.headers.getSetCookie())}`);
  expect(Number(match[2])).toBe(BOOKMARK_MAX_AGE_SECONDS);
  return match[1];
}

/** The session of the last request to `path` (the Worker reports each one as its answer leaves). */
function sessionOf(path: string): D1SessionRecord {
  const found = sessions.records.filter((s) => s.path === path).at(-1);
  if (!found) throw new Error(`no D1 session recorded for ${path}`);
  return found;
}

async function ownerWithListing(): Promise<{ owner: SignedIn; id: string }> {
  const owner = await signedIn();
  const id = await insertListing({ userId: owner.userId, live: true, verified: true });
  return { owner, id };
}

describe("D1 sessions and the bookmark cookie", () => {
  it("a signed-in write answers with its bookmark; the next request starts its session there", async () => {
    const { owner, id } = await ownerWithListing();
    const write = await owner.client.put(`/api/profiles/${id}/live`, { json: { live: false } });
    expect(write.status).toBe(200);
    const sealed = bookmarkOf(write);
    // The signed-in write began at the primary and ended at a bookmark, which the cookie carries sealed.
    const written = sessionOf(`/api/profiles/${id}/live`);
    expect(written.start).toBe(PRIMARY);
    const bookmark = written.bookmark!;
    expect(isBookmark(bookmark)).toBe(true);
    expect(isSealedBookmark(sealed)).toBe(true);
    expect(sealed).not.toContain(bookmark);

    const next = client({ cookie: `${owner.cookie}; d1-bookmark=${sealed}` });
    const dashboard = await next.get("/dashboard");
    expect(dashboard.status).toBe(200);
    const read = sessionOf("/dashboard");
    expect(read.start).toBe(bookmark);
    // D1 itself kept the session at or after the bookmark (bookmarks sort oldest to newest).
    expect(read.bookmark! >= bookmark).toBe(true);
    // And what a session begun there reads is the write: the listing is off, so visitors get no JSON for it.
    expect((await client({ cookie: `d1-bookmark=${sealed}` }).get(`/api/model/${id}`)).status).toBe(404);
    expect(sessionOf(`/api/model/${id}`).start).toBe(bookmark);
    // A read answers no bookmark: only writes move it.
    expect(bookmarkCookie(dashboard)).toBeNull();
    // Two writes in a row: the second starts where the first ended and hands on a later bookmark.
    const again = await next.put(`/api/profiles/${id}/live`, { json: { live: true } });
    expect(again.status).toBe(200);
    expect(sessionOf(`/api/profiles/${id}/live`).start).toBe(bookmark);
    expect(sessionOf(`/api/profiles/${id}/live`).bookmark! > bookmark).toBe(true);
    expect(bookmarkOf(again)).not.toBe(sealed);
  });

  it("without the cookie, a signed-in request starts at the primary and an anonymous one anywhere", async () => {
    const { owner } = await ownerWithListing();
    expect((await owner.client.get("/dashboard")).status).toBe(200);
    expect(sessionOf("/dashboard").start).toBe(PRIMARY);
    expect((await client().get("/")).status).toBe(200);
    expect(sessionOf("/").start).toBe(UNCONSTRAINED);
  });

  it("anonymous visitors never get the cookie, on pages, JSON or their own writes", async () => {
    const id = await insertListing();
    for (const path of ["/", "/locations/Auckland", `/view/${id}`, "/api/grid", "/faq", "/login"]) {
      const res = await client().get(path);
      expect(res.status, path).toBe(200);
      expect(bookmarkCookie(res), path).toBeNull();
    }
    // Even a stale bookmark cookie left in the browser changes nothing on the way out.
    const { owner, id: ownId } = await ownerWithListing();
    const bookmark = bookmarkOf(await owner.client.put(`/api/profiles/${ownId}/live`, { json: { live: false } }));
    const page = await client({ cookie: `d1-bookmark=${bookmark}` }).get("/");
    expect(page.status).toBe(200);
    expect(page.headers.getSetCookie()).toEqual([]);
    const like = await client().post(`/api/profiles/${id}/like`, { json: { fingerprint: VISITOR } });
    expect(like.status).toBe(200);
    expect(bookmarkCookie(like)).toBeNull();
  });

  it("a sign-in carries the bookmark (its session row is a write); a sign-out does not", async () => {
    const email = "bookmark-login@test.nz";
    await insertUser({ email, password: PASSWORD });
    const res = await client().post("/api/auth/login", { json: { email, password: PASSWORD } });
    expect(res.status).toBe(200);
    expect(isSealedBookmark(bookmarkOf(res))).toBe(true);
    const failed = await client().post("/api/auth/login", { json: { email, password: "wrong password 1" } });
    expect(failed.status).toBe(401);
    expect(bookmarkCookie(failed)).toBeNull();
    const cookie = await logIn(email);
    const out = await client({ cookie }).post("/logout", { form: {} });
    expect(out.status).toBe(302);
    expect(bookmarkCookie(out)).toBeNull();
  });

  it("a garbage, forged or tampered bookmark gets a normal answer from a session begun anywhere", async () => {
    const { owner, id } = await ownerWithListing();
    const sealed = bookmarkOf(await owner.client.put(`/api/profiles/${id}/live`, { json: { live: false } }));
    const plain = sessionOf(`/api/profiles/${id}/live`).bookmark!;
    const forged = `${"f".repeat(8)}-${"f".repeat(8)}-${"f".repeat(8)}-${"f".repeat(32)}`;
    // One character of the sealed bytes changed: the second to last (every bit of it is data; the last may
    // carry unused bits), always to a different letter.
    const flipped = sealed.slice(0, -2) + (sealed.at(-2) === "A" ? "B" : "A") + sealed.slice(-1);
    const otherIv = `v1.${"A".repeat(16)}.${sealed.split(".")[2]}`;
    const garbage = [
      "garbage",
      "",
      "0000-0000",
      "x".repeat(5000),
      "first-primary",
      "%00%0d%0a",
      forged,
      plain,
      flipped,
      otherIv,
    ];
    for (const value of garbage) {
      sessions.clear();
      const res = await client({ cookie: `${owner.cookie}; d1-bookmark=${value}` }).get("/dashboard");
      expect(res.status, value.slice(0, 20)).toBe(200);
      expect(sessionOf("/dashboard").start, value.slice(0, 20)).toBe(PRIMARY);
      const write = await client({ cookie: `${owner.cookie}; d1-bookmark=${value}` }).put(`/api/profiles/${id}/live`, {
        json: { live: false },
      });
      expect(write.status, value.slice(0, 20)).toBe(200);
    }
  });
});
