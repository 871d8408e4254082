// One zod schema per account form, run in the browser before submitting (to show the message at once)
// and again on the server (the only check that counts). Messages are the spec's wording (§5, §8), with
// design.md's 8-character minimum instead of the spec's 6.
import { z } from "zod";
import { CONFIRM_MAILS_PER_HOUR } from "./auth-session";

export const PASSWORD_MIN = 8;
// PBKDF2 cost grows with the password's length, so an unbounded one is a cheap way to burn CPU.
export const PASSWORD_MAX = 128;
// RFC 5321 caps a forward path at 254 characters.
export const EMAIL_MAX = 254;
export const NAME_MAX = 50;

export const MSG = {
  required: "Email and password are required",
  accountChoice: "Please select if you are an Independent or an Agency.",
  firstNameRequired: "First name is required",
  firstNameTooLong: `First name must be at most ${NAME_MAX} characters long`,
  lastNameTooLong: `Last name must be at most ${NAME_MAX} characters long`,
  nameInvalid: "Names cannot contain control characters",
  nameNotText: "Names must be text",
  emailInvalid: "Please enter a valid email address",
  emailTooLong: `Email must be at most ${EMAIL_MAX} characters long`,
  emailNotText: "Email must be text",
  passwordNotText: "Password must be text",
  passwordMin: `Password must be at least ${PASSWORD_MIN} characters long`,
  passwordMax: `Password must be at most ${PASSWORD_MAX} characters long`,
  passwordMismatch: "Passwords do not match",
  resetEmailRequired: "Please enter your email address",
  invalidLogin: "Invalid email or password",
  resetSent: "If an account exists with this email, you will receive reset instructions shortly.",
  resetDone: "Password reset successful! Redirecting to login...",
  resetTokenInvalid: "This password reset link is invalid, has expired or was already used. Please request a new one.",
  sessionExpired: "Your session has expired. Please log in again.",
  signedOutByPasswordChange:
    "Your password was changed, so you were signed out here. Please log in with the new password.",
  // The one answer to every sign-up, whether or not the address has an account (decision 0010).
  signupCheckInbox: "Check your inbox: we have sent a link to confirm your e-mail address.",
  // The right password of an address not confirmed yet (decision 0026): a fresh link goes out, within the cap.
  confirmFirst: `Your e-mail address is not confirmed yet. We have e-mailed you a link: open it to confirm, then log in. (If it does not arrive, check your spam folder; we send at most ${CONFIRM_MAILS_PER_HOUR} links an hour.)`,
  // Under the login form for everyone.
  confirmEmailHint:
    "Just signed up? Open the link we e-mailed you first: signing in with your new password sends a fresh one.",
  confirmTokenInvalid:
    "This confirmation link is invalid, has expired or was already used. Log in to get a new one, or sign up again.",
  // A link issued after an earlier sign-up with the same address asks for the latest sign-up's password.
  confirmNeedsPassword:
    "Someone signed up more than once with this address. To confirm, enter the password you chose the last time you signed up.",
  confirmPasswordMissing: "Enter the password you chose when you signed up.",
  // Opening the link only shows a button (decision 0022): a GET confirms nothing and signs nobody in.
  confirmPrompt: "Confirm your e-mail address to finish signing up.",
  confirmButton: "Confirm my e-mail address",
  confirmWrongPassword:
    "That is not the password of the latest sign-up with this address. If you did not sign up twice, someone else may have used your address: sign up again to replace their details.",
  rateLimited: "Too many attempts. Please wait a minute and try again.",
  notAuthenticated: "Not authenticated",
  forbidden: "You do not have access to this account",
  adminNeedsSecondFactor: "Administrators must set up two-factor sign-in before using admin tools.",
} as const;

/** Shown when the server answers without an error text, or not at all (spec §8). */
export const FALLBACK = {
  login: "Login failed",
  signup: "Sign Up failed",
  resetRequest: "Password reset request failed",
  resetPassword: "Failed to reset password",
} as const;

// A missing field and a field of the wrong JSON type deserve different answers: "required" vs "must be text".
const text = (missing: string, wrongType: string) =>
  z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? missing : wrongType) });

const email = (missing: string) =>
  text(missing, MSG.emailNotText)
    .trim()
    .toLowerCase()
    .min(1, missing)
    .max(EMAIL_MAX, MSG.emailTooLong)
    .pipe(z.email(MSG.emailInvalid));

// Control characters in a name would end up in e-mail subjects and bodies.
const CONTROL = /\p{Cc}/u;
const name = (missing: string | null, tooLong: string) => {
  const base = text(missing ?? MSG.nameNotText, MSG.nameNotText).trim();
  return (missing ? base.min(1, missing) : base)
    .max(NAME_MAX, tooLong)
    .refine((v) => !CONTROL.test(v), MSG.nameInvalid);
};

const newPassword = () =>
  text(MSG.required, MSG.passwordNotText)
    .min(1, MSG.required)
    .min(PASSWORD_MIN, MSG.passwordMin)
    .max(PASSWORD_MAX, MSG.passwordMax);

export const loginSchema = z.object({
  email: email(MSG.required),
  // No minimum at login: the answer to a short password is the same "Invalid email or password".
  password: text(MSG.required, MSG.passwordNotText).min(1, MSG.required).max(PASSWORD_MAX, MSG.passwordMax),
});

/** The form sends 'true'/'false' (spec §3); JSON clients may send a boolean. */
const agencyChoice = z
  .union([z.enum(["true", "false"]), z.boolean()], { error: MSG.accountChoice })
  .transform((v) => v === true || v === "true");

export const signupSchema = z.object({
  email: email(MSG.required),
  password: newPassword(),
  agency: agencyChoice,
  firstName: name(MSG.firstNameRequired, MSG.firstNameTooLong),
  lastName: name(null, MSG.lastNameTooLong).optional().default(""),
  // accountType is accepted and ignored: every account starts 'unpaid' (spec §6).
});
export type SignupInput = z.infer<typeof signupSchema>;

export const resetRequestSchema = z.object({ email: email(MSG.resetEmailRequired) });

/** The two-field form: the match check comes before the length check (spec §5). */
export const setPasswordSchema = z
  .object({
    // The generous cap only stops absurd bodies early; the real maximum is checked after the match.
    password: text(MSG.passwordMin, MSG.passwordNotText)
      .max(10 * PASSWORD_MAX, MSG.passwordMax)
      .default(""),
    confirmPassword: text(MSG.passwordMin, MSG.passwordNotText)
      .max(10 * PASSWORD_MAX, MSG.passwordMax)
      .default(""),
  })
  .superRefine((v, ctx) => {
    const message =
      v.password !== v.confirmPassword
        ? MSG.passwordMismatch
        : v.password.length < PASSWORD_MIN
          ? MSG.passwordMin
          : v.password.length > PASSWORD_MAX
            ? MSG.passwordMax
            : null;
    if (message) ctx.addIssue({ code: "custom", message, path: ["password"] });
  });

/** The JSON reset call carries one field (spec §7). */
export const apiResetPasswordSchema = z.object({
  newPassword: text(MSG.passwordMin, MSG.passwordNotText)
    .min(PASSWORD_MIN, MSG.passwordMin)
    .max(PASSWORD_MAX, MSG.passwordMax),
  // Left out, the reset removes the account's passkeys, as the reset page's ticked box does (docs/accounts.md).
  // A form body carries it as the text "true" or "false".
  removePasskeys: z
    .union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")], {
      error: "removePasskeys must be true or false",
    })
    .default(true),
});

// When several fields fail, "fill these in" comes before "this one is malformed".
const PRESENCE_ORDER: readonly string[] = [
  MSG.required,
  MSG.accountChoice,
  MSG.firstNameRequired,
  MSG.resetEmailRequired,
];

/** The one message to show in the red box for a failed parse. */
export function firstError(error: z.ZodError): string {
  const messages = error.issues.map((i) => i.message);
  for (const m of PRESENCE_ORDER) if (messages.includes(m)) return m;
  return messages[0] ?? "Invalid input";
}

export type Parsed<T> = { ok: true; data: T } | { ok: false; error: string };

export function parseWith<S extends z.ZodType>(schema: S, input: unknown): Parsed<z.output<S>> {
  const result = schema.safeParse(input);
  return result.success ? { ok: true, data: result.data } : { ok: false, error: firstError(result.error) };
}
