// What a new password must not be, beyond the length the zod schemas check in the browser too: one of the
// ~18,000 most common leaked passwords (a list shipped with the app, checked offline), and, when the
// BREACHED_PASSWORD_CHECK setting is "on", a password the Pwned Passwords range API has seen in a breach.
// The range check sends only the first 5 hex digits of the password's SHA-1 (k-anonymity) and is skipped,
// never fatal, when the service is slow or down. The list is too large to ship to browsers, so only the
// server checks it; the form shows the refusal the action answers.
import commonPasswords from "./common-passwords.txt?raw";

export const PASSWORD_POLICY_MSG = {
  common: "This password is too common and easy to guess. Please choose a different one.",
  breached: "This password has appeared in a data breach. Please choose a different one.",
} as const;

const RANGE_API = "https://api.pwnedpasswords.com/range/";
const RANGE_TIMEOUT_MS = 1500;

let common: Set<string> | null = null;

/** Built on first use, not at start-up: a cold Worker that signs nobody up pays nothing for it. */
function commonSet(): Set<string> {
  if (!common) {
    common = new Set(commonPasswords.split("\n").filter((line) => line !== "" && !line.startsWith("#")));
  }
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonSet().has(password.toLowerCase());
}

async function sha1Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-1", new TextEncoder().encode(value));
  return [...new Uint8Array(digest)]
    .map((b) => b.toString(16).padStart(2, "0"))
    .join("")
    .toUpperCase();
}

/**
 * How many breaches the range API says contain this password, or null when it could not be asked (error,
 * timeout, an unexpected answer). The Add-Padding header makes every answer the same size on the wire.
 */
export async function breachCount(
  password: string,
  fetcher: typeof fetch = fetch,
  timeoutMs = RANGE_TIMEOUT_MS,
): Promise<number | null> {
  try {
    const hash = await sha1Hex(password);
    const res = await fetcher(RANGE_API + hash.slice(0, 5), {
      headers: { "Add-Padding": "true" },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) return null;
    const suffix = hash.slice(5);
    for (const line of (await res.text()).split("\n")) {
      const [candidate, count] = line.trim().split(":");
      if (candidate?.toUpperCase() === suffix) return Number(count) || 0;
    }
    return 0;
  } catch {
    return null;
  }
}

export type PasswordPolicyEnv = { BREACHED_PASSWORD_CHECK?: string };

/** Why a new password is refused, or null. Checks the shipped list always, the range API when switched on. */
export async function newPasswordProblem(
  env: PasswordPolicyEnv,
  password: string,
  fetcher: typeof fetch = fetch,
): Promise<string | null> {
  if (isCommonPassword(password)) return PASSWORD_POLICY_MSG.common;
  if (env.BREACHED_PASSWORD_CHECK === "on") {
    const count = await breachCount(password, fetcher);
    if (count !== null && count > 0) return PASSWORD_POLICY_MSG.breached;
  }
  return null;
}
