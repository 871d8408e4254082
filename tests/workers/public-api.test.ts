import { describe, expect, it } from "vitest";
import { monthKey } from "~/features/insights/stats";
import { client, inOneLimiterWindow, signedIn } from "./client";
import type { Client } from "./client";
import { insertListing } from "./fixtures";
import { insertImages, insertRate, rows } from "./public-fixtures";

// Broadcasts and KV writes run in waitUntil after the answer: let them finish before the next test resets storage.

type Page<T> = { status: number; body: T; next: string | null };

async function getJson<T>(path: string, as: Client = client()): Promise<Page<T>> {
  const res = await as.get(path);
  return { status: res.status, body: (await res.json()) as T, next: res.headers.get("X-Next-Cursor") };
}

describe("GET /api/LPmodels", () => {
  it("answers live listings as profiles in grid order, with aligned image lists", async () => {
    const a = await insertListing({ firstName: "Older", listedAt: 1 });
    const b = await insertListing({ firstName: "Featured", featured: true, listedAt: 0 });
    await insertListing({ firstName: "Hidden", live: false });
    await insertImages(a, [3, 1, 2]);
    await insertRate(a, "incall", "1hr", 30000);
    const res = await client().get("/api/LPmodels");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.headers.get("X-Next-Cursor")).toBeNull();
    const body = (await res.json()) as Record<string, unknown>[];
    expect(body.map((p) => p.firstName)).toEqual(["Featured", "Older"]);
    expect(body[0]).toMatchObject({
      modelId: b,
      accountType: "featured",
      ImageUrls: "",
      positions: "",
      imageIds: "",
      images: [],
    });
    expect(body[1]).toMatchObject({
      positions: "1,2,3",
      rates: [{ call_type: "incall", duration: "1hr", price: 300 }],
      rate60: 300,
    });
    expect((body[1].ImageUrls as string).split(",")).toHaveLength(3);
    expect(JSON.stringify(body)).not.toMatch(/userId|user_id|email|password/);
  });

  it("pages with a cursor: no repeats, nothing missed, stable while listings are added", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push(await insertListing({ listedAt: 1000 + (i % 3), featured: i === 4 }));
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Page<{ modelId: string }[]> = await getJson(
        `/api/LPmodels?limit=3${cursor ? `&cursor=${cursor}` : ""}`,
      );
      expect(page.status).toBe(200);
      seen.push(...page.body.map((p) => p.modelId));
      cursor = page.next;
      // A listing added mid-way (newest, so at the top) must not shift later pages.
      if (pages === 0) await insertListing({ listedAt: 5000 });
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(seen.length);
    expect(new Set(seen)).toEqual(new Set(ids));
    expect(seen[0]).toBe(ids[4]);
  });

  it("refuses bad limits and cursors with 400 {error}", async () => {
    for (const qs of [
      "limit=0",
      "limit=101",
      "limit=abc",
      "limit=-5",
      "cursor=nonsense",
      `cursor=${"A".repeat(500)}`,
      "cursor=%27%20OR%201%3D1",
    ]) {
      const page = await getJson<{ error: string }>(`/api/LPmodels?${qs}`);
      expect(page.status, qs).toBe(400);
      expect(page.body.error, qs).toEqual(expect.any(String));
    }
    expect((await getJson<unknown[]>("/api/LPmodels?limit=100")).status).toBe(200);
  });

  it("answers 405 {error} to other methods", async () => {
    const res = await client().post("/api/LPmodels", { json: {} });
    expect(res.status).toBe(405);
    expect(await res.json()).toEqual({ error: "Method not allowed" });
  });
});

describe("GET /api/models", () => {
  it("answers card-shaped live listings to visitors and every listing to administrators", async () => {
    await insertListing({ firstName: "Live" });
    await insertListing({ firstName: "Hidden", live: false });
    const visitor = await getJson<{ firstName: string; modelId: string; location: string }[]>("/api/models");
    expect(visitor.status).toBe(200);
    expect(visitor.body.map((c) => c.firstName)).toEqual(["Live"]);
    expect(visitor.body[0]).toMatchObject({ modelId: expect.any(String), location: "Auckland", live: true });
    const admin = await signedIn({ admin: true });
    const all = await getJson<{ firstName: string }[]>("/api/models", admin.client);
    expect(all.body.map((c) => c.firstName).sort()).toEqual(["Hidden", "Live"]);
    // A provider is not an administrator.
    const provider = await signedIn();
    expect((await getJson<{ firstName: string }[]>("/api/models", provider.client)).body).toHaveLength(1);
  });

  it("pages like /api/LPmodels and refuses a bad cursor", async () => {
    for (let i = 0; i < 5; i++) await insertListing();
    const first = await getJson<unknown[]>("/api/models?limit=2");
    expect(first.body).toHaveLength(2);
    const second = await getJson<unknown[]>(`/api/models?limit=2&cursor=${first.next}`);
    expect(second.body).toHaveLength(2);
    expect((await getJson<{ error: string }>("/api/models?cursor=@@")).status).toBe(400);
  });
});

describe("GET /api/model/{modelId}", () => {
  it("answers a live listing's profile", async () => {
    const id = await insertListing({ firstName: "Aroha" });
    const page = await getJson<{ modelId: string; firstName: string }>(`/api/model/${id}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ modelId: id, firstName: "Aroha" });
  });

  it("answers 404 'Model not found' for unknown, malformed and hidden ids", async () => {
    const hidden = await insertListing({ live: false });
    for (const id of ["0000000000000000", "nope", "%27%20OR%201%3D1", "x".repeat(300), hidden]) {
      const page = await getJson<{ error: string }>(`/api/model/${id}`);
      expect(page.status, id).toBe(404);
      expect(page.body, id).toEqual({ error: "Model not found" });
    }
  });

  it("shows a hidden listing to its owner and to an administrator", async () => {
    const owner = await signedIn();
    const id = await insertListing({ userId: owner.userId, live: false, firstName: "Secret" });
    const asOwner = await getJson<{ firstName: string; live: boolean }>(`/api/model/${id}`, owner.client);
    expect(asOwner.status).toBe(200);
    expect(asOwner.body).toMatchObject({ firstName: "Secret", live: false });
    const asAdmin = await getJson(`/api/model/${id}`, (await signedIn({ admin: true })).client);
    expect(asAdmin.status).toBe(200);
    const asOther = await getJson(`/api/model/${id}`, (await signedIn()).client);
    expect(asOther.status).toBe(404);
  });
});

describe("PUT /api/visits/incrementContact/{modelId}", () => {
  it("counts a contact for a live listing in this month's statistics", async () => {
    const id = await insertListing();
    for (let i = 0; i < 2; i++) {
      const res = await client().put(`/api/visits/incrementContact/${id}`, undefined, {
        headers: { "Content-Type": "application/json" },
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: true });
    }
    expect(await rows("SELECT month, views, contacts, likes FROM listing_stats WHERE listing_id = ?", id)).toEqual([
      { month: monthKey(Date.now()), views: 0, contacts: 2, likes: 0 },
    ]);
  });

  it("refuses unknown, hidden and malformed ids and stores nothing", async () => {
    const hidden = await insertListing({ live: false });
    for (const [id, status] of [
      ["0000000000000000", 404],
      [hidden, 404],
      ["bad-id", 400],
      ["x".repeat(200), 400],
    ] as const) {
      const res = await client().put(`/api/visits/incrementContact/${id}`);
      expect(res.status, id).toBe(status);
      expect(await res.json(), id).toMatchObject({ success: false, error: expect.any(String) });
    }
    expect(await rows("SELECT * FROM listing_stats")).toEqual([]);
  });

  it("answers 405 to GET and POST", async () => {
    const id = await insertListing();
    expect((await client().get(`/api/visits/incrementContact/${id}`)).status).toBe(405);
    expect((await client().post(`/api/visits/incrementContact/${id}`)).status).toBe(405);
  });

  it("is rate-limited per client address", async () => {
    const id = await insertListing();
    await inOneLimiterWindow(async (ip) => {
      const statuses: number[] = [];
      for (let i = 0; i < 32; i++)
        statuses.push((await client({ ip }).put(`/api/visits/incrementContact/${id}`)).status);
      expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    });
    // Another address is not affected.
    expect((await client().put(`/api/visits/incrementContact/${id}`)).status).toBe(200);
  }, 30_000);
});

describe("refusals", () => {
  it("refuses cross-site writes", async () => {
    const id = await insertListing();
    const res = await client().put(`/api/visits/incrementContact/${id}`, undefined, {
      headers: { Origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
    expect(await rows("SELECT * FROM listing_stats")).toEqual([]);
  });

  it("has the model listing routes answer JSON to unknown subpaths", async () => {
    const res = await client().get("/api/model/");
    expect(res.status).toBe(404);
    expect(await res.json()).toHaveProperty("error");
  });
});
