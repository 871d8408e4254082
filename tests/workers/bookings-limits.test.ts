// Booking requests' limits inside workerd (docs/decisions/0052-booking-requests.md): codes per number and per
// client network (an IPv6 /64 as one), requests per number and per listing, five tries a code, ten minutes a
// code, and the per-minute limiter on the form. Each refusal shows beside its field, and nothing past a limit
// is stored or sent.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { bookingHash } from "~/features/bookings/booking-key.server";
import { newId } from "~/platform/data/ids";
import { count } from "./auth-fixtures";
import { client, freshIp, inOneLimiterWindow } from "./client";
import { rows } from "./public-fixtures";
import { askForCode, bookable, codeIdIn, lastCode, sendRequest, typeCode } from "./bookings-fixtures";

const html = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");
/** The message shown beside a field (Field renders it in #{field}-error). */
const beside = (page: string, field: string) =>
  new RegExp(`id="${field}-error"[^>]*>(?:<[^>]+>)*([^<]+)`).exec(page)?.[1] ?? null;
const texts = () => count("dev_outbox", "channel = 'sms'");

/** Used codes (requests sent) planted for the limits, as if sent in the last hours. */
async function plantRequests(listingId: string, numberHash: string, n: number) {
  const now = Date.now();
  for (let i = 0; i < n; i++)
    await env.DB.prepare(
      `INSERT INTO booking_codes (id, listing_id, number_hash, network_hash, code_hash, details, created_at, expires_at, used_at)
       VALUES (?, ?, ?, 'x', 'x', '', ?, ?, ?)`,
    )
      .bind(newId(), listingId, numberHash, now - 7_200_000, now - 6_600_000, now - 7_000_000)
      .run();
}

describe("codes per number", () => {
  it("three an hour: the fourth is refused beside the number, from any address, and not sent", async () => {
    const { listingId } = await bookable();
    for (let i = 0; i < 3; i++) expect((await askForCode(listingId, "021 555 0301")).status).toBe(200);
    const refused = await askForCode(listingId, "+64 21 555 0301");
    expect(refused.status).toBe(429);
    expect(beside(await html(refused), "phone")).toMatch(/has been sent 3 codes in the last hour/);
    expect(await count("booking_codes")).toBe(3);
    expect(await texts()).toBe(3);
    // Another number is not held up by it.
    expect((await askForCode(listingId, "021 555 0302")).status).toBe(200);
  });
});

describe("codes per client network", () => {
  it("six an hour from one IPv6 /64, whatever the numbers and addresses inside it", async () => {
    const { listingId } = await bookable();
    const prefix = `2001:db8:${(Math.random() * 0xffff) | 0}:7`;
    for (let i = 1; i <= 6; i++) {
      const res = await askForCode(listingId, `021 555 04${10 + i}`, {}, client({ ip: `${prefix}::${i}` }));
      expect(res.status, `code ${i}`).toBe(200);
    }
    const refused = await askForCode(listingId, "021 555 0499", {}, client({ ip: `${prefix}:ffff::9` }));
    expect(refused.status).toBe(429);
    expect(beside(await html(refused), "phone")).toMatch(/from your connection/);
    // Another network is not.
    expect((await askForCode(listingId, "021 555 0499", {}, client({ ip: "2001:db8:ffff:8::1" }))).status).toBe(200);
    expect(await count("booking_codes")).toBe(7);
  });
});

describe("requests per number and per listing", () => {
  it("five a day from one number, across listings: the sixth is refused beside the number", async () => {
    const { listingId } = await bookable();
    await plantRequests(listingId, await bookingHash(env, "number", "+64215550501"), 5);
    const refused = await askForCode((await bookable()).listingId, "021 555 0501");
    expect(refused.status).toBe(429);
    expect(beside(await html(refused), "phone")).toMatch(/has sent 5 requests in the last day/);
    expect(await texts()).toBe(0);
  });

  it("twenty a day to one listing: the form says so, and a code already sent cannot pass it either", async () => {
    const { listingId } = await bookable();
    // A visitor got a code while there was room...
    const asked = await askForCode(listingId, "021 555 0601");
    const codeId = codeIdIn(await asked.text());
    // ...then the day's twentieth request came from others.
    await plantRequests(listingId, "someone-else", 20);
    const late = await typeCode(listingId, codeId, await lastCode("+64215550601"));
    expect(late.status).toBe(429);
    expect(await html(late)).toContain("Ruby is taking no more requests today");
    expect(await count("booking_requests")).toBe(0);
    const refused = await askForCode(listingId, "021 555 0602");
    expect(refused.status).toBe(429);
    expect(await html(refused)).toContain("Ruby is taking no more requests today");
    // Another listing takes its own.
    expect((await askForCode((await bookable()).listingId, "021 555 0602")).status).toBe(200);
  });
});

describe("a code", () => {
  it("takes five tries: each wrong one says how many are left, and after the fifth even the right one fails", async () => {
    const { listingId } = await bookable();
    const asked = await askForCode(listingId, "021 555 0701");
    const codeId = codeIdIn(await asked.text());
    const right = await lastCode("+64215550701");
    const wrong = right === "000000" ? "111111" : "000000";
    const said: (string | null)[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await typeCode(listingId, codeId, wrong);
      expect(res.status).toBe(400);
      said.push(beside(await html(res), "code"));
    }
    expect(said).toEqual([
      "That code is not right. 4 tries left.",
      "That code is not right. 3 tries left.",
      "That code is not right. 2 tries left.",
      "That code is not right. 1 try left.",
      "That code is not right, and that was the last try. Please start again.",
    ]);
    const late = await typeCode(listingId, codeId, right);
    expect(late.status).toBe(400);
    // Nor can a new code be asked for it: its details are gone, so the form starts again.
    const resent = await client().post(`/view/${listingId}/request`, {
      form: { intent: "resend", codeId, masked: "x" },
    });
    expect(resent.status).toBe(400);
    expect(await html(resent)).toContain("This code is no longer valid. Please start again.");
    expect(await count("booking_requests")).toBe(0);
    // The closed code's sealed details are gone with it.
    expect(await rows("SELECT tries, details FROM booking_codes WHERE id = ?", codeId)).toEqual([
      { tries: 5, details: "" },
    ]);
  });

  it("expires after ten minutes; a new one can be asked for, and the old one is closed", async () => {
    const { listingId } = await bookable();
    const visitor = client({ ip: freshIp() });
    const asked = await askForCode(listingId, "021 555 0801", {}, visitor);
    const codeId = codeIdIn(await asked.text());
    const [row] = await rows<{ expires_at: number; created_at: number }>(
      "SELECT expires_at, created_at FROM booking_codes WHERE id = ?",
      codeId,
    );
    expect(row.expires_at - row.created_at).toBe(600_000);
    const first = await lastCode("+64215550801");
    await env.DB.prepare("UPDATE booking_codes SET expires_at = ? WHERE id = ?")
      .bind(Date.now() - 1, codeId)
      .run();
    const expired = await typeCode(listingId, codeId, first, visitor);
    expect(expired.status).toBe(400);
    expect(beside(await html(expired), "code")).toBe("That code has expired. Ask for a new one below.");

    const again = await visitor.post(`/view/${listingId}/request`, { form: { intent: "resend", codeId, masked: "x" } });
    expect(again.status).toBe(200);
    const newId_ = codeIdIn(await again.text());
    expect(newId_).not.toBe(codeId);
    expect(await rows("SELECT details FROM booking_codes WHERE id = ?", codeId)).toEqual([{ details: "" }]);
    const sent = await typeCode(listingId, newId_, await lastCode("+64215550801"), visitor);
    expect(sent.status).toBe(303);
    expect(await count("booking_requests")).toBe(1);
    // The request kept what the first step asked for.
    expect(await rows("SELECT minutes FROM booking_requests")).toEqual([{ minutes: 60 }]);
  });

  it("is used once: the same code posted twice makes one request and the same answer", async () => {
    const { listingId } = await bookable();
    const visitor = client({ ip: freshIp() });
    const asked = await askForCode(listingId, "021 555 0901", {}, visitor);
    const codeId = codeIdIn(await asked.text());
    const code = await lastCode("+64215550901");
    const [a, b] = await Promise.all([
      typeCode(listingId, codeId, code, visitor),
      typeCode(listingId, codeId, code, visitor),
    ]);
    expect(a.status === 303 || b.status === 303).toBe(true);
    expect(await count("booking_requests")).toBe(1);
  });
});

describe("the form's limiter", () => {
  it("answers 429 past ten posts a minute from one client network, before anything is read or sent", async () => {
    const { listingId } = await bookable();
    await inOneLimiterWindow(async (ip) => {
      const visitor = client({ ip });
      for (let i = 0; i < 10; i++) await visitor.post(`/view/${listingId}/request`, { form: { intent: "send" } });
      const before = await count("booking_codes");
      const res = await sendRequest(listingId, "021 555 0999", "+64215550999", {}, ip).catch((e: Error) => e);
      expect(res).toBeInstanceOf(Error);
      expect(String(res)).toContain("no code: 429");
      expect(await count("booking_codes")).toBe(before);
    });
  });
});
