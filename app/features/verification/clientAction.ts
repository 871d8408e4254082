import type { ClientActionFunctionArgs } from "@remix-run/react";
import { submitFailure } from "./verification";
import type { VerificationKind } from "./verification";

/**
 * The verification pages' submit with JavaScript: the same server action, but a network failure or a broken
 * server answer shows the spec's failure text on the form instead of replacing the page with the site-wide
 * error. Redirects (request sent, or sign in again) pass through. Without JavaScript the form posts directly.
 */
export function verificationClientAction(kind: VerificationKind) {
  return async ({ serverAction }: ClientActionFunctionArgs) => {
    try {
      return await serverAction();
    } catch (error) {
      if (error instanceof Response) throw error;
      console.error("verification request failed", error);
      return submitFailure(kind, error);
    }
  };
}
