// How the seed fails: every failure names the step it happened in and says what to do, with the cause's details
// below when the cause was not the seed's own check. A failure after something was written removes it again
// first, so the store is as it was and `--if-empty` never mistakes a broken seed for a finished one.
import type { DemoData } from "./generate";
import type { SeedStore } from "./store";

export class SeedError extends Error {
  /** What to do about it; printed under the message. */
  readonly advice: string;

  constructor(message: string, advice = "", options?: { cause?: unknown }) {
    super(message, options);
    this.name = "SeedError";
    this.advice = advice;
  }
}

export const NOTHING_WRITTEN =
  "Nothing was written. Run the same command again (npm start seeds only a database without users); if it " +
  "fails the same way, the details below say why.";

/** Runs one step; any failure that is not already a SeedError becomes one that names the step. */
export async function duringStep<T>(step: string, advice: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof SeedError) throw error;
    throw new SeedError(`${step} failed: ${messageOf(error)}`, advice, { cause: error });
  }
}

/**
 * After a failure in `step`, once pictures or rows may have gone in: deletes the demo users (the rest of their
 * rows cascade) and every picture key of `data`, and answers the SeedError to throw.
 */
export async function undoSeed(
  store: SeedStore,
  data: DemoData,
  step: string,
  persistTo: string,
  error: unknown,
): Promise<SeedError> {
  const failed = `${step} failed: ${messageOf(error)}`;
  try {
    await store.batch([{ sql: "DELETE FROM users WHERE email LIKE '%@demo.test'", params: [] }]);
    await store.deletePhotos(data.photos.map((p) => p.key));
  } catch (undoError) {
    return new SeedError(
      failed,
      `Removing what the seed had written failed too (${messageOf(undoError)}), so ${persistTo} may be half ` +
        `seeded. Delete it and run \`npm start\` again (it applies the migrations and seeds a fresh database).`,
      { cause: error },
    );
  }
  return new SeedError(
    failed,
    `What the seed had written is removed again: ${persistTo} is as it was. Run the same command again; if it ` +
      `fails the same way, the details below say why.`,
    { cause: error },
  );
}

/** The text scripts/seed.mjs prints for a failure. */
export function failureText(error: SeedError): string {
  const lines = [`Seed failed: ${error.message}`];
  if (error.advice) lines.push(error.advice);
  if (error.cause instanceof Error) lines.push("", "Details:", error.cause.stack ?? String(error.cause));
  return lines.join("\n");
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message.split("\n")[0] : String(error);
}
