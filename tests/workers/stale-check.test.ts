// Issue 16, the stale-listing check: a live listing neither saved nor confirmed for 30 days is asked once by
// e-mail; the link's page changes nothing until its button is pressed, then confirms that listing once and
// signs nobody in (a replay or a made-up link is a 400); unanswered for 7 days, the cron hides it as
// 'Hidden - confirm your listing' until the owner confirms from the dashboard.
import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { STALE_ERRORS, runStaleCheck } from "~/server/stale-check.server";
import { quiesce } from "./auth-fixtures";
import { client, signedIn } from "./client";
import { insertListing } from "./fixtures";
import { settleBackgroundWork } from "./public-fixtures";

afterEach(async () => {
  await settleBackgroundWork();
  await quiesce();
});

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
    expect((await stranger.client.post("/dashboard", { form: { intent: "confirm", modelId: id } })).status).toBe(403);
    const res = await owner.client.post("/dashboard", { form: { intent: "confirm", modelId: id } });
    expect(res.status).toBe(303);
    expect(await rowOf(id)).toMatchObject({ live: 1, hidden_as_stale: 0 });
    expect((await client().get(`/api/model/${id}`)).status).toBe(200);
    // Nothing left to confirm: a second press is a 409.
    expect((await owner.client.post("/dashboard", { form: { intent: "confirm", modelId: id } })).status).toBe(409);
  });

  it("a save counts as a confirmation: the question is answered without the link", async () => {
    const { owner, id } = await staleListing();
    await runStaleCheck(env, ctx, ORIGIN);
    // What an editor save writes (listing-save.server.ts): confirmed_at moves past the question.
    await env.DB.prepare("UPDATE listings SET confirmed_at = ? WHERE id = ?")
      .bind(Date.now() + 1, id)
      .run();
    await runStaleCheck(env, ctx, ORIGIN, Date.now() + 8 * DAY);
    expect((await rowOf(id)).live).toBe(1);
    expect(await mailsTo(owner.email)).toBe(1);
  });
});
