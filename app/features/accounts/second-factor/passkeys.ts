// Passkeys (WebAuthn): the words and limits shared by the browser components and the server. The body
// shapes are in passkey-schemas.ts (zod stays out of pages that only need the words).
/** How long a challenge may be answered. The browser's own prompt gives up sooner (OPTIONS_TIMEOUT_MS). */
export const CHALLENGE_TTL_MS = 5 * 60_000;
export const OPTIONS_TIMEOUT_MS = 2 * 60_000;
/** More would be a sign of abuse, and makes the list and the exclude list unwieldy. */
export const MAX_PASSKEYS = 20;
export const PASSKEY_NAME_MAX = 60;

/** The form intent that removes a passkey on /managesub. */
export const PASSKEY_REMOVE_INTENT = "removePasskey";

export const PASSKEY_API = {
  registerOptions: "/api/passkeys/register/options",
  register: "/api/passkeys/register",
  signInOptions: "/api/passkeys/login/options",
  signIn: "/api/passkeys/login",
} as const;

export const PASSKEY_MSG = {
  signInNeedsJs: "Signing in with a passkey needs JavaScript, which is turned off in this browser.",
  addNeedsJs: "Adding a passkey needs JavaScript, which is turned off in this browser.",
  unsupported: "This browser cannot use passkeys.",
  secondFactorFirst: "Confirm a code from your authenticator app first (on the two-factor page), then add the passkey.",
  cancelled: "The passkey request was cancelled or timed out. Please try again.",
  wrongAddress:
    "Passkeys only work when the site is opened at its own address (in local development: http://localhost, not 127.0.0.1).",
  alreadyOnDevice: "This device already holds a passkey for your account.",
  failed: "Something went wrong with the passkey. Please try again.",
  challengeExpired: "This passkey request has expired or was already used. Please try again.",
  malformed: "The passkey answer could not be read. Please try again.",
  notVerified: "The passkey could not be verified. Please try again.",
  unknownCredential: "This passkey is not registered with us. Sign in with your password instead.",
  alreadyRegistered: "This passkey is already registered.",
  nameInvalid: `A passkey name may have at most ${PASSKEY_NAME_MAX} characters and no control characters.`,
  tooMany: `An account can have at most ${MAX_PASSKEYS} passkeys. Remove one first.`,
  notFound: "That passkey was not found.",
  added: "Passkey added. You can now sign in with it.",
} as const;

/** The form field of 'Also remove all passkeys' on the reset page and the two-factor set-up. */
export const REMOVE_ALL_PASSKEYS_FIELD = "removePasskeys";

/**
 * The words of 'Also remove all passkeys (N)', offered (ticked) where someone secures an account they may
 * have lost control of: a new password, a new authenticator app. A passkey signs in by itself, so neither
 * would keep out whoever holds one.
 */
export const REMOVE_ALL_PASSKEYS = {
  label: (n: number) => `Also remove all passkeys (${n})`,
  hint: "A passkey signs in without your password. Keep this ticked if you think someone else got into your account; you can add your own passkeys again afterwards.",
  removed: (n: number) =>
    `All your passkeys (${n}) were removed. Add them again from Account Settings if you want to keep using them.`,
  kept: (n: number) =>
    `Your ${n === 1 ? "passkey still signs" : `${n} passkeys still sign`} in. Remove any you do not trust in Account Settings.`,
} as const;

/** A passkey as the owner's list shows it. */
export type PasskeyView = { id: string; name: string; added: string; addedAt: string; lastUsed: string | null };

/** What /managesub's Passkeys section is given: the list, whether changes need the password, a name to offer. */
export type PasskeySectionData = { passkeys: PasskeyView[]; needsPassword: boolean; defaultName: string };

/** The name to store: the owner's, trimmed, or the device summary ("Chrome on macOS") when left blank. */
export function passkeyName(typed: unknown, deviceSummary: string): { ok: true; name: string } | { ok: false } {
  if (typed !== undefined && typed !== null && typeof typed !== "string") return { ok: false };
  const name = (typed ?? "").trim();
  if (name === "") return { ok: true, name: deviceSummary.trim() || "Passkey" };
  // eslint-disable-next-line no-control-regex
  if ([...name].length > PASSKEY_NAME_MAX || /[\u0000-\u001f\u007f-\u009f]/.test(name)) return { ok: false };
  return { ok: true, name };
}

/** The transports column ("internal,hybrid") as a list, keeping only the names WebAuthn defines. */
const KNOWN_TRANSPORTS = new Set(["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"]);
export function transportList(value: string | readonly string[] | undefined): string[] {
  const list = typeof value === "string" ? value.split(",") : (value ?? []);
  return [...new Set(list.filter((t) => KNOWN_TRANSPORTS.has(t)))];
}

/**
 * What the browser's WebAuthn error means to the person (by DOMException name): cancelled or timed out,
 * an address the browser will not use passkeys on, or a device that already holds one for this account.
 */
export function passkeyErrorText(name: string | undefined, during: "register" | "sign-in"): string {
  if (name === "NotAllowedError" || name === "AbortError") return PASSKEY_MSG.cancelled;
  if (name === "SecurityError") return PASSKEY_MSG.wrongAddress;
  if (name === "InvalidStateError" && during === "register") return PASSKEY_MSG.alreadyOnDevice;
  if (name === "NotSupportedError") return PASSKEY_MSG.unsupported;
  return PASSKEY_MSG.failed;
}
