// The one way out for text messages, as email.server.ts is for e-mail. Local development and tests keep every
// message in D1 (dev_outbox, channel 'sms', shown at /dev/outbox beside the e-mails); production POSTs it to an
// SMS provider's HTTP API in the form Twilio's Messages resource takes (and providers compatible with it):
// To, From and Body form-encoded, HTTP basic auth. Without its settings production sends nothing, and the
// flows that need a text answer 503 (they ask canSendSms first) rather than drop a message silently
// (docs/decisions/0052-booking-requests.md). A number and a message body never go to the log.
import { isDevelopment } from "~/platform/env";
import { newId } from "~/platform/data/ids";
import { getDb, schema } from "../data/db.server";

export type SmsEnv = Pick<Env, "APP_ENV" | "DB" | "SMS_API_URL" | "SMS_API_USERNAME" | "SMS_API_KEY" | "SMS_FROM">;
/** `to` in E.164 ("+64211234567"). */
export type OutgoingSms = { to: string; text: string };

/** The settings production sends texts with, in the order a deploy sets them. */
const SMS_SETTINGS = ["SMS_API_URL", "SMS_API_USERNAME", "SMS_API_KEY", "SMS_FROM"] as const;

/** Which of the SMS settings are missing; none in development, which keeps every text in the outbox. */
export function missingSmsSettings(env: Omit<SmsEnv, "DB">): string[] {
  if (isDevelopment(env)) return [];
  return SMS_SETTINGS.filter((name) => !env[name]);
}

/** True when a text can leave: the outbox in development, the SMS provider elsewhere once configured. */
export function canSendSms(env: Omit<SmsEnv, "DB">): boolean {
  return missingSmsSettings(env).length === 0;
}

/** What a flow that needs a text answers (503) when none can be sent. */
export const SMS_UNAVAILABLE_MSG =
  "We cannot send text messages right now, so this cannot be done. Nothing was sent or stored. Please try again later.";

/** How long the SMS provider has to answer: past it the send counts as failed, not a page left hanging. */
export const SMS_TIMEOUT_MS = 10_000;

function basicAuth(user: string, key: string): string {
  const bytes = new TextEncoder().encode(`${user}:${key}`);
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return `Basic ${btoa(s)}`;
}

/**
 * Sends one text; true when the outbox or the provider took it. Never throws: the caller decides what a failed
 * send means (a code that did not go out, a decision not recorded). What is logged is only the status.
 */
export async function sendSms(
  env: SmsEnv,
  message: OutgoingSms,
  fetcher: typeof fetch = fetch,
  timeoutMs = SMS_TIMEOUT_MS,
): Promise<boolean> {
  try {
    if (isDevelopment(env)) {
      await getDb(env).insert(schema.devOutbox).values({
        id: newId(),
        toAddress: message.to,
        subject: "SMS",
        textBody: message.text,
        htmlBody: "",
        createdAt: Date.now(),
        channel: "sms",
      });
      return true;
    }
    const missing = missingSmsSettings(env);
    if (missing.length > 0 || !env.SMS_API_URL || !env.SMS_API_USERNAME || !env.SMS_API_KEY || !env.SMS_FROM) {
      console.error(`sms: ${missing.join(", ")} not set; a text was not sent`);
      return false;
    }
    const response = await fetcher(env.SMS_API_URL, {
      method: "POST",
      headers: {
        Authorization: basicAuth(env.SMS_API_USERNAME, env.SMS_API_KEY),
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: "application/json",
      },
      body: new URLSearchParams({ To: message.to, From: env.SMS_FROM, Body: message.text }).toString(),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) {
      console.error(`sms: provider answered ${response.status}`);
      return false;
    }
    return true;
  } catch (error) {
    // Not error.message: drizzle puts the query's parameters (the number, the text) in it.
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.name : null;
    console.error("sms: send failed", cause ?? (error instanceof Error ? error.name : "unknown error"));
    return false;
  }
}
