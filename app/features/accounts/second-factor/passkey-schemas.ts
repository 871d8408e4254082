// The shapes of the passkey API's bodies. The protocol itself (attestation, assertion, signatures) is
// @simplewebauthn's; this only bounds what may reach it, so junk is a 400 before the library decodes a byte.
import { z } from "zod";

// base64url only: a credential id is at most 1023 bytes (WebAuthn), everything else is bounded generously
// but far below the body cap, so an oversized field is refused before the library decodes it.
const b64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/);
const credentialId = b64url(1366);
const extensions = z.record(z.string(), z.unknown());
const attachment = z.enum(["platform", "cross-platform"]).optional();
const transports = z.array(z.string().max(32)).max(10).optional();

export const registrationResponseSchema = z.object({
  id: credentialId,
  rawId: credentialId,
  type: z.literal("public-key"),
  response: z.object({
    clientDataJSON: b64url(4096),
    attestationObject: b64url(16_384),
    authenticatorData: b64url(8192).optional(),
    transports,
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64url(4096).optional(),
  }),
  clientExtensionResults: extensions,
  authenticatorAttachment: attachment,
});

export const authenticationResponseSchema = z.object({
  id: credentialId,
  rawId: credentialId,
  type: z.literal("public-key"),
  response: z.object({
    clientDataJSON: b64url(4096),
    authenticatorData: b64url(8192),
    signature: b64url(1024),
    userHandle: b64url(128).optional(),
  }),
  clientExtensionResults: extensions,
  authenticatorAttachment: attachment,
});

export const registerBodySchema = z.object({ name: z.unknown().optional(), response: registrationResponseSchema });
export const signInBodySchema = z.object({
  response: authenticationResponseSchema,
  redirectTo: z.unknown().optional(),
});
