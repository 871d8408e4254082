// The public correction form (contact page): anyone may ask for an alert to be corrected, bounded per client
// address like the other public forms.
import { data } from "@remix-run/cloudflare";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { ERROR_MSG } from "~/features/site/messages";
import { readForm, textFields } from "~/platform/http/body.server";
import { limiterKey, overLimit } from "~/platform/http/rate-limit.server";
import { createCorrection } from "./corrections.server";
import { canonicalEmail, parseCheckQuery } from "./identifiers";
import { toE164 } from "./phone-numbers";
import { boundedText, SAFETY_MSG } from "./report-rules";
import { fail, requireKey } from "./page-guards.server";
import { NO_STORE } from "~/platform/http/page-answer";

export const CORRECTION_MESSAGE_MIN = 10;
export const CORRECTION_MESSAGE_MAX = 2000;

export async function correctionAction(request: Request, context: AppLoadContext) {
  const env = context.cloudflare.env;
  requireKey(env);
  // Open to anyone, so bounded per client address like the other public forms.
  if (await overLimit(env.WRITE_LIMITER, limiterKey("safety-correction", request.headers), "open"))
    return fail(429, "Too many requests, please wait a minute and try again.");
  const form = await readForm(request);
  if (!form) return fail(400, ERROR_MSG.unknownAction);
  const fields = textFields(form);
  const errors: Record<string, string> = {};
  const contactRaw = (fields.contact ?? "").trim();
  const contact = canonicalEmail(contactRaw) ?? (toE164(contactRaw) ? contactRaw : null);
  if (!contact) errors.contact = SAFETY_MSG.correctionContact;
  const message = boundedText(fields.message, CORRECTION_MESSAGE_MAX, CORRECTION_MESSAGE_MIN);
  if (!message) errors.message = SAFETY_MSG.correctionMessage;
  const identifierRaw = (fields.identifier ?? "").trim();
  let identifierKey: string | null = null;
  if (identifierRaw) {
    const parsed = parseCheckQuery(identifierRaw);
    if (!parsed.ok) errors.identifier = parsed.error;
    else identifierKey = parsed.key;
  }
  if (!contact || !message || Object.keys(errors).length > 0)
    return fail(400, "Please check the fields marked below.", errors, "correction");
  await createCorrection(env, { contact, message, identifierKey }, Date.now());
  return data({ ok: true as const, intent: "correction" }, { headers: NO_STORE });
}
