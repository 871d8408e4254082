// Booking requests' test data and journeys (docs/decisions/0052-booking-requests.md): a provider whose listing
// takes requests, a visitor who fills the form and types the code from the development outbox, and a
// published Safety Net alert on a number.
import { env } from "cloudflare:test";
import { identifierKey } from "~/features/safety-net/identifiers";
import { identifierHash } from "~/features/safety-net/safety-key.server";
import { newId } from "~/platform/data/ids";
import { client, freshIp, signedIn } from "./client";
import type { Client, SignedIn } from "./client";
import { insertListing } from "./fixtures";
import { rows } from "./public-fixtures";

/** The NZ date some days from now, as the form's date field takes it. */
export function nzDay(daysAhead = 1): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Pacific/Auckland" }).format(
    new Date(Date.now() + daysAhead * 86_400_000),
  );
}

export const FIELDS = {
  name: "Sam",
  time: "19:30",
  length: "60",
  place: "outcall",
  suburb: "Ponsonby",
  message: "First time here.",
};

export type Bookable = { provider: SignedIn; listingId: string };

/** A signed-in provider with a live listing that takes requests (verified: Safety Net access, unless told). */
export async function bookable(o: { verified?: boolean; firstName?: string } = {}): Promise<Bookable> {
  const provider = await signedIn({ firstName: "Ruby" });
  const listingId = await insertListing({ userId: provider.userId, firstName: o.firstName ?? "Ruby" });
  await env.DB.prepare(
    "UPDATE listings SET takes_requests = 1, contact_phone = '0211234567', verified = ? WHERE id = ?",
  )
    .bind(o.verified === false ? 0 : 1, listingId)
    .run();
  return { provider, listingId };
}

/** The form's first step: the fields, the number, from `visitor` (a fresh address unless given). */
export function askForCode(listingId: string, phone: string, over: Record<string, string> = {}, visitor?: Client) {
  return (visitor ?? client()).post(`/view/${listingId}/request`, {
    form: { intent: "send", date: nzDay(), ...FIELDS, phone, ...over },
  });
}

/** The hidden code id the code step carries. */
export function codeIdIn(html: string): string {
  const m = /name="codeId" value="([0-9a-z]{16})"/.exec(html);
  if (!m) throw new Error("no code step in the answer");
  return m[1];
}

/** The newest text in the development outbox to this number (E.164). */
export async function lastText(e164: string): Promise<string> {
  const [row] = await rows<{ text_body: string }>(
    "SELECT text_body FROM dev_outbox WHERE channel = 'sms' AND to_address = ? ORDER BY created_at DESC, rowid DESC LIMIT 1",
    e164,
  );
  if (!row) throw new Error(`no text to ${e164}`);
  return row.text_body;
}

export async function lastCode(e164: string): Promise<string> {
  const m = /^(\d{6}) is your code/.exec(await lastText(e164));
  if (!m) throw new Error("the last text is not a code");
  return m[1];
}

export function typeCode(listingId: string, codeId: string, code: string, visitor?: Client) {
  return (visitor ?? client()).post(`/view/${listingId}/request`, { form: { intent: "verify", codeId, code } });
}

/** The whole visitor journey: the form, the code from the outbox, the request sent (the 303 every request gets). */
export async function sendRequest(
  listingId: string,
  phone: string,
  e164: string,
  over: Record<string, string> = {},
  ip = freshIp(),
): Promise<Response> {
  const visitor = client({ ip });
  const asked = await askForCode(listingId, phone, over, visitor);
  if (asked.status !== 200) throw new Error(`no code: ${asked.status} ${await asked.text()}`);
  const codeId = codeIdIn(await asked.text());
  return typeCode(listingId, codeId, await lastCode(e164), visitor);
}

/** A published, unexpired Safety Net alert with `e164` on it. */
export async function publishedAlert(e164: string, category = "theft"): Promise<string> {
  const reporter = await signedIn();
  const id = newId();
  const now = Date.now();
  const month = new Date(now).toISOString().slice(0, 7);
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO safety_reports (id, user_id, incident_date, region, category, description, status, alert_region,
        alert_month, alert_category, alert_text, created_at, updated_at, decided_at, published_at, expires_at)
       VALUES (?, ?, ?, 'Auckland', ?, '', 'published', 'Auckland', ?, ?, '', ?, ?, ?, ?, ?)`,
    ).bind(id, reporter.userId, nzDay(-3), category, month, category, now, now, now, now, now + 300 * 86_400_000),
    env.DB.prepare("INSERT INTO safety_identifiers (report_id, hash) VALUES (?, ?)").bind(
      id,
      await identifierHash(env, identifierKey("phone", e164)),
    ),
  ]);
  return month;
}

/** The provider's inbox page as text (React's comment markers taken out). */
export async function inboxText(provider: SignedIn): Promise<string> {
  const res = await provider.client.get("/dashboard/requests");
  if (res.status !== 200) throw new Error(`inbox answered ${res.status}`);
  return (await res.text()).replace(/<!-- -->/g, "");
}

export async function requestIds(listingId: string): Promise<string[]> {
  return (
    await rows<{ id: string }>(
      "SELECT id FROM booking_requests WHERE listing_id = ? ORDER BY created_at, rowid",
      listingId,
    )
  ).map((r) => r.id);
}
