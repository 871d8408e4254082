// The one export of the plugin's internal module the tests use (background.ts): it is the module that
// `cloudflare:test` itself re-exports from, but this function is not re-exported there.
declare module "cloudflare:test-internal" {
  /** Waits for every waitUntil promise registered by the Worker's handlers in this runtime. */
  export function waitForGlobalWaitUntil(): Promise<void>;
}
