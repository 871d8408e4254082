// Accounts with two-factor on, codes from their secrets at chosen instants, and the two halves of a sign-in.
import { env } from "cloudflare:test";
import { newTotpSecret, TOTP_PERIOD_SECONDS, totpCodeAt, totpStep } from "~/features/accounts/second-factor/totp";
import { sealSecret } from "~/platform/crypto/sealing-key.server";
import { createAccount } from "./auth-fixtures";
import { client } from "./client";

export const STEP_MS = TOTP_PERIOD_SECONDS * 1000;

/** An account whose TOTP secret is sealed in D1 as set-up leaves it (the secret is answered for making codes). */
export async function accountWithTotp(o: { accountType?: string; email?: string } = {}) {
  const account = await createAccount(o);
  const secret = newTotpSecret();
  await env.DB.prepare("INSERT INTO totp_factors (user_id, secret, enabled_at, last_step) VALUES (?, ?, ?, 0)")
    .bind(account.id, await sealSecret(env, account.id, secret), Date.now())
    .run();
  return { ...account, secret };
}

/** The code the app shows `steps` steps from now. */
export function codeFor(secret: string, steps = 0): string {
  return totpCodeAt(secret, Date.now() + steps * STEP_MS);
}

/**
 * Waits while the clock is within 3 s of a step's end, so a code computed here for step N is still for step N
 * (relative to the server's clock) when the request arrives.
 */
export async function awayFromStepEdge(): Promise<void> {
  const left = STEP_MS - (Date.now() % STEP_MS);
  if (left < 3000) await new Promise((r) => setTimeout(r, left + 50));
}

export { totpStep };

/** "name=value" of a cookie a response sets (empty value when it clears it), or null. */
export function cookieFrom(res: Response, name: string): string | null {
  for (const header of res.headers.getSetCookie()) {
    const [pair] = header.split(";");
    if (pair.slice(0, pair.indexOf("=")) === name) return pair;
  }
  return null;
}

/** The password half of a JSON sign-in: answers the pending sign-in cookie. */
export async function passwordStep(email: string, password: string): Promise<string> {
  const res = await client().post("/api/auth/login", { json: { email, password } });
  if (res.status !== 200) throw new Error(`login answered ${res.status}`);
  const pending = cookieFrom(res, "pending_sign_in");
  if (!pending) throw new Error("no pending sign-in cookie");
  return pending;
}

/** The second half: POST /api/auth/login/second-factor with the pending cookie. */
export function secondStep(pending: string, body: unknown) {
  return client({ cookie: pending }).post("/api/auth/login/second-factor", {
    json: body,
  });
}

export async function sessionsOf(userId: string) {
  return (
    await env.DB.prepare("SELECT second_factor_at FROM sessions WHERE user_id = ?")
      .bind(userId)
      .all<{ second_factor_at: number | null }>()
  ).results;
}
