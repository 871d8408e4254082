// 'Take a break': a live listing leaves the public list (no badge: it is simply not listed) until
// a chosen NZ date or until resumed; the owner sees 'Paused until …'; the break ends by itself on the cron,
// and live comes back only while the listing is still verified and paid. Bad input is a 4xx beside the field.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { PAUSE_MSG } from "~/features/listings/upkeep";
import { addDays, nzDate, nzDayStart } from "~/platform/time/nz-time";
import { PAUSE_ERRORS, resumeDuePauses } from "~/features/listings/pause.server";
import { client, signedIn } from "./client";
import { insertListing } from "./fixtures";

const ctx = { waitUntil: (_: Promise<unknown>) => {} };
const visitor = client();
const today = () => nzDate(Date.now());

type PauseRow = { live: number; paused_at: number | null; paused_until: number | null };
const rowOf = async (id: string) =>
  (await env.DB.prepare("SELECT live, paused_at, paused_until FROM listings WHERE id = ?").bind(id).first<PauseRow>())!;

async function listed(id: string, name: string): Promise<boolean> {
  const grid = (await (await visitor.get("/api/grid?region=Tauranga")).json()) as { cards: { modelId: string }[] };
  const inGrid = grid.cards.some((c) => c.modelId === id);
  const profile = (await visitor.get(`/api/model/${id}`)).status;
  expect(inGrid, name).toBe(profile === 200);
  return inGrid;
}

async function ownerWithLiveListing() {
  const owner = await signedIn();
  const id = await insertListing({ userId: owner.userId, location: "Tauranga", live: true, verified: true });
  return { owner, id };
}

const pause = (owner: { client: ReturnType<typeof client> }, id: string, until: string) =>
  owner.client.post("/dashboard", { form: { intent: "pause", listingId: id, until } });

describe("Take a break", () => {
  it("hides the listing until the chosen date, says so to the owner, and ends by itself on the cron", async () => {
    const { owner, id } = await ownerWithLiveListing();
    expect(await listed(id, "before")).toBe(true);
    const back = addDays(today(), 3);
    const res = await pause(owner, id, back);
    expect(res.status).toBe(303);
    expect(await rowOf(id)).toMatchObject({ live: 0, paused_until: nzDayStart(back) });
    expect(await listed(id, "paused")).toBe(false);
    // The owner sees until when; visitors see nothing of it.
    const html = await (await owner.client.get("/dashboard")).text();
    expect(html).toMatch(/data-testid="pause-line"[^>]*>Paused until \d{1,2} [A-Z][a-z]{2}</);

    // The cron before the date changes nothing; at the date's NZ midnight the listing is back.
    expect(await resumeDuePauses(env, ctx, nzDayStart(back) - 1)).toBe(0);
    expect(await listed(id, "still paused")).toBe(false);
    expect(await resumeDuePauses(env, ctx, nzDayStart(back))).toBeGreaterThanOrEqual(1);
    expect(await rowOf(id)).toEqual({ live: 1, paused_at: null, paused_until: null });
    expect(await listed(id, "resumed")).toBe(true);
  });

  it("can last until resumed, which the cron never ends, and 'Resume now' or the Live switch ends it", async () => {
    const { owner, id } = await ownerWithLiveListing();
    expect((await pause(owner, id, "")).status).toBe(303);
    expect(await rowOf(id)).toMatchObject({ live: 0, paused_until: null });
    await resumeDuePauses(env, ctx, Date.now() + 400 * 86_400_000);
    expect((await rowOf(id)).live).toBe(0);
    const resumed = await owner.client.post("/dashboard", { form: { intent: "resume", listingId: id } });
    expect(resumed.status).toBe(303);
    expect(await rowOf(id)).toEqual({ live: 1, paused_at: null, paused_until: null });

    // Paused again, then the Live switch: live, and the break is over.
    expect((await pause(owner, id, "")).status).toBe(303);
    const live = await owner.client.post("/dashboard", { form: { intent: "live", listingId: id, value: "true" } });
    expect(live.status).toBe(303);
    expect(await rowOf(id)).toEqual({ live: 1, paused_at: null, paused_until: null });
  });

  it("comes back only while paid: a listing whose plan lapsed meanwhile stays off the list", async () => {
    const { owner, id } = await ownerWithLiveListing();
    expect((await pause(owner, id, addDays(today(), 1))).status).toBe(303);
    await env.DB.prepare("UPDATE listings SET paid = 0 WHERE id = ?").bind(id).run();
    await resumeDuePauses(env, ctx, nzDayStart(addDays(today(), 1)));
    expect(await rowOf(id)).toEqual({ live: 0, paused_at: null, paused_until: null });
  });

  it("refuses a bad date beside the field, a listing not live, and someone else's listing, changing nothing", async () => {
    const { owner, id } = await ownerWithLiveListing();
    for (const [until, message] of [
      [today(), PAUSE_MSG.notFuture],
      ["2020-01-01", PAUSE_MSG.notFuture],
      ["next week", PAUSE_MSG.date],
      ["2026-02-30", PAUSE_MSG.date],
      [addDays(today(), 400), PAUSE_MSG.tooFar],
    ] as const) {
      const res = await pause(owner, id, until);
      expect(res.status, until).toBe(400);
      const html = await res.text();
      expect(html, until).toContain('data-testid="pause-error"');
      expect(html, until).toContain(message.replace(/'/g, "&#x27;"));
      expect((await rowOf(id)).live, until).toBe(1);
    }
    const stranger = await signedIn();
    expect((await pause(stranger, id, "")).status).toBe(403);
    expect((await stranger.client.post("/dashboard", { form: { intent: "resume", listingId: id } })).status).toBe(403);
    const hidden = await insertListing({ userId: owner.userId, live: false, verified: true });
    const notLive = await pause(owner, hidden, "");
    expect(notLive.status).toBe(409);
    expect(await notLive.text()).toContain(PAUSE_ERRORS.notListed);
    expect((await owner.client.post("/dashboard", { form: { intent: "resume", listingId: id } })).status).toBe(409);
    expect((await rowOf(id)).live).toBe(1);
  });
});
