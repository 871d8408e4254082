import type { SubmissionResult } from "@conform-to/react";

/**
 * A refusal that is about no one field (too many requests, too large, not found), in the shape Conform's
 * useForm reads as `lastResult`: it shows as the form's own error (`form.errors`).
 */
export function formError(message: string): SubmissionResult<string[]> {
  return { status: "error", error: { "": [message] } };
}

/** Every message in a form's errors, field by field in the order the checks ran. */
export function allMessages(errors: Record<string, readonly string[] | null | undefined> | null | undefined): string[] {
  return Object.values(errors ?? {}).flatMap((list) => list ?? []);
}
