// What a listing save takes and answers, shared by its steps (./save.server.ts runs them in order).
import type { ListingBody } from "../body";
import type { FieldErrors } from "../schema";
import type { SessionUser } from "~/features/accounts/auth.server";
import type { Profile } from "~/core/profile";

export type WaitUntil = { waitUntil(promise: Promise<unknown>): void };

export type SaveRequest = {
  env: Env;
  ctx: WaitUntil;
  user: Pick<SessionUser, "id" | "agency" | "isAdmin">;
  /** request.cf.country, when Cloudflare supplied one. */
  country: string | null | undefined;
  body: ListingBody;
  now?: number;
};

export type SaveMode = "create" | "update";

export type SaveFailure = {
  ok: false;
  status: number;
  body: { error: string; fieldErrors?: FieldErrors; page?: number };
};
export type SaveSuccess = {
  ok: true;
  status: 200 | 201;
  profile: Profile;
  /** D1 statements run before the answer (reads, the write batch, the answer's profile read). */
  statements: number;
  /** Statements in the atomic write batch. */
  batchStatements: number;
};
export type SaveOutcome = SaveSuccess | SaveFailure;

export const failure = (
  status: number,
  error: string,
  extra: { fieldErrors?: FieldErrors; page?: number } = {},
): SaveFailure => ({
  ok: false,
  status,
  body: { error, ...extra },
});

/** A photo problem: shown beside the photos, on the editor's first page. */
export const photoFailure = (status: number, message: string) =>
  failure(status, message, { fieldErrors: { images: message }, page: 1 });

/** Counts every D1 statement a save runs before answering (reported by the bench, never needed to work). */
export class StatementCount {
  n = 0;
  add(k = 1) {
    this.n += k;
  }
}
