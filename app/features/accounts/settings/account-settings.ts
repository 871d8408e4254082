// The owner's own account settings on /managesub (docs/accounts.md): the session list, changing the password and
// changing the e-mail address. Pure: the schemas (run in the browser before sending and on the server, the
// only check that counts), the messages, the limits and how the session list is ordered.
import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { EMAIL_MAX, MSG, PASSWORD_MAX, PASSWORD_MIN } from "../auth-schemas";
import { NOTICE } from "~/features/site/messages";

const HOUR = 60 * 60_000;

/** An e-mail change link works this long, once. */
export const EMAIL_CHANGE_TTL_MS = 24 * HOUR;
/** E-mail change requests per account per hour: each sends a mail to an address the requester chose. */
export const EMAIL_CHANGES_PER_HOUR = 5;

/** The form field names (reauth.server's CURRENT_PASSWORD_FIELD is `currentPassword`'s). */
export const FIELD = {
  currentPassword: "currentPassword",
  newPassword: "newPassword",
  confirmPassword: "confirmPassword",
  newEmail: "newEmail",
  session: "session",
} as const;

export const ACCOUNT_MSG = {
  sessionNotFound: "That session is not one of yours or has already ended.",
  emailSame: "That is already your e-mail address.",
  emailChangeTooMany: "Too many e-mail change requests. Please try again in an hour.",
  emailChangeSent: NOTICE.emailChangeSent,
  emailChanged: "Your e-mail address has been changed. Use the new one to log in from now on.",
  emailLinkInvalid:
    "This link is invalid, has expired or was already used. You can ask for a new one in your account settings.",
  /** The old address's link (/account/email/cancel/{token}) ended every pending change. */
  emailChangeCancelled:
    "The change of e-mail address is cancelled: your account keeps this address. If you did not ask for it, reset your password now, because whoever asked knows it.",
  /** A good cancel link, but nothing was pending: the change was already made, cancelled or ended. */
  emailNothingToCancel:
    "No change of e-mail address was waiting: it was already made, cancelled or ended by a new password. If your account's address was changed without you, contact us.",
  emailCancelLinkInvalid: "This link is invalid, has expired or was already used.",
  /** The address found an account between the request and the link (someone signed up with it meanwhile). */
  emailNoLongerFree: "This address can no longer be used for your account. Your e-mail address has not changed.",
  changeFailed: "Something went wrong and nothing was changed. Please try again.",
} as const;

/** The current password: empty is allowed here (a fresh second factor may stand in; confirmIdentity decides). */
const currentPassword = z
  .string({ error: MSG.passwordNotText })
  .max(10 * PASSWORD_MAX, MSG.passwordMax)
  .optional()
  .default("");

/** New password + confirmation: the match check first, then the length, as on the reset page (spec §5). */
export const changePasswordSchema = z
  .object({
    [FIELD.currentPassword]: currentPassword,
    [FIELD.newPassword]: z
      .string({ error: MSG.passwordNotText })
      .max(10 * PASSWORD_MAX, MSG.passwordMax)
      .optional()
      .default(""),
    [FIELD.confirmPassword]: z
      .string({ error: MSG.passwordNotText })
      .max(10 * PASSWORD_MAX, MSG.passwordMax)
      .optional()
      .default(""),
  })
  .superRefine((v, ctx) => {
    const message =
      v.newPassword.length < PASSWORD_MIN
        ? MSG.passwordMin
        : v.newPassword.length > PASSWORD_MAX
          ? MSG.passwordMax
          : v.newPassword !== v.confirmPassword
            ? MSG.passwordMismatch
            : null;
    if (message)
      ctx.addIssue({
        code: "custom",
        message,
        path: [message === MSG.passwordMismatch ? FIELD.confirmPassword : FIELD.newPassword],
      });
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** Stored trimmed and lower-cased, like every address (sign-up, login). */
export const changeEmailSchema = z.object({
  [FIELD.currentPassword]: currentPassword,
  [FIELD.newEmail]: z
    .string({ error: (issue) => (issue.input == null ? MSG.emailInvalid : MSG.emailNotText) })
    .trim()
    .toLowerCase()
    .min(1, MSG.emailInvalid)
    .max(EMAIL_MAX, MSG.emailTooLong)
    .pipe(z.email(MSG.emailInvalid)),
});
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;

// The page names a session by a keyed hash of its stored id (sessions.server.ts explains why): 22 base64url
// characters. Anything else is refused before a query runs.
const PUBLIC_SESSION_ID = /^[A-Za-z0-9_-]{22}$/;

export function isPublicSessionId(value: unknown): value is string {
  return typeof value === "string" && PUBLIC_SESSION_ID.test(value);
}

export type SessionListItem = { publicId: string; current: boolean; lastSeenAt: number; createdAt: number };

/** This device first, then the most recently used. */
export function orderSessions<T extends SessionListItem>(sessions: readonly T[]): T[] {
  return [...sessions].sort(
    (a, b) =>
      Number(b.current) - Number(a.current) ||
      b.lastSeenAt - a.lastSeenAt ||
      b.createdAt - a.createdAt ||
      a.publicId.localeCompare(b.publicId),
  );
}

/** The /managesub intents of the session list and the sensitive-change forms. */
export const ACCOUNT_INTENTS = ["revokeSession", "revokeOtherSessions", "changePassword", "changeEmail"] as const;
export type AccountIntent = (typeof ACCOUNT_INTENTS)[number];

export function isAccountIntent(value: unknown): value is AccountIntent {
  return typeof value === "string" && (ACCOUNT_INTENTS as readonly string[]).includes(value);
}

/** What an account form's post answers when it does not redirect: the form it belongs to and Conform's result. */
export type AccountFormResult = { accountForm: AccountIntent; result: SubmissionResult<string[]> };

/** One row of the session list as the page shows it (times in NZ time, like the security log). */
export type SessionView = {
  publicId: string;
  device: string;
  place: string;
  started: string;
  startedAt: string;
  lastSeen: string;
  lastSeenAt: string;
  current: boolean;
};
