// Booking requests inside workerd (docs/decisions/0052-booking-requests.md): a visitor's request reaches the
// provider's inbox screened against the Safety Net without spending the provider's checks; accepting, suggesting
// and declining send what they promise; a blocked number's request is dropped with the same answer; a provider
// without Safety Net access gets the block list only; the switch; requests count as contacts.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { countDay } from "~/platform/http/client-address";
import { count, waitForMail } from "./auth-fixtures";
import { client, freshIp } from "./client";
import { eventually, rows } from "./public-fixtures";
import { backgroundWorkDone } from "./background";
import {
  askForCode,
  bookable,
  codeIdIn,
  inboxText,
  lastCode,
  lastText,
  nzDay,
  publishedAlert,
  requestIds,
  sendRequest,
  typeCode,
} from "./bookings-fixtures";

const PHONE = "021 555 0123";
const E164 = "+64215550123";
const texts = async (e164: string) =>
  (await rows<{ n: number }>("SELECT count(*) AS n FROM dev_outbox WHERE channel = 'sms' AND to_address = ?", e164))[0]
    .n;

describe("a request", () => {
  it("reaches the inbox with 'No reports', spends none of the provider's checks, and accepting texts the visitor", async () => {
    const { provider, listingId } = await bookable();
    const sent = await sendRequest(listingId, PHONE, E164);
    expect(sent.status).toBe(303);
    expect(sent.headers.get("Location")).toBe(`/view/${listingId}/request`);
    // The page it lands on says so once.
    const flash = /((?:__Host-)?flash=[^;]+)/.exec(sent.headers.get("Set-Cookie") ?? "")?.[1];
    const landing = await client({ cookie: flash }).get(`/view/${listingId}/request`);
    expect((await landing.text()).replace(/<!-- -->/g, "")).toContain("Your request has been sent.");

    const [row] = await rows<Record<string, unknown>>("SELECT * FROM booking_requests WHERE listing_id = ?", listingId);
    expect(row).toMatchObject({ status: "new", minutes: 60 });
    // The request, its hash and its screening were written with the code's use, and the code's details emptied.
    expect(await count("booking_codes", "listing_id = ? AND used_at IS NOT NULL AND details = ''", listingId)).toBe(1);
    expect(await count("safety_checks")).toBe(0);

    const inbox = await inboxText(provider);
    expect(inbox).toContain("Sam");
    expect(inbox).toContain("No reports");
    expect(inbox).toContain("021 555 0123");
    expect(inbox).toContain("Ponsonby");

    // The dashboard's menu says one waits.
    const home = await provider.client.get("/dashboard");
    expect((await home.text()).replace(/<!-- -->/g, "")).toContain("Booking requests (1 new)");

    // The provider's notice: a link, nothing of the request.
    const mail = await waitForMail(provider.email, "something new");
    expect(mail.text_body).toContain("/dashboard/requests");
    expect(mail.text_body).not.toMatch(/Sam|Ponsonby|555|19:30|7:30/);

    const accepted = await provider.client.post("/dashboard/requests", {
      form: { intent: "accept", requestId: String(row.id) },
    });
    expect(accepted.status).toBe(200);
    expect(await lastText(E164)).toMatch(
      /^Confirmed: \w{3} \d{1,2} \w{3}, 7:30 pm, 1 hour\. Text 021 123 4567 about any change\. - Ruby$/,
    );
    expect(await lastText(E164)).not.toMatch(/Kiwi/);
    expect((await rows("SELECT status FROM booking_requests WHERE id = ?", row.id))[0]).toEqual({ status: "accepted" });
    // Answered once: a second accept changes nothing and sends nothing.
    const before = await texts(E164);
    const again = await provider.client.post("/dashboard/requests", {
      form: { intent: "accept", requestId: String(row.id) },
    });
    expect(again.status).toBe(409);
    expect(await texts(E164)).toBe(before);
  });

  it("from a number on a published alert shows the alert's category and month, as the number check does", async () => {
    const { provider, listingId } = await bookable();
    const month = await publishedAlert("+64275550124", "violence");
    await sendRequest(listingId, "027 555 0124", "+64275550124");
    const inbox = await inboxText(provider);
    expect(inbox).toContain("1 published alert");
    const label = new Date(`${month}-01T00:00:00Z`).toLocaleString("en-NZ", {
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    });
    expect(inbox).toContain(`Violence, ${label}`);
    expect(await count("safety_checks")).toBe(0);
  });

  it("to a provider without Safety Net access is not checked, and the block list still works", async () => {
    const { provider, listingId } = await bookable();
    await env.DB.prepare(
      "INSERT INTO safety_suspensions (user_id, reason, created_at, created_by) VALUES (?, 'x', ?, 'a')",
    )
      .bind(provider.userId, Date.now())
      .run();
    await publishedAlert("+64275550125");
    await sendRequest(listingId, "027 555 0125", "+64275550125");
    const inbox = await inboxText(provider);
    expect(inbox).toContain("Not checked against the Safety Net");
    expect(inbox).not.toContain("published alert");
    const [id] = await requestIds(listingId);
    expect(
      (await provider.client.post("/dashboard/requests", { form: { intent: "block", requestId: id } })).status,
    ).toBe(200);
    expect(await count("booking_blocks", "user_id = ?", provider.userId)).toBe(1);
  });
});

describe("a blocked number", () => {
  it("never reaches the inbox, and its sender gets the very answer any sender gets", async () => {
    const { provider, listingId } = await bookable();
    const first = await sendRequest(listingId, PHONE, E164);
    const [id] = await requestIds(listingId);
    const blocked = await provider.client.post("/dashboard/requests", { form: { intent: "block", requestId: id } });
    expect(blocked.status).toBe(200);
    // Blocking declines the request without a text and forgets its number.
    expect(await rows("SELECT status, blocked, number_sealed FROM booking_requests WHERE id = ?", id)).toEqual([
      { status: "declined", blocked: 1, number_sealed: "" },
    ]);
    const inbox = await inboxText(provider);
    expect(inbox).toContain("Sam, number ending 123");
    const mails = await count("dev_outbox", "to_address = ?", provider.email);

    // The same number again, written another way: the code is sent as to anyone, the answer is the same.
    const second = await sendRequest(listingId, "+64 21 555 0123", E164, { name: "Other name" });
    expect(second.status).toBe(first.status);
    expect(second.headers.get("Location")).toBe(first.headers.get("Location"));
    expect(second.headers.get("Set-Cookie")?.split(";")[0].split("=")[0]).toBe(
      first.headers.get("Set-Cookie")?.split(";")[0].split("=")[0],
    );
    expect(await requestIds(listingId)).toEqual([id]);
    expect(await inboxText(provider)).not.toContain("Other name");
    await backgroundWorkDone();
    expect(await count("dev_outbox", "to_address = ?", provider.email)).toBe(mails);
    // An hour on (a number is sent at most 3 codes an hour), another provider, who has not blocked it, gets it.
    await env.DB.prepare("UPDATE booking_codes SET created_at = created_at - 3600000").run();
    // Another provider has not blocked it: theirs arrives.
    const other = await bookable({ firstName: "Jade" });
    await sendRequest(other.listingId, PHONE, E164);
    expect(await requestIds(other.listingId)).toHaveLength(1);

    // Unblocked, the next one arrives again.
    const [block] = await rows<{ number_hash: string }>(
      "SELECT number_hash FROM booking_blocks WHERE user_id = ?",
      provider.userId,
    );
    await provider.client.post("/dashboard/requests", { form: { intent: "unblock", key: block.number_hash } });
    await sendRequest(listingId, PHONE, E164, { name: "Third" });
    expect(await requestIds(listingId)).toHaveLength(2);
  });
});

describe("the provider's answers", () => {
  it("suggest another time by text, decline quietly or with a neutral line, and forget the number on a decline", async () => {
    const { provider, listingId } = await bookable();
    for (const n of ["1", "2", "3"]) await sendRequest(listingId, `021 555 020${n}`, `+6421555020${n}`);
    const ids = await requestIds(listingId);
    expect(ids).toHaveLength(3);
    const post = (form: Record<string, string>) => provider.client.post("/dashboard/requests", { form });

    const suggested = await post({ intent: "suggest", requestId: ids[0], date: nzDay(2), time: "20:00", site: "on" });
    expect(suggested.status).toBe(200);
    const declinedQuietly = await post({ intent: "decline", requestId: ids[1], text: "none" });
    expect(declinedQuietly.status).toBe(200);
    const declinedWithText = await post({ intent: "decline", requestId: ids[2], text: "neutral" });
    expect(declinedWithText.status).toBe(200);

    const statuses = await rows<{ id: string; status: string; number_sealed: string; suggested_at: number | null }>(
      "SELECT id, status, number_sealed, suggested_at FROM booking_requests WHERE listing_id = ?",
      listingId,
    );
    const of = (id: string) => statuses.find((s) => s.id === id)!;
    expect(of(ids[0]).status).toBe("suggested");
    expect(of(ids[0]).suggested_at).toBeGreaterThan(Date.now());
    expect(of(ids[0]).number_sealed).not.toBe("");
    expect(of(ids[1])).toMatchObject({ status: "declined", number_sealed: "" });
    expect(of(ids[2])).toMatchObject({ status: "declined", number_sealed: "" });

    // Three codes each, and one answer text for the suggestion and the neutral decline; none for the quiet one.
    const all = await rows<{ to_address: string; text_body: string }>(
      "SELECT to_address, text_body FROM dev_outbox WHERE channel = 'sms' AND text_body NOT LIKE '% is your code.%'",
    );
    expect(all).toHaveLength(2);
    expect(all.find((t) => t.text_body.includes("does not suit"))?.text_body).toMatch(
      /Could you do \w{3} \d{1,2} \w{3}, 8:00 pm instead\?.* - Ruby, Kiwi Companions$/,
    );
    expect(all.find((t) => t.text_body.startsWith("Sorry,"))?.text_body).toMatch(/ - Ruby$/);
    // The declined requests' numbers are gone from the inbox; the suggested one's is still there.
    const inbox = await inboxText(provider);
    expect(inbox).toContain("021 555 0201");
    expect(inbox).not.toContain("021 555 0202");
    expect(inbox).not.toContain("021 555 0203");

    // A suggestion needs a time still to come.
    const past = await post({ intent: "suggest", requestId: ids[0], date: nzDay(-1), time: "20:00" });
    expect(past.status).toBe(400);
  });

  it("belong to the provider: another account's answers find nothing and change nothing", async () => {
    const { listingId } = await bookable();
    const stranger = await bookable();
    await sendRequest(listingId, PHONE, E164);
    const [id] = await requestIds(listingId);
    for (const intent of ["accept", "block"]) {
      const res = await stranger.provider.client.post("/dashboard/requests", { form: { intent, requestId: id } });
      expect(res.status, intent).toBe(404);
    }
    expect(await rows("SELECT status FROM booking_requests WHERE id = ?", id)).toEqual([{ status: "new" }]);
    expect(await count("booking_blocks")).toBe(0);
  });
});

describe("the switch", () => {
  it("is off by default, shows 'Request a booking' on the profile when on, and the form answers 404 when off", async () => {
    const { provider, listingId } = await bookable();
    await env.DB.prepare("UPDATE listings SET takes_requests = 0 WHERE id = ?").bind(listingId).run();
    expect((await client().get(`/view/${listingId}/request`)).status).toBe(404);
    expect((await askForCode(listingId, PHONE)).status).toBe(404);
    expect(
      await client()
        .get(`/view/${listingId}`)
        .then((r) => r.text()),
    ).not.toContain("Request a booking");

    const on = await provider.client.post("/dashboard/requests", {
      form: { intent: "switch", listingId, value: "on" },
    });
    expect(on.status).toBe(200);
    expect((await client().get(`/view/${listingId}/request`)).status).toBe(200);
    await eventually(async () =>
      (
        await client()
          .get(`/view/${listingId}`)
          .then((r) => r.text())
      ).includes(`/view/${listingId}/request`),
    );
    // Someone else's listing: refused, nothing changed.
    const stranger = await bookable();
    const theirs = await stranger.provider.client.post("/dashboard/requests", {
      form: { intent: "switch", listingId, value: "off" },
    });
    expect(theirs.status).toBe(403);
    expect(await rows("SELECT takes_requests FROM listings WHERE id = ?", listingId)).toEqual([{ takes_requests: 1 }]);
    // Off unless its owner turns it on: the column's default.
    expect(await rows("SELECT dflt_value FROM pragma_table_info('listings') WHERE name = 'takes_requests'")).toEqual([
      { dflt_value: "0" },
    ]);
  });
});

describe("insights", () => {
  it("count a request as a contact", async () => {
    const { listingId } = await bookable();
    const ip = freshIp();
    const chrome =
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";
    const visitor = client({ ip });
    const asked = await visitor.post(
      `/view/${listingId}/request`,
      {
        form: {
          intent: "send",
          date: nzDay(),
          name: "Sam",
          time: "19:30",
          length: "60",
          place: "incall",
          phone: PHONE,
        },
      },
      { headers: { "User-Agent": chrome } },
    );
    const codeId = codeIdIn(await asked.text());
    const res = await visitor.post(
      `/view/${listingId}/request`,
      { form: { intent: "verify", codeId, code: await lastCode(E164) } },
      { headers: { "User-Agent": chrome } },
    );
    expect(res.status).toBe(303);
    await eventually(
      async () =>
        (
          await rows<{ contacts: number }>(
            "SELECT contacts FROM listing_daily WHERE listing_id = ? AND day = ?",
            listingId,
            countDay(Date.now()),
          )
        )[0]?.contacts === 1,
      10_000,
    );
  });
});

describe("bad input", () => {
  it("gets its reason beside the field, a 400, and nothing stored or sent", async () => {
    const { listingId } = await bookable();
    const res = await askForCode(listingId, "09 123 4567", { name: "", place: "outcall", suburb: "" });
    expect(res.status).toBe(400);
    const html = (await res.text()).replace(/<!-- -->/g, "");
    expect(html).toMatch(/id="phone-error"[^>]*>.*Enter a New Zealand mobile number/s);
    expect(html).toMatch(/id="name-error"[^>]*>.*Enter the name to use/s);
    expect(html).toMatch(/id="suburb-error"[^>]*>.*Enter your suburb for an outcall/s);
    expect(await count("booking_codes")).toBe(0);
    expect(await count("dev_outbox", "channel = 'sms'")).toBe(0);
    // A code that is not six digits, or for no code at all.
    const asked = await askForCode(listingId, PHONE);
    const codeId = codeIdIn(await asked.text());
    expect((await typeCode(listingId, codeId, "12")).status).toBe(400);
    expect((await typeCode(listingId, "0000000000000000", "123456")).status).toBe(400);
    expect(await count("booking_requests")).toBe(0);
  });
});
