// Mail to an account's owner, found by id at the moment of sending (the address may have changed since the
// request began). Every account mail is greeted by the first name the owner typed and links back to this site.
import type { EmailContent } from "~/platform/email/template";
import { rowById, schema } from "~/platform/data/db.server";
import { sendEmail, siteName } from "~/platform/email/email.server";
import { siteOrigin } from "~/platform/http/site-origin.server";

/** The fields every account mail's template takes. */
export type OwnerMailContext = { origin: string; firstName: string; siteName: string };

/** What every account mail is written from: this site's address and name, and the owner's first name. */
export function ownerMailContext(env: Env, request: Request, firstName: string): OwnerMailContext {
  return { origin: siteOrigin(env, request), firstName, siteName: siteName(env) };
}

/** Sends `write`'s mail to the account's current address; nothing when the account is gone. */
export async function mailOwner(
  request: Request,
  env: Env,
  userId: string,
  write: (o: OwnerMailContext) => EmailContent | Promise<EmailContent>,
): Promise<void> {
  const u = schema.users;
  const row = await rowById(env, u, { email: u.email, firstName: u.firstName }, userId);
  if (!row) return;
  const content = await write(ownerMailContext(env, request, row.firstName));
  await sendEmail(env, { to: row.email, ...content });
}
