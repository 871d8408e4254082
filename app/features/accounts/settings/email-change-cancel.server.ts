// The old address's answer to an e-mail change (docs/accounts.md, 'Sessions and sensitive changes'): the notice
// sent when a change is asked for carries a single-use link, /account/email/cancel/{token}, that ends every
// pending change of the account. It needs no session: the owner may have lost the password to whoever asked,
// and the mailbox is what the account is being taken from. Opening the link changes nothing (mail scanners
// fetch every link); its page's button does.
import { sql } from "drizzle-orm";
import { getDb, schema } from "~/platform/data/db.server";
import { linkHash, peekLink, spendStatement, usableWhere } from "~/platform/data/one-time-links.server";
import { EMAIL_CHANGE_CANCEL_LINK, endEmailChanges } from "../link-kinds.server";
import { recordSecurityEvent, requestMeta, securityEventStatement } from "../security-log.server";
import type { RequestContext } from "~/platform/request-context";

const cc = schema.emailChangeCancels;

/** True when the cancel link can still be pressed (read-only). */
export async function isCancelLinkUsable(env: Env, token: string, now = Date.now()): Promise<boolean> {
  return (await peekLink(getDb(env), EMAIL_CHANGE_CANCEL_LINK, token, { now, fields: {} })).ok;
}

/** "cancelled": a pending change ended; "nothing": none was pending; "invalid": the link cannot be used. */
export type CancelResult = "cancelled" | "nothing" | "invalid";

/**
 * Spends the cancel link and ends every pending change of its account, in one batch: the changes first, while
 * the link is still unspent (the statement finds the account through it), then the link itself. A link that
 * cannot be used finds no account, so the batch changes nothing; of two presses exactly one spends it.
 */
export async function cancelEmailChanges(
  request: Request,
  cf: RequestContext,
  token: string,
  now = Date.now(),
): Promise<CancelResult> {
  const hash = await linkHash(token);
  if (!hash) return "invalid";
  const db = getDb(cf.env);
  const ownerOfLink = sql`(${db
    .select({ userId: cc.userId })
    .from(cc)
    .where(usableWhere(EMAIL_CHANGE_CANCEL_LINK, hash, now))})`;
  const [ended, spent] = await db.batch([
    endEmailChanges(db, ownerOfLink, now).returning({ tokenHash: schema.emailChanges.tokenHash }),
    spendStatement(db, EMAIL_CHANGE_CANCEL_LINK, hash, { now }).returning({ userId: cc.userId }),
  ]);
  const [link] = spent;
  if (!link) return "invalid";
  if (ended.length === 0) return "nothing";
  await recordSecurityEvent(
    securityEventStatement(db, link.userId, "email_change_cancelled", requestMeta(request, cf.cf), now),
  );
  return "cancelled";
}
