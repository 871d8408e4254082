// The one way out for e-mail. Local development and tests keep every message in D1 (dev_outbox, shown
// at /dev/outbox); production POSTs it to an HTTP e-mail API (Resend-style JSON). Callers hand the send
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
    if (!env.EMAIL_API_URL || !env.EMAIL_API_KEY || !env.EMAIL_FROM) {
      console.error("email: EMAIL_API_URL, EMAIL_API_KEY and EMAIL_FROM must be set; message dropped");
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

export type OutboxMessage = { id: string; to: string; subject: string; text: string; createdAt: number };

export async function listDevOutbox(env: DbEnv, limit = 50): Promise<OutboxMessage[]> {
  const rows = await getDb(env)
    .select()
    .from(schema.devOutbox)
    // rowid breaks ties between messages written in the same millisecond.
    .orderBy(desc(schema.devOutbox.createdAt), desc(sql`rowid`))
    .limit(limit);
  return rows.map((r) => ({ id: r.id, to: r.toAddress, subject: r.subject, text: r.textBody, createdAt: r.createdAt }));
}
