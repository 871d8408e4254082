import type { ExecutionContext, IncomingRequestCfProperties } from "@cloudflare/workers-types";

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: {
      env: Env;
      ctx: Pick<ExecutionContext, "waitUntil" | "passThroughOnException">;
      cf: IncomingRequestCfProperties | undefined;
    };
    /** Set only by the Worker's render of a person's account parts (app/routes/signed-in-parts.tsx). */
    accountParts?: true;
  }
}

export {};
