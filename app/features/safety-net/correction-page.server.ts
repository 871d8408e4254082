// The public correction form (contact page): anyone may ask for an alert to be corrected. Bounded per client
// network by its own limiter, per contact address and by folding identical words (corrections.server.ts),
// so a flood cannot bury a genuine request (docs/decisions/0043-safety-net-second-pass.md).
import { data } from "@remix-run/cloudflare";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { ERROR_MSG } from "~/features/site/messages";
import { readForm, textFields } from "~/platform/http/body.server";
import { limiterKey, overLimit } from "~/platform/http/rate-limit.server";
import { createCorrection } from "./corrections.server";
import { parseCorrection } from "./correction-rules";
import { fail, requireKey } from "./page-guards.server";
import { NO_STORE } from "~/platform/http/page-answer";

export async function correctionAction(request: Request, context: AppLoadContext) {
  const env = context.cloudflare.env;
  requireKey(env);
  // The limiter's key is the client's address as the shared helper reads it (its network for IPv6).
  // "open" on an outage: losing a genuine request is worse than a burst the folding and paging absorb.
  if (await overLimit(env.CORRECTION_LIMITER, limiterKey("safety-correction", request.headers), "open"))
    return fail(429, "Too many requests, please wait a minute and try again.");
  const form = await readForm(request);
  if (!form) return fail(400, ERROR_MSG.unknownAction);
  const parsed = parseCorrection(textFields(form));
  if (!parsed.ok) return fail(400, "Please check the fields marked below.", parsed.errors, "correction");
  // The same answer whether it was stored, folded into an identical request or over the contact's limit:
  // anything else would tell a stranger that an address has asked about an alert.
  await createCorrection(env, parsed.correction, Date.now());
  return data({ ok: true as const, intent: "correction" }, { headers: NO_STORE });
}
