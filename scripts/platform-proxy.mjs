// The platform proxy's lost answer, and the platform proxies the scripts start (the bench's readers).
// A platform proxy (wrangler's getPlatformProxy, and `wrangler d1 execute` and `d1 migrations apply --local`
// inside wrangler) answers every synchronous binding call (`env.DB`, `db.prepare`, `.bind`) through a fetch
// that blocks on a worker thread. In the miniflare wrangler 4.86 runs, a late wake-up from one call can end
// the wait of the next before its answer is there, on a busy machine: the call fails with
// `AssertionError: false == true` at SynchronousFetcher.fetch, and every later call of that proxy reads the
// answer meant for the one before and fails the same way. A new proxy starts in step again
// (docs/decisions/0046-seeding-without-the-synchronous-proxy.md).

import { startLocalMiniflare } from "./local-miniflare.mjs";

/** The proxy's own Worker does nothing: only its bindings are used. */
const NO_CODE = "export default {};";

export const LOST_ANSWER_DOC = "docs/decisions/0046-seeding-without-the-synchronous-proxy.md";

/** How often a step meets the lost answer before it gives up: each attempt starts a new proxy. */
export const ATTEMPTS = 3;

/** Whether `error` is the lost answer: miniflare's synchronous fetch failing its check of the answer's id. */
export function isLostProxyAnswer(error) {
  return error?.code === "ERR_ASSERTION" && /SynchronousFetcher/.test(String(error.stack));
}

/**
 * Whether a failed wrangler command's output shows the lost answer. wrangler prints the error's message
 * only: miniflare's check has none of its own, so Node's is "false == true".
 */
export function showsLostProxyAnswer(output) {
  // eslint-disable-next-line no-control-regex -- wrangler colours its errors, even through a pipe
  const text = output.replace(/\x1b\[[0-9;]*m/g, "");
  return /\bfalse == true\b|SynchronousFetcher/.test(text);
}

/**
 * Runs `work` with a platform proxy's env (the bindings of wrangler.toml in `root`, over persistDir/v3: the
 * state `wrangler dev --persist-to persistDir` uses). When the proxy loses an answer, `work` runs again from
 * the start on a new proxy, with a note on stderr, up to ATTEMPTS times: `work` must be safe to run again
 * (read, or write what a second run writes the same). Any failure names `step`.
 */
export async function withPlatformProxy(step, persistDir, work, { root = process.cwd() } = {}) {
  for (let attempt = 1; ; attempt++) {
    let started = null;
    try {
      // Not getPlatformProxy: when its start loses an answer, its workerd is left running (local-miniflare.mjs).
      started = await startLocalMiniflare({ root, persistTo: persistDir, worker: { modules: true, script: NO_CODE } });
      return await work(await started.mf.getBindings());
    } catch (error) {
      if (!isLostProxyAnswer(error)) throw new Error(`${step} failed: ${error?.message}`, { cause: error });
      if (attempt >= ATTEMPTS) {
        throw new Error(
          `${step} failed: the platform proxy lost an answer ${ATTEMPTS} times in a row (${LOST_ANSWER_DOC}). ` +
            "The machine is very busy: run the same command again when it is quieter.",
          { cause: error },
        );
      }
      console.error(
        `${step}: the platform proxy lost an answer (${LOST_ANSWER_DOC}); ` +
          `running the step again on a new proxy (attempt ${attempt + 1} of ${ATTEMPTS}).`,
      );
    } finally {
      await started?.mf.dispose();
    }
  }
}
