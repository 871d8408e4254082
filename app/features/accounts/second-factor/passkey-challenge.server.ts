// What every passkey step shares: the relying party (the site's own origin, site-origin.server.ts: SITE_ORIGIN
// in production, the address it was opened at only for local development on a loopback host), and one
// single-use challenge per browser, found through an HttpOnly cookie holding a random id, stored hashed.
import { eq, lt } from "drizzle-orm";
import { newToken } from "~/platform/data/ids";
import { getDb, schema } from "~/platform/data/db.server";
import { cookieIsSecure } from "~/platform/env";
import { siteOrigin } from "~/platform/http/site-origin.server";
import { readTokenCookie, serializeTokenCookie, sha256Hex } from "~/platform/http/token-cookie.server";
import type { TokenCookie } from "~/platform/http/token-cookie.server";
import { CHALLENGE_TTL_MS } from "./passkeys";

const pc = schema.passkeyChallenges;

// Ed25519, ES256 and RS256: what every passkey provider offers and workerd's WebCrypto verifies. The
// library's default would add ML-DSA where the runtime seems to support it; we keep the list fixed.
export const ALGORITHMS = [-8, -7, -257];

/** A refused passkey step: the status and the message to show. Nothing was changed. */
export class PasskeyError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "PasskeyError";
  }
}

/** The origin the browser must report and the RP ID the passkeys are bound to (its host name). */
export function relyingParty(env: Env, request: Request): { origin: string; rpID: string } {
  const origin = siteOrigin(env, request);
  return { origin, rpID: new URL(origin).hostname };
}

// ---------------------------------------------------------------------------------------------------
// The challenge cookie: like the session cookie, __Host- except on plain-http local development. Strict:
// only our own pages' fetches ever need it.

const CHALLENGE_COOKIE: TokenCookie = { name: "passkey", sameSite: "Strict" };

function challengeCookie(value: string, secure: boolean, maxAgeSeconds: number): string {
  return serializeTokenCookie(CHALLENGE_COOKIE, value, secure, maxAgeSeconds);
}

/** The Set-Cookie value that drops the challenge cookie once its challenge is spent. */
export function clearChallengeCookie(env: Pick<Env, "APP_ENV">): string {
  return challengeCookie("", cookieIsSecure(env), 0);
}

function readChallengeToken(request: Request, secure: boolean): string | null {
  return readTokenCookie(request.headers.get("Cookie"), CHALLENGE_COOKIE, secure);
}

type ChallengeRow = typeof pc.$inferSelect;

/**
 * Stores a new challenge for this browser and answers the Set-Cookie that names it. The browser's previous
 * challenge goes (one outstanding per browser), and so does every expired one (housekeeping, no cron).
 */
export async function issueChallenge(
  request: Request,
  env: Env,
  row: Omit<ChallengeRow, "id" | "expiresAt">,
  now: number,
): Promise<string> {
  const secure = cookieIsSecure(env);
  const token = newToken();
  const previous = readChallengeToken(request, secure);
  const db = getDb(env);
  const writes = [
    db.delete(pc).where(lt(pc.expiresAt, now)),
    db.insert(pc).values({ ...row, id: await sha256Hex(token), expiresAt: now + CHALLENGE_TTL_MS }),
  ] as const;
  if (previous) await db.batch([db.delete(pc).where(eq(pc.id, await sha256Hex(previous))), ...writes]);
  else await db.batch(writes);
  return challengeCookie(token, secure, Math.floor(CHALLENGE_TTL_MS / 1000));
}

/**
 * Spends the browser's challenge: deleted in the same statement that reads it, so it can be answered once
 * whatever happens next. Null when there is none, it has expired, or it was issued for the other purpose.
 */
export async function takeChallenge(
  request: Request,
  env: Env,
  purpose: ChallengeRow["purpose"],
  now: number,
): Promise<ChallengeRow | null> {
  const token = readChallengeToken(request, cookieIsSecure(env));
  if (!token) return null;
  const [row] = await getDb(env)
    .delete(pc)
    .where(eq(pc.id, await sha256Hex(token)))
    .returning();
  if (!row || row.purpose !== purpose || row.expiresAt <= now) return null;
  return row;
}
