// What an answer leaves running after it is sent: ctx.waitUntil work (mail, counts, page-cache fills, snapshots,
// audit rows, photo clean-up). @cloudflare/vitest-plugin keeps every waitUntil promise of the Worker's handlers
// (SELF.fetch, queue and scheduled events, createExecutionContext) in one list per runtime; waiting until that
// list is empty waits for exactly that work, however loaded the machine, where a fixed sleep guessed its length.
import { waitForGlobalWaitUntil } from "cloudflare:test-internal";

/**
 * Resolves once every waitUntil promise started so far, and any started by those, has settled. A promise that
 * rejected is done too: the tests that care read what it left behind.
 */
export async function backgroundWorkDone(): Promise<void> {
  await waitForGlobalWaitUntil().catch(() => {});
}

/**
 * A plain wait, for the few tests that prove something does not happen within a time, or that need two
 * timestamps a millisecond apart. Anything that waits for the Worker's own work uses backgroundWorkDone().
 */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
