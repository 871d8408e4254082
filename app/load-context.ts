import type { ExecutionContext, IncomingRequestCfProperties } from "@cloudflare/workers-types";

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: {
      env: Env;
      ctx: Pick<ExecutionContext, "waitUntil" | "passThroughOnException">;
      cf: IncomingRequestCfProperties | undefined;
    };
  }
}

export {};
