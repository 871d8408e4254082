import { describe, expect, it } from "vitest";
import {
  answerCarriesBookmark,
  BOOKMARK_MAX_AGE_SECONDS,
  isBookmark,
  isSealedBookmark,
  readBookmarkCookie,
  serializeBookmarkCookie,
  PRIMARY,
  sessionStart,
  UNCONSTRAINED,
} from "~/platform/data/d1-bookmark";

const BM = "00000000-0000001a-00000000-00000000000000000000000000000000";
const LATER = "0000006a-00000004-00004fb5-1c0a0f3b4e0c6e9d8f7a6b5c4d3e2f10";
// The shape sealSecret gives a bookmark: version, 12-byte IV, 75 bytes of ciphertext and tag (base64url).
const SEALED = `v1.${"A".repeat(16)}.${"b_-9".repeat(25)}`;
const SEALED2 = `v1.${"C".repeat(16)}.${"d".repeat(100)}`;

describe("D1 bookmark cookie", () => {
  it("recognises only D1's bookmark shape", () => {
    expect(isBookmark(BM)).toBe(true);
    expect(isBookmark(LATER)).toBe(true);
    for (const bad of [
      "",
      "garbage",
      "first-primary",
      UNCONSTRAINED,
      BM.toUpperCase().replace(/0/g, "F"),
      `${BM}0`,
      BM.slice(1),
      `${BM};x`,
      " " + BM,
      null,
      42,
    ])
      expect(isBookmark(bad), String(bad)).toBe(false);
  });

  it("recognises only the sealed shape in the cookie, never a bookmark in the clear", () => {
    expect(isSealedBookmark(SEALED)).toBe(true);
    for (const bad of [BM, "", "v1..", `v2.${SEALED.slice(3)}`, `${SEALED}.x`, `${SEALED}=`, SEALED + "%", null])
      expect(isSealedBookmark(bad), String(bad)).toBe(false);
  });

  it("reads its own cookie by name, Secure-prefixed where the session cookie is", () => {
    expect(readBookmarkCookie(`age_verified=1; d1-bookmark=${SEALED}; session=abc`, false)).toBe(SEALED);
    expect(readBookmarkCookie(`d1-bookmark=${SEALED}`, true)).toBeNull();
    expect(readBookmarkCookie(`__Host-d1-bookmark=${SEALED}`, true)).toBe(SEALED);
    expect(readBookmarkCookie(`x-d1-bookmark=${SEALED}`, false)).toBeNull();
    expect(readBookmarkCookie(`d1-bookmark=${BM}`, false)).toBeNull();
    expect(readBookmarkCookie(null, false)).toBeNull();
    // A bad copy first does not hide a good one after it; garbage alone gives nothing.
    expect(readBookmarkCookie(`d1-bookmark=junk; d1-bookmark=${SEALED2}`, false)).toBe(SEALED2);
    expect(readBookmarkCookie("d1-bookmark=junk", false)).toBeNull();
  });

  it("starts the session at an opened bookmark, else at the primary when signed in and anywhere when not", () => {
    for (const signedIn of [true, false]) {
      expect(sessionStart(BM, signedIn)).toBe(BM);
      expect(sessionStart(LATER, signedIn)).toBe(LATER);
    }
    for (const bad of [null, "", "garbage", "first-primary", BM.toUpperCase()]) {
      expect(sessionStart(bad, false), String(bad)).toBe(UNCONSTRAINED);
      expect(sessionStart(bad, true), String(bad)).toBe(PRIMARY);
    }
  });

  it("serialises a short-lived, HttpOnly, SameSite=Lax cookie for the whole site", () => {
    expect(serializeBookmarkCookie(SEALED, false)).toBe(
      `d1-bookmark=${SEALED}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${BOOKMARK_MAX_AGE_SECONDS}`,
    );
    expect(serializeBookmarkCookie(SEALED, true)).toBe(
      `__Host-d1-bookmark=${SEALED}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${BOOKMARK_MAX_AGE_SECONDS}; Secure`,
    );
    expect(BOOKMARK_MAX_AGE_SECONDS).toBeLessThanOrEqual(600);
  });

  it("goes only on writes that leave someone signed in", () => {
    for (const method of ["GET", "HEAD", "get"]) {
      expect(answerCarriesBookmark(method, true, "none")).toBe(false);
      expect(answerCarriesBookmark(method, false, "sets")).toBe(false);
    }
    for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
      expect(answerCarriesBookmark(method, true, "none")).toBe(true);
      expect(answerCarriesBookmark(method, false, "sets")).toBe(true);
      expect(answerCarriesBookmark(method, false, "none")).toBe(false);
      expect(answerCarriesBookmark(method, true, "clears")).toBe(false);
    }
  });
});
