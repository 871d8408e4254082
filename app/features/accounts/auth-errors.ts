// The refusals of a sign-in step, each with the status and the message to show. Pure: the login form's
// action and the JSON API both turn them into their answer.
import { MSG } from "./auth-schemas";

/** A failed auth step with the status and the message to show. */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "AuthError";
  }
}

/**
 * The right password for an account whose address is not confirmed yet (docs/decisions/0026-sign-in-before-confirming.md):
 * the person is told to confirm first, and the caller has a fresh link mailed (`userId`). The same answer
 * goes to the password a sign-up typed for a confirmed account's address (`userId` null: nothing is mailed),
 * so a stranger who signs up and then signs in learns nothing about whether the address had an account.
 */
export class EmailUnconfirmedError extends AuthError {
  constructor(readonly userId: string | null) {
    super(403, MSG.confirmFirst);
    this.name = "EmailUnconfirmedError";
  }
}
