// Data for the account tests: accounts with real password hashes (the login checks them), and polls of the
// mail outbox and the tables for what requests left behind.
import { env, SELF } from "cloudflare:test";
import { newId } from "~/platform/data/ids";
import { backgroundWorkDone } from "./background";
import { insertUser } from "./fixtures";

export const PASSWORD = "correct horse 1";

export async function createAccount(
  o: Partial<{
    email: string;
    password: string;
    firstName: string;
    agency: boolean;
    accountType: string;
    confirmed: boolean;
    createdAt: number;
  }> = {},
) {
  const id = newId();
  const email = o.email ?? `owner-${id}@test.nz`;
  const password = o.password ?? PASSWORD;
  await insertUser({
    id,
    email,
    firstName: o.firstName ?? "Aroha",
    password,
    accountType: o.accountType,
    agency: o.agency,
    confirmed: o.confirmed,
    createdAt: o.createdAt,
  });
  return { id, email, password };
}

export async function count(table: string, where = "1 = 1", ...binds: unknown[]): Promise<number> {
  const row = await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE ${where}`)
    .bind(...binds)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

export type OutboxRow = {
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: number;
};

/** Mail is sent through ctx.waitUntil, after the answer: once that work is done, the newest such mail. */
export async function waitForMail(to: string, subjectPart: string, timeoutMs = 3000): Promise<OutboxRow> {
  const deadline = Date.now() + timeoutMs;
  await backgroundWorkDone();
  for (;;) {
    const row = await env.DB.prepare(
      "SELECT * FROM dev_outbox WHERE to_address = ? AND subject LIKE ? ORDER BY created_at DESC LIMIT 1",
    )
      .bind(to, `%${subjectPart}%`)
      .first<OutboxRow>();
    if (row) return row;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} about "${subjectPart}"`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The token of the newest reset link mailed to `to`. */
export async function resetTokenFor(to: string): Promise<string> {
  const mail = await waitForMail(to, "Reset your");
  const match = mail.text_body.match(/\/reset-password\/([A-Za-z0-9_-]{43})/);
  if (!match) throw new Error("no reset link in the mail");
  return match[1];
}

/** Confirmation mails sent to `to` so far. */
export function confirmMailCount(to: string): Promise<number> {
  return count("dev_outbox", "to_address = ? AND subject LIKE 'Confirm your e-mail%'", to);
}

/**
 * The tokens of the confirmation links mailed to `to`, oldest first, once at least `atLeast` have arrived
 * (mail goes out after the answer, so this polls briefly).
 */
export async function confirmTokensFor(to: string, atLeast = 1): Promise<string[]> {
  const deadline = Date.now() + 3000;
  await backgroundWorkDone();
  while ((await confirmMailCount(to)) < atLeast) {
    if (Date.now() > deadline) throw new Error(`fewer than ${atLeast} confirmation mails to ${to}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  const { results } = await env.DB.prepare(
    "SELECT text_body FROM dev_outbox WHERE to_address = ? AND subject LIKE 'Confirm your e-mail%' ORDER BY created_at, rowid",
  )
    .bind(to)
    .all<{ text_body: string }>();
  return results.map((mail) => {
    const match = mail.text_body.match(/\/confirm-email\/([A-Za-z0-9_-]{43})/);
    if (!match) throw new Error("no confirmation link in the mail");
    return match[1];
  });
}

/** The token of the newest confirmation link mailed to `to`. */
export async function confirmTokenFor(to: string): Promise<string> {
  return (await confirmTokensFor(to)).at(-1)!;
}

/**
 * "signup=<value>" from a sign-up's answer: the cookie that marks the browser that signed up. Only that
 * browser is signed in by the confirmation link (docs/decisions/0022-confirm-with-a-button.md).
 */
export function signupBrowserFrom(res: Response): string {
  return (
    res.headers
      .getSetCookie()
      .find((c) => c.startsWith("signup="))
      ?.split(";")[0] ?? ""
  );
}

// Addresses of their own (IPv6, beside client.ts's 10.x ones): the rate limiters outlive a test file.
let pressCounter = Math.floor(Math.random() * 0xffff) << 12;

/**
 * The confirmation page's button, pressed in the browser that carries `browser` (or in another: ""). Sent
 * like client.ts sends a form (which imports this file, so it is not imported here), from an address of its own.
 */
export function pressConfirm(token: string, browser: string, form: Record<string, string> = {}): Promise<Response> {
  return SELF.fetch(`http://localhost/confirm-email/${token}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Cookie: ["age_verified=1", browser].filter(Boolean).join("; "),
      "CF-Connecting-IP": `fd42::${((++pressCounter >> 16) & 0xffff).toString(16)}:${(pressCounter & 0xffff).toString(16)}`,
    },
    body: new URLSearchParams(form),
  });
}
