// The one way out for e-mail. Local development and tests keep every message in D1 (dev_outbox, shown
// at /dev/outbox, beside the text messages of app/platform/sms/sms.server.ts); production POSTs it to an HTTP e-mail API (Resend-style JSON). Callers hand the send
// to ctx.waitUntil, so a slow or failing provider never changes how long an auth request takes.
import { isDevelopment } from "~/platform/env";
import { desc, sql } from "drizzle-orm";
import { newId } from "~/platform/data/ids";
import type { EmailContent } from "./template";
import { getDb, schema } from "../data/db.server";
import type { DbEnv } from "~/platform/data/db.server";

export type EmailEnv = Pick<Env, "APP_ENV" | "DB" | "EMAIL_API_URL" | "EMAIL_API_KEY" | "EMAIL_FROM">;
export type OutgoingEmail = EmailContent & { to: string };

/** The site's name as the e-mails say it. */
export function siteName(env: Pick<Env, "SITE_NAME">): string {
  return env.SITE_NAME || "Kiwi Companions";
}

export function usesDevOutbox(env: Pick<Env, "APP_ENV">): boolean {
  return isDevelopment(env);
}

/** The settings production sends mail with (docs/accounts.md, 'E-mail'), in the order a deploy sets them. */
const EMAIL_SETTINGS = ["EMAIL_API_URL", "EMAIL_FROM", "EMAIL_API_KEY"] as const;

/** Which of the e-mail settings are missing; none in development, which keeps every message in the outbox. */
export function missingEmailSettings(env: Omit<EmailEnv, "DB">): string[] {
  if (usesDevOutbox(env)) return [];
  return EMAIL_SETTINGS.filter((name) => !env[name]);
}

/** True when a message can leave: the outbox in development, the e-mail service elsewhere once configured. */
export function canSendEmail(env: Omit<EmailEnv, "DB">): boolean {
  return missingEmailSettings(env).length === 0;
}

/**
 * What a flow that only works through a mailed link answers (503) when mail cannot go out, instead of saying a
 * link was sent: sign-up, a reset request, a change of address.
 */
export const EMAIL_UNAVAILABLE_MSG =
  "We cannot send e-mail right now, so this cannot be done. Nothing was changed. Please try again later.";

/** Never throws: a lost e-mail is logged, not turned into a failed request. */
export async function sendEmail(
  env: EmailEnv,
  message: OutgoingEmail,
  fetcher: typeof fetch = fetch,
): Promise<boolean> {
  try {
    if (usesDevOutbox(env)) {
      await getDb(env).insert(schema.devOutbox).values({
        id: newId(),
        toAddress: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html,
        createdAt: Date.now(),
      });
      return true;
    }
    const missing = missingEmailSettings(env);
    if (missing.length > 0 || !env.EMAIL_API_URL) {
      console.error(`email: ${missing.join(", ")} not set; "${message.subject}" dropped`);
      return false;
    }
    const response = await fetcher(env.EMAIL_API_URL, {
      method: "POST",
      headers: { Authorization: `Bearer ${env.EMAIL_API_KEY}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        from: env.EMAIL_FROM,
        to: [message.to],
        subject: message.subject,
        text: message.text,
        html: message.html,
      }),
    });
    if (!response.ok) {
      // The address and body stay out of the logs.
      console.error(`email: provider answered ${response.status} for "${message.subject}"`);
      return false;
    }
    return true;
  } catch (error) {
    // Not error.message: drizzle puts the query's parameters (address, body with a live reset link) in it.
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : null;
    console.error(
      `email: send failed for "${message.subject}"`,
      cause ?? (error instanceof Error ? error.name : "unknown error"),
    );
    return false;
  }
}

/** A message in the development outbox: an e-mail, or a text (sms.server.ts) with the number as `to`. */
export type OutboxMessage = {
  id: string;
  to: string;
  subject: string;
  text: string;
  createdAt: number;
  channel: "email" | "sms";
};

export async function listDevOutbox(env: DbEnv, limit = 50): Promise<OutboxMessage[]> {
  const rows = await getDb(env)
    .select()
    .from(schema.devOutbox)
    // rowid breaks ties between messages written in the same millisecond.
    .orderBy(desc(schema.devOutbox.createdAt), desc(sql`rowid`))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    to: r.toAddress,
    subject: r.subject,
    text: r.textBody,
    createdAt: r.createdAt,
    channel: r.channel === "sms" ? ("sms" as const) : ("email" as const),
  }));
}
