// the stale-listing check: a live listing neither saved nor confirmed for 30 days is asked once by
// e-mail; the link's page changes nothing until its button is pressed, then confirms that listing once and
// signs nobody in (a replay or a made-up link is a 400, a link past its 14 days a 410); unanswered for 7
// days, the cron hides it as 'Hidden - confirm your listing' until the owner confirms from the dashboard.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { STALE_LINK_DAYS, staleState } from "~/features/listings/upkeep";
import type { StaleFields } from "~/features/listings/upkeep";
import { STALE_ERRORS, confirmByLink, runStaleCheck, staleLinkRefusal } from "~/features/listings/stale-check.server";
import { client, signedIn } from "./client";
import { insertListing, insertUser } from "./fixtures";

const DAY = 86_400_000;
const ORIGIN = "http://localhost:8787";
const ctx = { waitUntil: (_: Promise<unknown>) => {} };

type Row = { live: number; confirmed_at: number; stale_reminded_at: number | null; hidden_as_stale: number };
const rowOf = async (id: string) =>
  (await env.DB.prepare("SELECT live, confirmed_at, stale_reminded_at, hidden_as_stale FROM listings WHERE id = ?")
    .bind(id)
    .first<Row>())!;

async function staleListing(daysAgo = 31) {
  const owner = await signedIn({ firstName: "Mere" });
  const id = await insertListing({ userId: owner.userId, firstName: `Stale${Date.now() % 1e6}` });
  await env.DB.prepare("UPDATE listings SET confirmed_at = ? WHERE id = ?")
    .bind(Date.now() - daysAgo * DAY, id)
    .run();
  return { owner, id };
}

async function linkFor(email: string): Promise<string> {
  const row = await env.DB.prepare(
    "SELECT text_body FROM dev_outbox WHERE to_address = ? AND subject LIKE '%still available%' ORDER BY created_at DESC",
  )
    .bind(email)
    .first<{ text_body: string }>();
  const match = /\/listing-check\/[A-Za-z0-9_-]{43}/.exec(row?.text_body ?? "");
  if (!match) throw new Error(`no stale-check link mailed to ${email}`);
  return match[0];
}

const mailsTo = async (email: string) =>
  (
    await env.DB.prepare(
      "SELECT count(*) AS n FROM dev_outbox WHERE to_address = ? AND subject LIKE '%still available%'",
    )
      .bind(email)
      .first<{ n: number }>()
  )?.n ?? 0;

describe("the stale-listing check", () => {
  it("asks once after 30 days, and a fresh listing not at all", async () => {
    const { owner, id } = await staleListing();
    const fresh = await staleListing(29);
    await runStaleCheck(env, ctx, ORIGIN);
    await runStaleCheck(env, ctx, ORIGIN);
    expect(await mailsTo(owner.email)).toBe(1);
    expect(await mailsTo(fresh.owner.email)).toBe(0);
    const row = await rowOf(id);
    expect(row.stale_reminded_at).toBeGreaterThan(0);
    expect(row.live).toBe(1);
    // Only the link's hash is kept.
    const link = await linkFor(owner.email);
    const stored = await env.DB.prepare("SELECT stale_token_hash AS h FROM listings WHERE id = ?")
      .bind(id)
      .first<{ h: string }>();
    expect(stored!.h).not.toContain(link.split("/").pop());
  });

  it("the link's page changes nothing; its button confirms once, signs no one in, and a replay is refused", async () => {
    const { owner, id } = await staleListing();
    await runStaleCheck(env, ctx, ORIGIN);
    const link = await linkFor(owner.email);
    const before = await rowOf(id);
    const page = await client().get(link);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("no-store");
    expect(await rowOf(id)).toEqual(before);

    const confirmed = await client().post(link, { form: {} });
    expect(confirmed.status).toBe(200);
    expect(confirmed.headers.getSetCookie().filter((c) => /session=/.test(c))).toEqual([]);
    expect(await confirmed.text()).toContain('data-testid="stale-confirmed"');
    const after = await rowOf(id);
    expect(after.confirmed_at).toBeGreaterThan(before.confirmed_at);
    expect(after.live).toBe(1);

    const replay = await client().post(link, { form: {} });
    expect(replay.status).toBe(400);
    expect(await replay.text()).toContain(STALE_ERRORS.link);
    for (const forged of ["/listing-check/" + "A".repeat(43), "/listing-check/short", "/listing-check/%00"]) {
      expect((await client().post(forged, { form: {} })).status, forged).toBe(400);
    }
  });

  it("hides an unanswered listing a week after asking, until the owner confirms from the dashboard", async () => {
    const { owner, id } = await staleListing();
    await runStaleCheck(env, ctx, ORIGIN);
    expect((await runStaleCheck(env, ctx, ORIGIN, Date.now() + 6 * DAY)).hidden).toBe(0);
    expect((await rowOf(id)).live).toBe(1);
    await runStaleCheck(env, ctx, ORIGIN, Date.now() + 7 * DAY + 1000);
    expect(await rowOf(id)).toMatchObject({ live: 0, hidden_as_stale: 1 });
    expect((await client().get(`/api/model/${id}`)).status).toBe(404);
    const html = await (await owner.client.get("/dashboard")).text();
    expect(html).toContain("Hidden - confirm your listing");
    expect(html).toContain('data-testid="stale-panel"');

    // Someone else cannot confirm it; the owner can, and it is back.
    const stranger = await signedIn();
    expect((await stranger.client.post("/dashboard", { form: { intent: "confirm", listingId: id } })).status).toBe(403);
    const res = await owner.client.post("/dashboard", { form: { intent: "confirm", listingId: id } });
    expect(res.status).toBe(303);
    expect(await rowOf(id)).toMatchObject({ live: 1, hidden_as_stale: 0 });
    expect((await client().get(`/api/model/${id}`)).status).toBe(200);
    // Nothing left to confirm: a second press is a 409.
    expect((await owner.client.post("/dashboard", { form: { intent: "confirm", listingId: id } })).status).toBe(409);
  });

  it("a save counts as a confirmation: the question is answered without the link", async () => {
    const { owner, id } = await staleListing();
    await runStaleCheck(env, ctx, ORIGIN);
    // What an editor save writes (app/features/listings/save/save.server.ts): confirmed_at moves past the question.
    await env.DB.prepare("UPDATE listings SET confirmed_at = ? WHERE id = ?")
      .bind(Date.now() + 1, id)
      .run();
    await runStaleCheck(env, ctx, ORIGIN, Date.now() + 8 * DAY);
    expect((await rowOf(id)).live).toBe(1);
    expect(await mailsTo(owner.email)).toBe(1);
  });

  it("a link past its 14 days says it has expired and how to confirm instead, with a 410, and changes nothing", async () => {
    const { owner, id } = await staleListing(60);
    // Asked 15 days ago, and hidden by the cron a week after that.
    await runStaleCheck(env, ctx, ORIGIN, Date.now() - 15 * DAY);
    await runStaleCheck(env, ctx, ORIGIN);
    const link = await linkFor(owner.email);
    const before = await rowOf(id);
    expect(before).toMatchObject({ live: 0, hidden_as_stale: 1 });
    const text = async (res: Response) => (await res.text()).replaceAll("&#x27;", "'");

    const page = await client().get(link);
    expect(page.status).toBe(410);
    expect(page.headers.get("Cache-Control")).toBe("no-store");
    const opened = await text(page);
    expect(opened).toContain(STALE_ERRORS.expired);
    expect(opened).toContain("on your dashboard");
    expect(opened).not.toContain('data-testid="still-available"');

    const pressed = await client().post(link, { form: {} });
    expect(pressed.status).toBe(410);
    expect(await text(pressed)).toContain(STALE_ERRORS.expired);
    expect(await rowOf(id)).toEqual(before);

    // The dashboard still confirms it.
    const res = await owner.client.post("/dashboard", { form: { intent: "confirm", listingId: id } });
    expect(res.status).toBe(303);
    expect(await rowOf(id)).toMatchObject({ live: 1, hidden_as_stale: 0 });
  });

  it("the link works until 14 days after it was sent, and not from that instant on", async () => {
    const { owner, id } = await staleListing();
    const sentAt = Date.now();
    await runStaleCheck(env, ctx, ORIGIN, sentAt);
    const token = (await linkFor(owner.email)).split("/").pop()!;
    const expiry = sentAt + STALE_LINK_DAYS * DAY;
    expect(STALE_LINK_DAYS).toBe(14);
    expect(await staleLinkRefusal(env, token, expiry - 1)).toBeNull();
    expect(await staleLinkRefusal(env, token, expiry)).toMatchObject({ status: 410, error: STALE_ERRORS.expired });
    const before = await rowOf(id);
    expect(await confirmByLink(env, ctx, token, expiry)).toMatchObject({ ok: false, status: 410 });
    expect(await rowOf(id)).toEqual(before);
    // A day short of it, the same link confirms (the cron had hidden the listing a week after asking).
    await runStaleCheck(env, ctx, ORIGIN, sentAt + 8 * DAY);
    expect(await rowOf(id)).toMatchObject({ live: 0, hidden_as_stale: 1 });
    expect(await confirmByLink(env, ctx, token, expiry - DAY)).toMatchObject({ ok: true, live: true });
    expect(await rowOf(id)).toMatchObject({ live: 1, hidden_as_stale: 0 });
    // Used, it is refused as used, not as expired.
    expect(await confirmByLink(env, ctx, token, expiry - DAY)).toMatchObject({ status: 400, error: STALE_ERRORS.link });
  });

  it("an address that cannot be a link is a 400 as soon as it is opened, with no button", async () => {
    for (const path of ["/listing-check/short", "/listing-check/%00", `/listing-check/${"A".repeat(44)}`]) {
      const res = await client().get(path);
      expect(res.status, path).toBe(400);
      const html = await res.text();
      expect(html, path).toContain(STALE_ERRORS.link);
      expect(html, path).not.toContain('data-testid="still-available"');
    }
  });

  it("a link used already, or shaped like one but made up, says so when opened, not only when pressed", async () => {
    const { owner } = await staleListing();
    await runStaleCheck(env, ctx, ORIGIN);
    const link = await linkFor(owner.email);
    expect((await client().post(link, { form: {} })).status).toBe(200);
    for (const path of [link, `/listing-check/${"A".repeat(43)}`]) {
      const res = await client().get(path);
      expect(res.status, path).toBe(400);
      const html = await res.text();
      expect(html, path).toContain(STALE_ERRORS.link);
      expect(html, path).not.toContain('data-testid="still-available"');
    }
  });
});

// upkeep.ts states the stale-listing rule in TypeScript (fresh → reminder-due → reminded → hidden); the cron
// runs it as SQL conditions. The same cases through both, on each side of every edge: the cron must ask
// exactly the listings the rule calls reminder-due, hide exactly those it calls hidden, and leave the rest.
describe("the cron's SQL and upkeep.ts's staleState agree", () => {
  it("on each side of the 30 days, the 7 days and a confirmation after the question", async () => {
    const now = Date.now();
    const ago = (days: number, ms = 0) => now - days * DAY + ms;
    const cases: StaleFields[] = [
      { confirmedAt: now, remindedAt: null },
      { confirmedAt: ago(30, 1), remindedAt: null },
      { confirmedAt: ago(30), remindedAt: null },
      { confirmedAt: ago(90), remindedAt: null },
      { confirmedAt: ago(40), remindedAt: ago(0, -1) },
      { confirmedAt: ago(40), remindedAt: ago(7, 1) },
      { confirmedAt: ago(40), remindedAt: ago(7) },
      { confirmedAt: ago(40), remindedAt: ago(30) },
      // Asked in the same instant as the last confirmation: the question stands.
      { confirmedAt: ago(3), remindedAt: ago(3) },
      { confirmedAt: ago(7), remindedAt: ago(7) },
      // Confirmed (or saved) after the question: a new round, counted from that confirmation.
      { confirmedAt: ago(8, 1), remindedAt: ago(8) },
      { confirmedAt: ago(29), remindedAt: ago(40) },
      { confirmedAt: ago(30), remindedAt: ago(40) },
    ];
    const userId = await insertUser();
    const ids: string[] = [];
    for (const c of cases) {
      const id = await insertListing({ userId });
      await env.DB.prepare("UPDATE listings SET confirmed_at = ?, stale_reminded_at = ? WHERE id = ?")
        .bind(c.confirmedAt, c.remindedAt, id)
        .run();
      ids.push(id);
    }
    await runStaleCheck(env, ctx, ORIGIN, now);
    const did = await Promise.all(
      ids.map(async (id, i) => {
        const row = await rowOf(id);
        if (row.live === 0 && row.hidden_as_stale === 1) return "hidden";
        if (row.stale_reminded_at !== cases[i]!.remindedAt) return "asked";
        return "nothing";
      }),
    );
    const expected = cases.map((c) => {
      const state = staleState(c, now);
      return state === "reminder-due" ? "asked" : state === "hidden" ? "hidden" : "nothing";
    });
    expect(did.map((d, i) => ({ ...cases[i], did: d }))).toEqual(cases.map((c, i) => ({ ...c, did: expected[i] })));
    // Every outcome is among the cases, so the comparison covers each branch of both.
    expect(new Set(expected)).toEqual(new Set(["asked", "hidden", "nothing"]));
  });
});
