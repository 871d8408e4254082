// Signing in with a passkey on /login: anonymous and usernameless, the device offers the account's
// discoverable passkey. @simplewebauthn/server does the protocol.
import { generateAuthenticationOptions, verifyAuthenticationResponse } from "@simplewebauthn/server";
import type { AuthenticatorTransport, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import { and, eq } from "drizzle-orm";
import { landingAfterLogin } from "~/features/accounts/auth-redirect";
import { ADMIN_ACCOUNT_TYPE } from "~/core/session-user";
import { getDb, schema } from "~/platform/data/db.server";
import type { RequestContext } from "~/platform/request-context";
import { createSession } from "../auth.server";
import { recordSecurityEvent, requestMeta, securityEventStatement } from "../security-log.server";
import { issueChallenge, PasskeyError, relyingParty, takeChallenge } from "./passkey-challenge.server";
import { signInBodySchema } from "./passkey-schemas";
import { OPTIONS_TIMEOUT_MS, PASSKEY_MSG, transportList } from "./passkeys";

const pk = schema.passkeys;

// ---------------------------------------------------------------------------------------------------
// Signing in (anonymous, usernameless: the device offers the account's discoverable passkey)

export async function signInOptions(
  request: Request,
  env: Env,
  now = Date.now(),
): Promise<{ options: PublicKeyCredentialRequestOptionsJSON; cookie: string }> {
  const { rpID } = relyingParty(env, request);
  const options = await generateAuthenticationOptions({
    rpID,
    userVerification: "required",
    timeout: OPTIONS_TIMEOUT_MS,
  });
  const cookie = await issueChallenge(
    request,
    env,
    { purpose: "sign_in", challenge: options.challenge, userId: null, userHandle: null },
    now,
  );
  return { options, cookie };
}

/**
 * Verifies a sign-in assertion and starts a session that counts as having proved a second factor
 * (possession of the device plus its user verification). Throws PasskeyError; nothing is written then
 * except that the challenge is spent.
 */
export async function verifySignIn(
  request: Request,
  cf: RequestContext,
  input: unknown,
  now = Date.now(),
): Promise<{ userId: string; cookie: string; redirectTo: string }> {
  const env = cf.env;
  const parsed = signInBodySchema.safeParse(input);
  if (!parsed.success) throw new PasskeyError(400, PASSKEY_MSG.malformed);
  const { response } = parsed.data;
  const challenge = await takeChallenge(request, env, "sign_in", now);
  if (!challenge) throw new PasskeyError(400, PASSKEY_MSG.challengeExpired);
  const db = getDb(env);
  const [row] = await db.select().from(pk).where(eq(pk.id, response.id)).limit(1);
  // The handle the device sent must be the account's: a key copied under another account's entry is not it.
  if (!row || (response.response.userHandle != null && response.response.userHandle !== row.userHandle)) {
    throw new PasskeyError(401, PASSKEY_MSG.unknownCredential);
  }
  const { origin, rpID } = relyingParty(env, request);
  let newCounter: number;
  try {
    const result = await verifyAuthenticationResponse({
      response: response as Parameters<typeof verifyAuthenticationResponse>[0]["response"],
      expectedChallenge: challenge.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: row.id,
        publicKey: isoBase64URL.toBuffer(row.publicKey),
        counter: row.counter,
        transports: transportList(row.transports) as AuthenticatorTransport[],
      },
      requireUserVerification: true,
    });
    if (!result.verified || !result.authenticationInfo.userVerified) throw new Error("not verified");
    newCounter = result.authenticationInfo.newCounter;
  } catch {
    throw new PasskeyError(400, PASSKEY_MSG.notVerified);
  }
  // Only if the counter is still the one verified against: two racing uses of one key cannot both pass.
  const used = await db
    .update(pk)
    .set({ counter: newCounter, lastUsedAt: now })
    .where(and(eq(pk.id, row.id), eq(pk.counter, row.counter)))
    .returning({ id: pk.id });
  if (used.length === 0) throw new PasskeyError(400, PASSKEY_MSG.notVerified);
  const cookie = await createSession(request, env, row.userId, { cf: cf.cf, secondFactor: "passkey", now });
  await recordSecurityEvent(
    securityEventStatement(db, row.userId, "passkey_login", requestMeta(request, cf.cf), Date.now()),
  );
  const [account] = await db
    .select({ accountType: schema.users.accountType })
    .from(schema.users)
    .where(eq(schema.users.id, row.userId))
    .limit(1);
  const isAdmin = account?.accountType === ADMIN_ACCOUNT_TYPE;
  return { userId: row.userId, cookie, redirectTo: landingAfterLogin(parsed.data.redirectTo, isAdmin) };
}
