// Which second factors an account can sign in with. The sign-in asks this after the password, and the
// pages ask it to say what is on. Each kind of factor adds one entry here (passkeys will join TOTP); the
// sign-in then offers whichever the account has. Recovery codes are a way back in, not a factor of their own.
import { hasTotp } from "./totp.server";
import type { DbEnv } from "~/platform/data/db.server";

export type SecondFactorKind = "totp";

const CHECKS: Record<SecondFactorKind, (env: DbEnv, userId: string) => Promise<boolean>> = {
  totp: hasTotp,
};

/** The second factors `userId` has set up, in a fixed order; empty when the password alone signs in. */
export async function secondFactorsOf(env: DbEnv, userId: string): Promise<SecondFactorKind[]> {
  const kinds = Object.keys(CHECKS) as SecondFactorKind[];
  const has = await Promise.all(kinds.map((kind) => CHECKS[kind](env, userId)));
  return kinds.filter((_, i) => has[i]);
}
