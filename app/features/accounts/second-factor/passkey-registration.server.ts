// Registering a passkey on /managesub. @simplewebauthn/server does the protocol; this keeps the public keys.
import { generateRegistrationOptions, verifyRegistrationResponse } from "@simplewebauthn/server";
import type { AuthenticatorTransport, PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import { eq } from "drizzle-orm";
import type { SessionUser } from "~/core/session-user";
import { getDb, schema } from "~/platform/data/db.server";
import type { RequestContext } from "~/platform/request-context";
import { recordSecurityEvent, requestMeta, securityEventStatement } from "../security-log.server";
import { ALGORITHMS, issueChallenge, PasskeyError, relyingParty, takeChallenge } from "./passkey-challenge.server";
import { siteName } from "~/platform/email/email.server";
import { registerBodySchema } from "./passkey-schemas";
import { MAX_PASSKEYS, OPTIONS_TIMEOUT_MS, PASSKEY_MSG, passkeyName, transportList } from "./passkeys";
import type { PasskeyView } from "./passkeys";
import { listPasskeys, notifyOwner } from "./passkeys.server";

const pk = schema.passkeys;

// ---------------------------------------------------------------------------------------------------
// Registering (signed in; the caller has confirmed the owner with confirmIdentity first)

export async function registrationOptions(
  request: Request,
  env: Env,
  user: Pick<SessionUser, "id" | "email" | "firstName">,
  now = Date.now(),
): Promise<{ options: PublicKeyCredentialCreationOptionsJSON; cookie: string }> {
  const { rpID } = relyingParty(env, request);
  const existing = await getDb(env)
    .select({ id: pk.id, transports: pk.transports, userHandle: pk.userHandle })
    .from(pk)
    .where(eq(pk.userId, user.id));
  if (existing.length >= MAX_PASSKEYS) throw new PasskeyError(409, PASSKEY_MSG.tooMany);
  // One random handle per account, the same on every passkey: a device then keeps one entry per account.
  const userHandle = existing[0]?.userHandle ?? isoBase64URL.fromBuffer(crypto.getRandomValues(new Uint8Array(32)));
  const options = await generateRegistrationOptions({
    rpName: siteName(env),
    rpID,
    userName: user.email,
    userDisplayName: user.firstName,
    userID: isoBase64URL.toBuffer(userHandle),
    timeout: OPTIONS_TIMEOUT_MS,
    attestationType: "none",
    // The device says so if it already holds one of these, instead of silently replacing it.
    excludeCredentials: existing.map((c) => ({
      id: c.id,
      transports: transportList(c.transports) as AuthenticatorTransport[],
    })),
    // Discoverable (sign-in without typing an address) and always with the device's own user check.
    authenticatorSelection: { residentKey: "required", requireResidentKey: true, userVerification: "required" },
    supportedAlgorithmIDs: ALGORITHMS,
  });
  const cookie = await issueChallenge(
    request,
    env,
    { purpose: "register", challenge: options.challenge, userId: user.id, userHandle },
    now,
  );
  return { options, cookie };
}

/** Verifies the browser's answer to the registration options and stores the passkey. Throws PasskeyError. */
export async function verifyRegistration(
  request: Request,
  cf: RequestContext,
  user: Pick<SessionUser, "id" | "email" | "firstName">,
  input: unknown,
  now = Date.now(),
): Promise<PasskeyView> {
  const env = cf.env;
  const parsed = registerBodySchema.safeParse(input);
  if (!parsed.success) throw new PasskeyError(400, PASSKEY_MSG.malformed);
  const meta = requestMeta(request, cf.cf);
  const named = passkeyName(parsed.data.name, meta.device);
  if (!named.ok) throw new PasskeyError(400, PASSKEY_MSG.nameInvalid);
  const challenge = await takeChallenge(request, env, "register", now);
  if (!challenge || challenge.userId !== user.id || !challenge.userHandle) {
    throw new PasskeyError(400, PASSKEY_MSG.challengeExpired);
  }
  const { origin, rpID } = relyingParty(env, request);
  let info;
  try {
    const result = await verifyRegistrationResponse({
      response: parsed.data.response as Parameters<typeof verifyRegistrationResponse>[0]["response"],
      expectedChallenge: challenge.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
      supportedAlgorithmIDs: ALGORITHMS,
    });
    if (!result.verified) throw new Error("not verified");
    info = result.registrationInfo;
  } catch {
    throw new PasskeyError(400, PASSKEY_MSG.notVerified);
  }
  // A browser that reports the key is not discoverable broke our requirement: it could not sign in alone.
  const credProps = parsed.data.response.clientExtensionResults.credProps as { rk?: unknown } | undefined;
  if (credProps?.rk === false) throw new PasskeyError(400, PASSKEY_MSG.notVerified);

  const db = getDb(env);
  const { credential } = info;
  const inserted = await db
    .insert(pk)
    .values({
      id: credential.id,
      userId: user.id,
      userHandle: challenge.userHandle,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: transportList(parsed.data.response.response.transports ?? []).join(","),
      name: named.name,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: pk.id });
  if (inserted.length === 0) throw new PasskeyError(409, PASSKEY_MSG.alreadyRegistered);
  await recordSecurityEvent(securityEventStatement(db, user.id, "passkey_added", meta, now));
  cf.ctx.waitUntil(notifyOwner(request, env, user, "added", meta));
  const [view] = (await listPasskeys(env, user.id)).filter((p) => p.id === credential.id);
  return view;
}
