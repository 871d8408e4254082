// The two things a service is handed besides its bindings. Every module names them from here, so "ctx" means
// one of two types, not one of ten local spellings.
import type { AppLoadContext } from "@remix-run/cloudflare";

/**
 * What work after the answer needs: somewhere to hand a promise so the Worker stays up until it settles (the
 * request's ExecutionContext, a cron's or a queue's). Publishing, e-mail and page-cache writes take this.
 */
export type WaitUntil = { waitUntil(promise: Promise<unknown>): void };

/**
 * One request's Remix load context (app/load-context.ts): the bindings, the Worker's ctx and Cloudflare's
 * facts about the request (its country, for the sign-in log).
 */
export type RequestContext = AppLoadContext["cloudflare"];
