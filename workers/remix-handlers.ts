// Remix, one request handler per route group (app/platform/http/route-groups.ts; docs/decisions/0020-route-groups.md).
// Its own module so the tests can see which handlers the running Worker made
// (tests/workers/decision-0020-guards.test.ts). workers/app.ts imports it after workers/text-encoder.ts.
import { createRequestHandler } from "@remix-run/cloudflare";
import type { AppLoadContext, ServerBuild } from "@remix-run/cloudflare";
// The Remix server build; `npm run build` makes it before the Worker is bundled (it has no types of its own).
// "remix-server-build" is an alias: build/ in wrangler.toml, build-test/ under the tests (scripts/build-dirs.mjs).
// @ts-ignore -- absent until the first build
import * as build from "remix-server-build";
import { groupedHandlers } from "../app/platform/http/route-groups";

export const serverBuild = build as unknown as ServerBuild;

export const remixHandlers = groupedHandlers(serverBuild, createRequestHandler);

/** Remix over the routes that could match this path, made once per group. */
export function handleRemix(request: Request, context: AppLoadContext): Promise<Response> {
  return remixHandlers.handlerFor(new URL(request.url).pathname)(request, context);
}
