// Two-factor sign-in, the pure part: TOTP (RFC 6238: 30-second steps, 6 digits, HMAC-SHA-1, which every
// authenticator app speaks) through otpauth, the recovery codes' shape, and the messages. The clock is a
// parameter, so drift and replay can be tested at exact instants. Secrets are sealed and stored by
// app/features/accounts/second-factor/totp.server.ts.
import { Secret, TOTP } from "otpauth";
import { z } from "zod";
import { TWO_FACTOR_PATH } from "~/core/session-user";

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of now a code may come from: a phone clock a little off still works, a stale code does not. */
export const TOTP_DRIFT_STEPS = 1;
/** 20 bytes (160 bits), the size RFC 4226 recommends for HMAC-SHA-1. */
const SECRET_BYTES = 20;

export const RECOVERY_CODE_COUNT = 10;
// No 0/o, 1/l/i: the codes are copied by hand from paper.
const RECOVERY_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";
const RECOVERY_GROUP = 5;
/** 10 characters from 31: about 49.5 bits each, far beyond guessing within the sign-in budget. */
const RECOVERY_LENGTH = 2 * RECOVERY_GROUP;

export const TWO_FACTOR_MSG = {
  codeRequired: "Enter the 6-digit code from your authenticator app.",
  codeFormat: "The code is the 6 digits your authenticator app shows.",
  codeWrong: "That code is not right or has expired. Enter the code your app shows now.",
  codeReplayed: "That code has already been used. Wait for your app to show a new one.",
  recoveryRequired: "Enter one of your recovery codes.",
  recoveryWrong: "That recovery code is not right or has already been used.",
  pendingExpired: "Your sign-in has expired. Please log in again.",
  notSetUp: "Two-factor sign-in is not set up on this account.",
  alreadyOn: "Two-factor sign-in is already on.",
  noPendingSetUp: "Start the set-up again: scan the new QR code, then enter the code it shows.",
  adminCannotDisable: "Administrators must keep two-factor sign-in. You can replace your authenticator app instead.",
  unavailable: "Two-factor sign-in is unavailable right now. Please try again later.",
  enabled: "Two-factor sign-in is on.",
  disabled: "Two-factor sign-in is off.",
  replaced: "Your new authenticator app is set up. The old one no longer works.",
  stepUpDone: "Thanks, this session has proved your second factor.",
  stepUpFirst: "Enter a code from your authenticator app first.",
  regenerated: "Your new recovery codes are below. The old ones no longer work.",
  adminRequired:
    "Administrators must use two-factor sign-in. Set it up now to open the admin tools; it takes a minute.",
} as const;

export type TotpCheck = { ok: true; step: number } | { ok: false; reason: "format" | "wrong" | "replayed" };

/** The 30-second step `now` falls in. */
export function totpStep(now: number): number {
  return TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: now });
}

/** Spaces and dashes people type or paste are ignored; anything else must be exactly 6 digits. */
export function normaliseTotpCode(input: unknown): string | null {
  if (typeof input !== "string" || input.length > 20) return null;
  const code = input.replace(/[\s-]/g, "");
  return /^\d{6}$/.test(code) ? code : null;
}

function totpFor(secretBase32: string, label = "account", issuer = "Kiwi Companions"): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: "SHA1",
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/**
 * Checks `input` against the secret at `now`, allowing one step of clock drift either way. A code whose step
 * is not after `lastStep` (the last one accepted for this account) is refused: a code seen over a shoulder
 * or in a proxy's log cannot be used again.
 */
export function checkTotp(secretBase32: string, input: unknown, now: number, lastStep: number): TotpCheck {
  const code = normaliseTotpCode(input);
  if (!code) return { ok: false, reason: "format" };
  const delta = totpFor(secretBase32).validate({ token: code, timestamp: now, window: TOTP_DRIFT_STEPS });
  if (delta === null) return { ok: false, reason: "wrong" };
  const step = totpStep(now) + delta;
  return step > lastStep ? { ok: true, step } : { ok: false, reason: "replayed" };
}

export function totpMessage(reason: "format" | "wrong" | "replayed"): string {
  return reason === "format"
    ? TWO_FACTOR_MSG.codeFormat
    : reason === "replayed"
      ? TWO_FACTOR_MSG.codeReplayed
      : TWO_FACTOR_MSG.codeWrong;
}

/** The code an authenticator app shows at `now` (tests, and `npm run totp` for the demo administrator). */
export function totpCodeAt(secretBase32: string, now: number): string {
  return totpFor(secretBase32).generate({ timestamp: now });
}

/** A new random secret in base32, as authenticator apps take it typed in. */
export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

/** A base32 secret as typed by hand: groups of four, easier to read out and check. */
export function groupedSecret(secretBase32: string): string {
  return secretBase32.replace(/(.{4})(?=.)/g, "$1 ");
}

/** The otpauth:// address the QR code carries. `label` tells the owner's accounts apart in the app. */
export function totpUri(secretBase32: string, label: string, issuer: string): string {
  return totpFor(secretBase32, label, issuer).toString();
}

/** Ten new recovery codes as shown to the owner ("abcde-fghjk"). */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const codes: string[] = [];
  while (codes.length < count) {
    let raw = "";
    while (raw.length < RECOVERY_LENGTH) {
      // 248 is the largest multiple of 31 below 256: rejecting bytes above it keeps every letter equally likely.
      for (const b of crypto.getRandomValues(new Uint8Array(RECOVERY_LENGTH * 2))) {
        if (b < 248 && raw.length < RECOVERY_LENGTH) raw += RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length];
      }
    }
    const code = `${raw.slice(0, RECOVERY_GROUP)}-${raw.slice(RECOVERY_GROUP)}`;
    if (!codes.includes(code)) codes.push(code);
  }
  return codes;
}

/**
 * A typed recovery code in the form it is hashed in (lower case, no spaces or dash), or null when it cannot
 * be one. Hashing the normalised form lets "ABCDE FGHJK" match "abcde-fghjk".
 */
export function normaliseRecoveryCode(input: unknown): string | null {
  if (typeof input !== "string" || input.length > 40) return null;
  const code = input.toLowerCase().replace(/[\s-]/g, "");
  return code.length === RECOVERY_LENGTH && [...code].every((c) => RECOVERY_ALPHABET.includes(c)) ? code : null;
}

/** The recovery codes as a text file the owner can keep. */
export function recoveryCodesText(codes: readonly string[], siteName: string): string {
  return [
    `${siteName} recovery codes`,
    "Each code works once, when you cannot use your authenticator app. Keep them somewhere safe.",
    "",
    ...codes,
    "",
  ].join("\n");
}

// The forms' fields, shared by the pages and the JSON API. Over-long input is refused before any work.
/** A typed code: present (else `missing`), at most `max` characters, and one `read` makes sense of (else `wrong`). */
function typedCode(missing: string, wrong: string, max: number, read: (value: string) => string | null) {
  return z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(max, wrong)
    .refine((v) => read(v) !== null, wrong);
}

const codeField = typedCode(TWO_FACTOR_MSG.codeRequired, TWO_FACTOR_MSG.codeFormat, 20, normaliseTotpCode);
const recoveryField = typedCode(
  TWO_FACTOR_MSG.recoveryRequired,
  TWO_FACTOR_MSG.recoveryWrong,
  40,
  normaliseRecoveryCode,
);

const passwordField = z
  .string({ error: "Enter your password." })
  .min(1, "Enter your password.")
  .max(128, "That is not your current password.");

/** The login page's code step. */
export const totpStepSchema = z.object({ code: codeField });
/** The login page's recovery step: the recovery code and the password again. */
export const recoveryStepSchema = z.object({ recoveryCode: recoveryField, password: passwordField });

/** POST /api/auth/login/second-factor: a code, or (when the body has recoveryCode) a recovery code with the password. */
export function secondFactorSchemaFor(body: Record<string, unknown>) {
  return body.recoveryCode !== undefined ? recoveryStepSchema : totpStepSchema;
}

/** Where an administrator without a second factor goes after the password: set-up, then `redirectTo`. */
export function adminSetUpUrl(redirectTo: string): string {
  return `${TWO_FACTOR_PATH}?${new URLSearchParams({ required: "admin", redirectTo })}`;
}

// The /account/two-factor forms. The current password is optional in the schema: a second factor proved in
// this session in the last few minutes stands in for it (the server decides, through confirmIdentity).
const currentPassword = z.string().max(128, "That is not your current password.").optional();
export const confirmSetUpSchema = z.object({ code: codeField, currentPassword });
export const stepUpSchema = z.object({ code: codeField });
export const identitySchema = z.object({ currentPassword });
