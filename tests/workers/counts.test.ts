// Views, likes and contact clicks resist inflation by one visitor: each counts once per visitor (client
// address, IPv6 by its /64) per listing per day, and no address is stored to do it.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { monthKey } from "~/features/insights/stats";
import { sweepCountMarks } from "~/features/insights/stats.server";
import { insertListing } from "./fixtures";
import { client, freshIp } from "./client";
import { eventually, rows } from "./public-fixtures";
import { onNzMorningClock } from "./clock";

const stats = async (id: string) =>
  (await env.DB.prepare("SELECT views, likes, contacts FROM listing_stats WHERE listing_id = ? AND month = ?")
    .bind(id, monthKey(Date.now()))
    .first<{
      views: number;
      likes: number;
      contacts: number;
    }>()) ?? { views: 0, likes: 0, contacts: 0 };

async function eventuallyEqual<T>(read: () => Promise<T>, expected: T, ms = 10_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    try {
      expect(value).toEqual(expected);
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 30));
    }
  }
}

// Each test counts into the day's marks and the month's row, then reads them: see clock.ts.
onNzMorningClock();

describe("counts resist inflation by one visitor", () => {
  it("a profile view counts once per visitor per day", async () => {
    const id = await insertListing();
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await client({ ip }).get(`/view/${id}`)).status).toBe(200);
    await eventuallyEqual(async () => (await stats(id)).views, 1);
    await client().get(`/view/${id}`);
    await eventuallyEqual(async () => (await stats(id)).views, 2);
  });

  it("contact clicks count once per visitor per day, and a repeat still answers success", async () => {
    const id = await insertListing();
    const ip = freshIp();
    for (let i = 0; i < 4; i++) {
      const res = await client({ ip }).put(`/api/visits/incrementContact/${id}`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: true });
    }
    expect((await stats(id)).contacts).toBe(1);
    expect((await client().put(`/api/visits/incrementContact/${id}`)).status).toBe(200);
    expect((await stats(id)).contacts).toBe(2);
    expect((await client().put(`/api/visits/incrementContact/${"0".repeat(16)}`)).status).toBe(404);
  });

  it("made-up browser ids from one address add one like a day, each keeping its own heart; the holder can still toggle", async () => {
    const id = await insertListing();
    const ip = freshIp();
    const like = (fingerprint: string, method = "POST") =>
      client({ ip }).send(method, `/api/profiles/${id}/like`, { json: { fingerprint } });
    expect(await (await like("visitor_first01")).json()).toEqual({ success: true, liked: true, likes: 1 });
    // Another browser on the same home Wi-Fi: its heart is its own (liked), and the count does not move.
    for (let i = 0; i < 5; i++) {
      expect(await (await like(`visitor_fake${String(i).padStart(4, "0")}`)).json()).toEqual({
        success: true,
        liked: true,
        likes: 1,
      });
    }
    // Its unlike is its own too, and takes nothing from the count.
    expect(await (await like("visitor_fake0000", "DELETE")).json()).toEqual({ success: true, liked: false, likes: 1 });
    expect(await (await like("visitor_fake0001")).json()).toEqual({ success: true, liked: true, likes: 1 });
    // The browser that holds the like unlikes and likes again: a toggle, not a new count.
    expect(await (await like("visitor_first01", "DELETE")).json()).toMatchObject({ liked: false, likes: 0 });
    expect(await (await like("visitor_first01")).json()).toMatchObject({ liked: true, likes: 1 });
    expect((await stats(id)).likes).toBe(1);
    // Another address is another visitor; an IPv6 address is one visitor per /64.
    expect(
      await (
        await client({ ip: "2001:db8:1:2::10" }).post(`/api/profiles/${id}/like`, {
          json: { fingerprint: "visitor_v6aaaaa" },
        })
      ).json(),
    ).toMatchObject({ likes: 2 });
    expect(
      await (
        await client({ ip: "2001:db8:1:2:ffff::1" }).post(`/api/profiles/${id}/like`, {
          json: { fingerprint: "visitor_v6bbbbb" },
        })
      ).json(),
    ).toMatchObject({ likes: 2 });
  });

  it("stores no address, and the cron forgets old marks", async () => {
    const id = await insertListing();
    const ip = "10.99.88.77";
    await client({ ip }).put(`/api/visits/incrementContact/${id}`);
    await client({ ip }).post(`/api/profiles/${id}/like`, { json: { fingerprint: "visitor_marks01" } });
    // The request-path marks at once, and the count queue's a moment later (the window, then the consumer's
    // batch): wait for all four of this listing's, so the check depends neither on how soon the queue comes
    // round nor on an earlier test's queued counts arriving in this test's database.
    const ofListing = () =>
      rows<{ key: string; day: string }>("SELECT key, day FROM count_marks WHERE key LIKE ?", `%:${id}:%`);
    const marks = await eventually(async () => {
      const all = await ofListing();
      return all.length === 4 ? all : null;
    }, 10_000);
    expect(JSON.stringify(marks)).not.toContain(ip);
    await sweepCountMarks(env, Date.now() + 3 * 86_400_000);
    expect(await ofListing()).toEqual([]);
  });
});
