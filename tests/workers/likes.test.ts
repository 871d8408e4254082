import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { setLike, ListingUnavailableError } from "~/features/likes/likes.server";
import { insertListing } from "./fixtures";
import { client, freshIp, inOneLimiterWindow } from "./client";
import { rows, VISITOR } from "./public-fixtures";

// Broadcasts and KV writes run in waitUntil after the answer: let them finish before the next test resets storage.

const likesOf = (id: string) => rows("SELECT visitor_id FROM likes WHERE listing_id = ?", id);
const statsOf = (id: string) =>
  rows<{ likes: number; views: number }>("SELECT likes, views FROM listing_stats WHERE listing_id = ?", id);

describe("POST/DELETE /api/profiles/{modelId}/like", () => {
  it("likes once per visitor; a second POST adds nothing; DELETE removes", async () => {
    const id = await insertListing();
    let res = await client().post(`/api/profiles/${id}/like`, { json: { fingerprint: VISITOR } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, liked: true, likes: 1 });
    res = await client().post(`/api/profiles/${id}/like`, { json: { fingerprint: VISITOR } });
    expect(await res.json()).toEqual({ success: true, liked: true, likes: 1 });
    expect(await likesOf(id)).toHaveLength(1);
    expect(await statsOf(id)).toEqual([{ likes: 1, views: 0 }]);

    res = await client().post(`/api/profiles/${id}/like`, { json: { fingerprint: "another_visitor_1" } });
    expect(await res.json()).toEqual({ success: true, liked: true, likes: 2 });

    res = await client().delete(`/api/profiles/${id}/like`, { json: { fingerprint: VISITOR } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, liked: false, likes: 1 });
    res = await client().delete(`/api/profiles/${id}/like`, { json: { fingerprint: VISITOR } });
    expect(await res.json()).toEqual({ success: true, liked: false, likes: 1 });
    expect(await statsOf(id)).toEqual([{ likes: 1, views: 0 }]);
  });

  it("counts parallel double clicks once", async () => {
    const id = await insertListing();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        client()
          .post(`/api/profiles/${id}/like`, { json: { fingerprint: VISITOR } })
          .then((r) => r.json()),
      ),
    );
    expect(answers.every((a) => (a as { success: boolean }).success)).toBe(true);
    expect(await likesOf(id)).toHaveLength(1);
    expect(await statsOf(id)).toEqual([{ likes: 1, views: 0 }]);
  });

  it("refuses bad bodies with 400 {success: false, error} and stores nothing", async () => {
    const id = await insertListing();
    const bad: [unknown, RegExp][] = [
      [undefined, /fingerprint/],
      [{}, /fingerprint/],
      [{ fingerprint: 12345678 }, /fingerprint/],
      [{ fingerprint: ["visitor_abcdef123"] }, /fingerprint/],
      [{ fingerprint: "short" }, /fingerprint/],
      [{ fingerprint: "x".repeat(129) }, /fingerprint/],
      [{ fingerprint: "<script>alert(1)</script>" }, /fingerprint/],
      [{ fingerprint: "'); DELETE FROM likes; --" }, /fingerprint/],
      ["{not json", /Malformed JSON/],
      ["[1,2]", /JSON object/],
      ["null", /JSON object/],
    ];
    for (const [body, message] of bad) {
      const res = await client().post(`/api/profiles/${id}/like`, { json: body });
      expect(res.status, String(body)).toBe(400);
      const answer = (await res.json()) as { success: boolean; error: string };
      expect(answer.success).toBe(false);
      expect(answer.error, String(body)).toMatch(message);
    }
    const huge = await client().post(`/api/profiles/${id}/like`, {
      json: { fingerprint: VISITOR, pad: "x".repeat(10_000) },
    });
    expect(huge.status).toBe(413);
    expect(await likesOf(id)).toEqual([]);
    expect(await rows("SELECT * FROM listing_stats")).toEqual([]);
  });

  it("refuses unknown, hidden and malformed listings", async () => {
    const hidden = await insertListing({ live: false });
    for (const [id, status] of [
      ["0000000000000000", 404],
      [hidden, 404],
      ["not-an-id", 400],
    ] as const) {
      const res = await client().post(`/api/profiles/${id}/like`, { json: { fingerprint: VISITOR } });
      expect(res.status, id).toBe(status);
      expect(await res.json()).toMatchObject({ success: false, error: expect.any(String) });
    }
    expect(await rows("SELECT * FROM likes")).toEqual([]);
    expect(await rows("SELECT * FROM listing_stats")).toEqual([]);
  });

  it("answers 405 to other methods", async () => {
    const id = await insertListing();
    for (const method of ["GET", "PUT", "PATCH"]) {
      const res = await client().send(
        method,
        `/api/profiles/${id}/like`,
        method === "GET" ? undefined : { json: { fingerprint: VISITOR } },
      );
      expect(res.status, method).toBe(405);
      expect(await res.json()).toHaveProperty("error");
    }
  });

  it("is rate-limited per client address (LIKE_LIMITER, 60 a minute)", async () => {
    await inOneLimiterWindow(async (ip) => {
      const id = await insertListing();
      let last = 0;
      for (let i = 0; i < 61; i++) {
        last = (
          await client({ ip }).post(`/api/profiles/${id}/like`, {
            json: { fingerprint: `visitor_${String(i).padStart(4, "0")}` },
          })
        ).status;
      }
      expect(last).toBe(429);
      // Each browser keeps its own like (60 were let through), but one address counts once a day, however
      // many browser ids it makes up (counts.test.ts).
      expect(await likesOf(id)).toHaveLength(60);
      const counted = await env.DB.prepare("SELECT COUNT(*) AS n FROM likes WHERE listing_id = ? AND counted = 1")
        .bind(id)
        .first<{ n: number }>();
      expect(counted?.n).toBe(1);
    });
  }, 30_000);
});

describe("PUT /api/visits/like/{modelId}", () => {
  it("likes idempotently, like the POST", async () => {
    const id = await insertListing();
    for (let i = 0; i < 2; i++) {
      const res = await client().put(`/api/visits/like/${id}`, { json: { fingerprint: VISITOR } });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: true, liked: true, likes: 1 });
    }
    expect((await client().put(`/api/visits/like/${id}`, { json: { fingerprint: 5 } })).status).toBe(400);
    expect((await client().get(`/api/visits/like/${id}`)).status).toBe(405);
  });

  it("accepts the spec's empty payload: one like per address and browser, no address stored", async () => {
    const id = await insertListing();
    const ip = freshIp();
    const agent = { "User-Agent": "Mozilla/5.0 test-phone" };
    for (let i = 0; i < 2; i++) {
      const res = await client({ ip }).put(`/api/visits/like/${id}`, undefined, { headers: agent });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: true, liked: true, likes: 1 });
    }
    // An empty JSON object is no payload either; another address is another visitor.
    expect(
      await (await client({ ip }).put(`/api/visits/like/${id}`, { json: {} }, { headers: agent })).json(),
    ).toMatchObject({ likes: 1 });
    expect(await (await client().put(`/api/visits/like/${id}`, undefined, { headers: agent })).json()).toMatchObject({
      likes: 2,
    });
    const stored = await likesOf(id);
    expect(stored).toHaveLength(2);
    for (const row of stored) {
      expect(row.visitor_id).toMatch(/^srv-[A-Za-z0-9_-]{32}$/);
      expect(row.visitor_id).not.toContain(ip);
    }
    // Only for the PUT: the POST still needs its fingerprint.
    expect((await client({ ip }).post(`/api/profiles/${id}/like`)).status).toBe(400);
    expect((await client({ ip }).put(`/api/visits/like/${"0".repeat(16)}`)).status).toBe(404);
  });
});

describe("setLike and the monthly statistics", () => {
  it("keeps each month's likes apart and never below 0", async () => {
    const id = await insertListing();
    const jan = Date.UTC(2026, 0, 15);
    const feb = Date.UTC(2026, 1, 15);
    expect(await setLike(env, id, VISITOR, true, jan)).toEqual({ liked: true, likes: 1, changed: true });
    expect(await setLike(env, id, VISITOR, false, feb)).toEqual({ liked: false, likes: 0, changed: true });
    expect(await rows("SELECT month, likes FROM listing_stats WHERE listing_id = ? ORDER BY month", id)).toEqual([
      { month: "2026-01", likes: 1 },
      { month: "2026-02", likes: 0 },
    ]);
  });

  it("throws ListingUnavailableError for a hidden listing", async () => {
    const id = await insertListing({ live: false });
    await expect(setLike(env, id, VISITOR, true)).rejects.toBeInstanceOf(ListingUnavailableError);
  });
});
