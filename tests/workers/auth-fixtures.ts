// Helpers for the account tests: real password hashes, cookies taken from Set-Cookie, one client
// address per test so the auth rate limiter (10 a minute) only trips where a test wants it to.
import { env } from "cloudflare:test";
import { newId } from "~/lib/ids";
import { hashPassword } from "~/lib/password";
import { fetchSelf } from "./fixtures";

export const PASSWORD = "correct horse 1";

let ipCounter = 0;
/** A fresh client address (CF-Connecting-IP) for the rate limiter's key. */
export function newIp(): string {
  ipCounter++;
  return `10.${Math.floor(Math.random() * 250)}.${ipCounter >> 8}.${ipCounter & 255}`;
}

export async function createAccount(
  o: Partial<{ email: string; password: string; firstName: string; agency: boolean; accountType: string }> = {},
) {
  const id = newId();
  const email = o.email ?? `owner-${id}@test.nz`;
  const now = Date.now();
  await env.DB.prepare(
    "INSERT INTO users (id, email, first_name, password_hash, account_type, agency, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
  )
    .bind(
      id,
      email,
      o.firstName ?? "Aroha",
      await hashPassword(o.password ?? PASSWORD),
      o.accountType ?? "unpaid",
      o.agency ? 1 : 0,
      now,
      now,
    )
    .run();
  return { id, email, password: o.password ?? PASSWORD };
}

type Client = { ip: string; cookie?: string | null; headers?: Record<string, string> };

/** POST a form, as the login page does without JavaScript. */
export function postForm(path: string, fields: Record<string, string>, client: Client) {
  return fetchSelf(path, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: headersFor(client, { "Content-Type": "application/x-www-form-urlencoded" }),
    redirect: "manual",
  });
}

/** POST a JSON body (a string is sent as is, for malformed-JSON tests). */
export function postJson(path: string, body: unknown, client: Client) {
  return fetchSelf(path, {
    method: "POST",
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: headersFor(client, { "Content-Type": "application/json" }),
    redirect: "manual",
  });
}

export function get(path: string, client: Partial<Client> = {}) {
  return fetchSelf(path, { headers: headersFor({ ip: client.ip ?? newIp(), ...client }, {}), redirect: "manual" });
}

function headersFor(client: Client, extra: Record<string, string>): Headers {
  const headers = new Headers({ "CF-Connecting-IP": client.ip, ...extra, ...client.headers });
  const cookies = ["age_verified=1", client.cookie].filter(Boolean).join("; ");
  headers.set("Cookie", cookies);
  return headers;
}

/** "session=<token>" from a response's Set-Cookie, or null when it sets none (or clears it). */
export function sessionCookieFrom(res: Response): string | null {
  const header = res.headers.get("Set-Cookie");
  const match = header?.match(/(?:^|,\s*)(session=[^;]*)/);
  if (!match || match[1] === "session=") return null;
  return match[1];
}

export function clearsSessionCookie(res: Response): boolean {
  const header = res.headers.get("Set-Cookie") ?? "";
  return /(^|,\s*)session=;/.test(header) && /Max-Age=0/.test(header);
}

/** Logs in through the JSON API and answers the session cookie. */
export async function loginCookie(email: string, password = PASSWORD, client: Partial<Client> = {}): Promise<string> {
  const res = await postJson(
    "/api/auth/login",
    { email, password },
    { ip: client.ip ?? newIp(), cookie: client.cookie },
  );
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const cookie = sessionCookieFrom(res);
  if (!cookie) throw new Error("login set no session cookie");
  return cookie;
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

/** Mail is sent through ctx.waitUntil, after the answer: poll the dev outbox briefly. */
export async function waitForMail(to: string, subjectPart: string, timeoutMs = 3000): Promise<OutboxRow> {
  const deadline = Date.now() + timeoutMs;
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

/** Lets waitUntil work that may (or must not) produce mail settle before counting. */
export function settle(ms = 300) {
  return new Promise((r) => setTimeout(r, ms));
}

/** The token of the newest reset link mailed to `to`. */
export async function resetTokenFor(to: string): Promise<string> {
  const mail = await waitForMail(to, "Reset your");
  const match = mail.text_body.match(/\/reset-password\/([A-Za-z0-9_-]{43})/);
  if (!match) throw new Error("no reset link in the mail");
  return match[1];
}

/**
 * Waits until no more mail arrives (the waitUntil work of the last requests is done), so the next
 * test's database reset does not pull the table out from under a pending write.
 */
export async function quiesce() {
  let last = -1;
  for (let i = 0; i < 40; i++) {
    const n = await count("dev_outbox");
    if (n === last) return;
    last = n;
    await new Promise((r) => setTimeout(r, 60));
  }
}
