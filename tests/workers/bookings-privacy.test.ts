// Booking requests kept short and sealed, inside workerd (docs/decisions/0052-booking-requests.md): a visitor's
// number planted through the whole journey, as production runs it (texts to the SMS provider's API, mail to the
// e-mail API), is nowhere in clear in D1, KV, R2 or the log; what the cron deletes and when; production
// without the SMS settings answers 503 and says so at start; the provider's data export holds their requests
// and blocks, never the visitor's number.
import { env } from "cloudflare:test";
import { strFromU8, unzipSync } from "fflate";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sweepBookings } from "~/features/bookings/sweep.server";
import { archiveResponse } from "~/features/dashboard/data-export.server";
import { readAccountData } from "~/features/dashboard/data-export-rows.server";
import { getDb } from "~/platform/data/db.server";
import { deploymentProblems } from "../../workers/deploy-settings";
import { count } from "./auth-fixtures";
import { client, freshIp } from "./client";
import { outline } from "./page-outline";
import { rows } from "./public-fixtures";
import { backgroundWorkDone } from "./background";
import { inProduction, production } from "./deployed";
import { bookable, codeIdIn, FIELDS, inboxText, nzDay, requestIds, sendRequest } from "./bookings-fixtures";

afterEach(async () => {
  // The answers' mail and texts go through the mocked fetch: done before the mocks go.
  await backgroundWorkDone();
  vi.restoreAllMocks();
});

const SMS = {
  SMS_API_URL: "https://sms.example/2010-04-01/Accounts/AC1/Messages.json",
  SMS_API_USERNAME: "AC1",
  SMS_API_KEY: "sms-secret",
  SMS_FROM: "+6421000000",
};
const MAIL = { EMAIL_API_URL: "https://mail.example/emails", EMAIL_API_KEY: "k", EMAIL_FROM: "Kiwi <n@k.nz>" };

const form = (fields: Record<string, string>): RequestInit => ({
  method: "POST",
  body: new URLSearchParams(fields),
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
});

/** Every value of every D1 table, as text. */
async function everyRow(): Promise<string> {
  const tables = await rows<{ name: string }>(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
  );
  const out: string[] = [];
  for (const { name } of tables) out.push(JSON.stringify(await rows(`SELECT * FROM "${name}"`)));
  return out.join("\n");
}

/** Every KV key and value, and every R2 key and object. */
async function everyObject(): Promise<string> {
  const out: string[] = [];
  for (const { name } of (await env.PROFILES.list()).keys) out.push(name, (await env.PROFILES.get(name)) ?? "");
  for (const object of (await env.PHOTOS.list()).objects)
    out.push(object.key, new TextDecoder().decode(await (await env.PHOTOS.get(object.key))!.arrayBuffer()));
  return out.join("\n");
}

describe("the visitor's number", () => {
  it("is in no table, KV value, R2 object or log line, in clear, through the whole journey as production runs it", async () => {
    const planted = {
      typed: "027 318 4466",
      forms: ["027 318 4466", "0273184466", "+64273184466", "273184466", "318 4466", "3184466"],
    };
    const deployed = { ...production, ...SMS, ...MAIL };
    const sent: { url: string; body: string }[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      sent.push({ url: String(input), body: String(init?.body) });
      return new Response(JSON.stringify({ sid: "SM1" }), { status: 201 });
    });
    const logged: string[] = [];
    for (const level of ["log", "info", "warn", "error", "debug"] as const)
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        logged.push(
          args.map((a) => (a instanceof Error ? `${a.name} ${a.message} ${String(a.cause)}` : String(a))).join(" "),
        );
      });

    const { provider, listingId } = await bookable();
    const session = provider.cookie.replace(/^session=/, "__Host-session=");
    const ip = freshIp();
    // The form, a wrong code, then the right one.
    const asked = await inProduction(
      deployed,
      `/view/${listingId}/request`,
      form({ intent: "send", date: nzDay(), ...FIELDS, phone: planted.typed }),
      ip,
    );
    expect(asked.status).toBe(200);
    const codeId = codeIdIn(asked.text);
    const codeText = sent.find((s) => s.url === SMS.SMS_API_URL)!;
    const params = new URLSearchParams(codeText.body);
    expect(params.get("To")).toBe("+64273184466");
    expect(params.get("From")).toBe(SMS.SMS_FROM);
    const code = /^(\d{6}) is your code/.exec(params.get("Body") ?? "")![1];
    const wrong = code === "000000" ? "111111" : "000000";
    expect(
      (await inProduction(deployed, `/view/${listingId}/request`, form({ intent: "verify", codeId, code: wrong }), ip))
        .status,
    ).toBe(400);
    const done = await inProduction(
      deployed,
      `/view/${listingId}/request`,
      form({ intent: "verify", codeId, code }),
      ip,
    );
    expect(done.status).toBe(303);

    // The provider reads it (the number opened for them), accepts, and blocks a second request from it.
    const inbox = await inProduction(deployed, "/dashboard/requests", { cookie: session });
    expect(inbox.status).toBe(200);
    expect(inbox.text).toContain("027 318 4466");
    const [id] = await requestIds(listingId);
    const accepted = await inProduction(deployed, "/dashboard/requests", {
      ...form({ intent: "accept", requestId: id }),
      cookie: session,
    });
    expect(accepted.status).toBe(200);
    expect(sent.filter((s) => s.url === SMS.SMS_API_URL).map((s) => new URLSearchParams(s.body).get("Body"))).toEqual([
      expect.stringMatching(/is your code/),
      expect.stringMatching(/^Confirmed: /),
    ]);
    const blocked = await inProduction(deployed, "/dashboard/requests", {
      ...form({ intent: "block", requestId: id }),
      cookie: session,
    });
    expect(blocked.status).toBe(200);
    // The data export, made as the archive route makes it.
    const account = await readAccountData(getDb(env), provider.userId);
    const zip = unzipSync(new Uint8Array(await archiveResponse(env, account!, Date.now()).arrayBuffer()));
    await backgroundWorkDone();

    // The notice went to the e-mail API, with nothing of the request.
    const mail = sent.filter((s) => s.url === MAIL.EMAIL_API_URL);
    expect(mail).toHaveLength(1);
    // It did reach the SMS provider, and only there.
    expect(sent.filter((s) => s.body.includes("+64273184466")).every((s) => s.url === SMS.SMS_API_URL)).toBe(true);

    const stored = await everyRow();
    expect(stored).toContain(provider.email); // the scan did read the tables
    expect(await count("booking_blocks")).toBe(1);
    const elsewhere = [
      stored,
      await everyObject(),
      logged.join("\n"),
      mail.map((m) => m.body).join("\n"),
      ...Object.values(zip).map((bytes) => strFromU8(bytes)),
    ];
    for (const where of elsewhere) for (const s of planted.forms) expect(where).not.toContain(s);
  });
});

describe("what is kept, and for how long", () => {
  it("deletes a request 30 days after its time, empties its number the day after, codes after a day, blocks after 12 months unless renewed", async () => {
    const { provider, listingId } = await bookable();
    await sendRequest(listingId, "021 555 1001", "+64215551001");
    const [id] = await requestIds(listingId);
    const [{ starts_at: startsAt }] = await rows<{ starts_at: number }>(
      "SELECT starts_at FROM booking_requests WHERE id = ?",
      id,
    );
    await provider.client.post("/dashboard/requests", { form: { intent: "block", requestId: id } });
    await sendRequest((await bookable()).listingId, "021 555 1002", "+64215551002");
    const [other] = await rows<{ id: string }>("SELECT id FROM booking_requests WHERE id <> ?", id);
    const day = 86_400_000;

    // Until a day after its time the provider still reads an undeclined request's number.
    await sweepBookings(env, startsAt + day - 1);
    expect(await rows("SELECT number_sealed <> '' AS open FROM booking_requests WHERE id = ?", other.id)).toEqual([
      { open: 1 },
    ]);
    // The codes only counted for the limits: a day after they were sent they go.
    expect(await count("booking_codes")).toBe(0);
    await sweepBookings(env, startsAt + day + 60_000);
    expect(await rows("SELECT number_sealed FROM booking_requests WHERE id = ?", other.id)).toEqual([
      { number_sealed: "" },
    ]);
    expect(await count("booking_requests")).toBe(2);

    await sweepBookings(env, startsAt + 30 * day - 60_000);
    expect(await count("booking_requests")).toBe(2);
    await sweepBookings(env, startsAt + 30 * day + 60 * 60_000);
    expect(await count("booking_requests")).toBe(0);

    // The block: a year from when it was made; renewed, a year from the renewal.
    const [made] = await rows<{ created_at: number; expires_at: number }>(
      "SELECT created_at, expires_at FROM booking_blocks",
    );
    expect(made.expires_at - made.created_at).toBeGreaterThanOrEqual(365 * day);
    expect(made.expires_at - made.created_at).toBeLessThanOrEqual(366 * day);
    // As if it had been made 200 days ago.
    await env.DB.prepare("UPDATE booking_blocks SET created_at = created_at - ?, expires_at = expires_at - ?")
      .bind(200 * day, 200 * day)
      .run();
    const expires = made.expires_at - 200 * day;
    await sweepBookings(env, expires - 60_000);
    expect(await count("booking_blocks")).toBe(1);
    const [{ number_hash: key }] = await rows<{ number_hash: string }>("SELECT number_hash FROM booking_blocks");
    const renewed = await provider.client.post("/dashboard/requests", { form: { intent: "renew", key } });
    expect(renewed.status).toBe(200);
    await sweepBookings(env, expires + 60_000);
    expect(await count("booking_blocks")).toBe(1);
    const [{ expires_at: later }] = await rows<{ expires_at: number }>("SELECT expires_at FROM booking_blocks");
    expect(later - Date.now()).toBeGreaterThan(364 * day);
    await sweepBookings(env, later + 60_000);
    expect(await count("booking_blocks")).toBe(0);
  });

  it("the privacy page says so, and names the text-message provider among those who process data", async () => {
    const res = await client().get("/privacy");
    expect(res.status).toBe(200);
    const { text } = await outline(res);
    for (const phrase of [
      "Booking requests: 30 days after the booking's time, and blocks 12 months unless renewed",
      "Your number is never stored as text",
      "only until they decline or the day after the booking's time",
      "Everything about a request is deleted 30 days after the booking's time",
      "The provider gets their requests and blocks in the copy of their data",
      "our text-message provider (which sends the codes and answers of booking requests",
    ])
      expect(text, phrase).toContain(phrase);
  });

  it("the provider's data export holds their requests, opened, and their blocks, without the visitor's number", async () => {
    const { provider, listingId } = await bookable();
    await sendRequest(listingId, "021 555 1101", "+64215551101", { message: "Is parking easy?" });
    const [id] = await requestIds(listingId);
    await sendRequest(listingId, "021 555 1102", "+64215551102", { name: "Blocked one" });
    const [, second] = await requestIds(listingId);
    await provider.client.post("/dashboard/requests", { form: { intent: "block", requestId: second } });
    const account = await readAccountData(getDb(env), provider.userId);
    const zip = unzipSync(new Uint8Array(await archiveResponse(env, account!, Date.now()).arrayBuffer()));
    const file = JSON.parse(strFromU8(zip["booking-requests.json"]));
    expect(file.requests).toHaveLength(2);
    const first = file.requests.find((r: { id: string }) => r.id === id);
    expect(first).toMatchObject({ listing_id: listingId, status: "new", minutes: 60 });
    expect(first.details).toMatchObject({
      name: "Sam",
      place: "outcall",
      suburb: "Ponsonby",
      message: "Is parking easy?",
    });
    expect(first.details.screen).toEqual({ checked: true, matches: [] });
    expect(first).not.toHaveProperty("number_hash");
    expect(first).not.toHaveProperty("number_sealed");
    expect(file.blocks).toEqual([
      expect.objectContaining({ user_id: provider.userId, label: "Blocked one, number ending 102" }),
    ]);
    expect(file.blocks[0]).not.toHaveProperty("number_hash");
    expect(JSON.stringify(file)).not.toMatch(/555 ?110|\+6421555/);
    expect(strFromU8(zip["README.txt"])).toContain("booking-requests.json");
    // An account with neither has no such file.
    const none = await readAccountData(getDb(env), (await bookable()).provider.userId);
    const empty = unzipSync(new Uint8Array(await archiveResponse(env, none!, Date.now()).arrayBuffer()));
    expect(empty["booking-requests.json"]).toBeUndefined();
  });
});

describe("production without the SMS settings", () => {
  it("answers 503 on the form, page and post, and stores and sends nothing", async () => {
    const { listingId } = await bookable();
    vi.spyOn(console, "error").mockImplementation(() => {});
    const fetched = vi.spyOn(globalThis, "fetch");
    const page = await inProduction({ ...production, ...MAIL }, `/view/${listingId}/request`);
    expect(page.status).toBe(503);
    expect(page.text).toContain("Booking requests are not available right now");
    const post = await inProduction(
      { ...production, ...MAIL },
      `/view/${listingId}/request`,
      form({ intent: "send", date: nzDay(), ...FIELDS, phone: "021 555 1201" }),
    );
    expect(post.status).toBe(503);
    expect(await count("booking_codes")).toBe(0);
    expect(fetched).not.toHaveBeenCalled();
    // With them, the form is there.
    expect((await inProduction({ ...production, ...MAIL, ...SMS }, `/view/${listingId}/request`)).status).toBe(200);
  });

  it("says so in one line at start, and so does a missing BOOKINGS_KEY", () => {
    const problems = deploymentProblems(production as unknown as Env);
    expect(problems).toContain(
      "text messages are off (SMS_API_URL, SMS_API_USERNAME, SMS_API_KEY, SMS_FROM not set): the booking request form answers 503, and accepting or suggesting a time in the inbox too",
    );
    expect(deploymentProblems({ ...production, ...SMS } as unknown as Env).some((p) => p.includes("SMS_"))).toBe(false);
    expect(deploymentProblems({ ...production, BOOKINGS_KEY: undefined } as unknown as Env)).toContain(
      "BOOKINGS_KEY is not set: the booking request form and the providers' inboxes answer 503",
    );
  });

  it("and in development every text is kept in the outbox, shown at /dev/outbox", async () => {
    const { listingId } = await bookable();
    await sendRequest(listingId, "021 555 1301", "+64215551301");
    const page = await (await import("./client")).client().get("/dev/outbox");
    const html = (await page.text()).replace(/<!-- -->/g, "");
    expect(html).toMatch(/Text to <span[^>]*>\+64215551301<\/span>/);
    expect(await inboxText((await bookable()).provider)).toContain("No requests yet.");
  });
});
