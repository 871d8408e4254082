// The owner JSON API (spec provider §7): the dashboard list, the Active/Live switches with their server
// rules, the editor's read, and who may call what (401 signed out, 403 anyone but the owner).
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ACTIVE_WINDOW_MS, TOGGLE_ERRORS } from "~/features/listings/state";
import { monthKey } from "~/features/insights/stats";
import { client, signedIn } from "./client";
import { addPhotos, ageListing, createdInOrder, flags, setStats } from "./dashboard-fixtures";
import { insertListing } from "./fixtures";
import { eventually, insertRate } from "./public-fixtures";

const HOUR = 3_600_000;
const snapshot = (id: string) => env.PROFILES.get(`profile:${id}`);

describe("GET /api/modelswvisits/{userId}", () => {
  it("answers the owner's listings in the dashboard shape with this month's counters, 0 by default", async () => {
    const owner = await signedIn({ agency: true, logIn: true });
    const until = Date.now() + HOUR;
    const a = await insertListing({
      userId: owner.userId,
      firstName: "Sienna",
      live: true,
      verified: true,
      active: true,
      activeUntil: until,
      photoVerified: true,
    });
    const b = await insertListing({ userId: owner.userId, firstName: "Coco", live: false, verified: false });
    await createdInOrder(a, b);
    const keys = await addPhotos(a, [3, 1, 2], { r2: false });
    await setStats(a, monthKey(Date.now()), 9, 4, 2);
    await insertListing({ firstName: "Someone else" });

    const res = await owner.client.get(`/api/modelswvisits/${owner.userId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(await res.json()).toEqual([
      {
        modelId: a,
        firstName: "Sienna",
        active: true,
        active_until: until,
        activeUntil: until,
        live: true,
        verified: true,
        photoVerified: true,
        // Three photos, none checked yet: each may be sent (docs/decisions/0055-each-photo-verified.md).
        photosToCheck: 3,
        ImageUrls: keys.map((k) => `/photos/${k}`).join(","),
        profileClicks: 9,
        contactClicks: 4,
        likes: 2,
        plan: "Standard",
        subscriptionExpired: false,
        pausedAt: null,
        pausedUntil: null,
        staleAsked: false,
        hiddenAsStale: false,
        idPending: false,
        awaitingConsent: false,
        agencyHeld: false,
        numberHeld: false,
      },
      {
        modelId: b,
        firstName: "Coco",
        active: false,
        active_until: null,
        activeUntil: null,
        live: false,
        verified: false,
        photoVerified: false,
        photosToCheck: 0,
        ImageUrls: "",
        profileClicks: 0,
        contactClicks: 0,
        likes: 0,
        plan: "Standard",
        subscriptionExpired: false,
        pausedAt: null,
        pausedUntil: null,
        staleAsked: false,
        hiddenAsStale: false,
        idPending: false,
        awaitingConsent: false,
        agencyHeld: false,
        numberHeld: false,
      },
    ]);
  });

  it("is 401 signed out, 403 for another user's id (administrators included), 400 for a malformed id", async () => {
    const owner = await signedIn({ logIn: true });
    const other = await signedIn({ logIn: true });
    const admin = await signedIn({ admin: true, logIn: true });
    expect((await client().get(`/api/modelswvisits/${owner.userId}`)).status).toBe(401);
    const forbidden = await other.client.get(`/api/modelswvisits/${owner.userId}`);
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({ error: expect.any(String) });
    expect((await admin.client.get(`/api/modelswvisits/${owner.userId}`)).status).toBe(403);
    expect((await owner.client.get(`/api/modelswvisits/not-an-id`)).status).toBe(400);
    expect((await owner.client.post(`/api/modelswvisits/${owner.userId}`)).status).toBe(405);
  });
});

describe("PUT /api/profiles/{modelId}/active", () => {
  it("turns Active Now on for the fixed window and off again with active_until = now", async () => {
    const owner = await signedIn({ logIn: true });
    const id = await insertListing({ userId: owner.userId, live: true, verified: true });
    await ageListing(id);
    const before = (await flags(id))!;

    const t0 = Date.now();
    const on = await owner.client.put(`/api/profiles/${id}/active`);
    expect(on.status).toBe(200);
    const body = (await on.json()) as { success: boolean; active: boolean; active_until: number };
    expect(body).toMatchObject({ success: true, modelId: id, active: true, live: true });
    expect(body.active_until).toBeGreaterThanOrEqual(t0 + ACTIVE_WINDOW_MS);
    expect(body.active_until).toBeLessThanOrEqual(Date.now() + ACTIVE_WINDOW_MS);
    const stored = (await flags(id))!;
    expect(stored.active).toBe(1);
    expect(stored.active_until).toBe(body.active_until);
    expect(stored.updated_at).toBeGreaterThan(before.updated_at);
    // The published snapshot is rewritten with the new state.
    await eventually(async () => {
      const raw = await snapshot(id);
      return raw && JSON.parse(raw).active === true ? raw : null;
    });

    // No body flips it back: off, and active_until becomes 'now' so the public card says 'Last active'.
    const t1 = Date.now();
    const off = await owner.client.put(`/api/profiles/${id}/active`);
    expect(off.status).toBe(200);
    const after = (await flags(id))!;
    expect(after.active).toBe(0);
    expect(after.active_until).toBeGreaterThanOrEqual(t1);
    expect(after.active_until).toBeLessThanOrEqual(Date.now());
  });

  it("takes an explicit state, so a repeated request does not undo itself", async () => {
    const owner = await signedIn({ logIn: true });
    const id = await insertListing({ userId: owner.userId, live: true });
    for (let i = 0; i < 2; i++) {
      const res = await owner.client.put(`/api/profiles/${id}/active`, { json: { active: true } });
      expect(res.status).toBe(200);
      expect((await flags(id))!.active).toBe(1);
    }
    const bad = await owner.client.put(`/api/profiles/${id}/active`, { json: { active: "maybe" } });
    expect(bad.status).toBe(400);
    expect((await owner.client.put(`/api/profiles/${id}/active`, { json: "{nope" })).status).toBe(400);
  });

  it("treats a run-out window as off: the next flip turns it on again", async () => {
    const owner = await signedIn({ logIn: true });
    const id = await insertListing({ userId: owner.userId, live: true, active: true, activeUntil: Date.now() - HOUR });
    const res = await owner.client.put(`/api/profiles/${id}/active`);
    expect(await res.json()).toMatchObject({ active: true });
  });

  it("refuses Active Now on a listing that is not live, and changes nothing", async () => {
    const owner = await signedIn({ logIn: true });
    const id = await insertListing({ userId: owner.userId, live: false, verified: true });
    const before = await flags(id);
    const res = await owner.client.put(`/api/profiles/${id}/active`);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: TOGGLE_ERRORS.notLive });
    expect(await flags(id)).toEqual(before);
  });

  it("is 401 signed out, 403 on another user's (or a missing) listing, 400 for a malformed id, 405 for GET", async () => {
    const owner = await signedIn({ logIn: true });
    const other = await signedIn({ logIn: true });
    const id = await insertListing({ userId: owner.userId, live: true });
    const before = await flags(id);
    expect((await client().put(`/api/profiles/${id}/active`)).status).toBe(401);
    expect((await other.client.put(`/api/profiles/${id}/active`)).status).toBe(403);
    expect((await other.client.put(`/api/profiles/${"z".repeat(16)}/active`)).status).toBe(403);
    expect((await owner.client.put(`/api/profiles/../active`)).status).toBeLessThan(500);
    const malformed = await owner.client.put(`/api/profiles/NOT_AN_ID/active`);
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: "Invalid model id" });
    expect((await owner.client.get(`/api/profiles/${id}/active`)).status).toBe(405);
    expect(await flags(id)).toEqual(before);
  });
});

describe("PUT /api/profiles/{modelId}/live", () => {
  it("refuses to go live unverified", async () => {
    const owner = await signedIn({ logIn: true });
    const id = await insertListing({ userId: owner.userId, live: false, verified: false });
    const res = await owner.client.put(`/api/profiles/${id}/live`);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: TOGGLE_ERRORS.notVerified });
    expect((await flags(id))!.live).toBe(0);
  });

  it("goes live when verified (and writes the snapshot); going hidden ends Active Now and drops the snapshot", async () => {
    const owner = await signedIn({ logIn: true });
    const id = await insertListing({ userId: owner.userId, live: false, verified: true });
    await insertRate(id, "incall", "1hr", 30000);

    const on = await owner.client.put(`/api/profiles/${id}/live`);
    expect(on.status).toBe(200);
    expect(await on.json()).toMatchObject({ success: true, live: true, active: false });
    expect((await flags(id))!.live).toBe(1);
    expect(await snapshot(id)).not.toBeNull();
    // Live listings count in the region bar (the facet triggers follow live).
    const region = await env.DB.prepare(
      "SELECT n FROM listing_facets WHERE location = 'Auckland' AND facet = 'all'",
    ).first<{ n: number }>();
    expect(region?.n).toBe(1);

    expect((await owner.client.put(`/api/profiles/${id}/active`)).status).toBe(200);
    expect((await flags(id))!.active).toBe(1);

    const t = Date.now();
    const off = await owner.client.put(`/api/profiles/${id}/live`, { json: { live: false } });
    expect(off.status).toBe(200);
    const stored = (await flags(id))!;
    expect(stored).toMatchObject({ live: 0, active: 0 });
    expect(stored.active_until).toBeGreaterThanOrEqual(t);
    expect(await snapshot(id)).toBeNull();
    // Hidden now: Active Now is refused until it is live again.
    expect((await owner.client.put(`/api/profiles/${id}/active`)).status).toBe(409);
  });

  it("lets a live listing that lost its verification be hidden, but not shown again", async () => {
    const owner = await signedIn({ logIn: true });
    const id = await insertListing({ userId: owner.userId, live: true, verified: false });
    expect((await owner.client.put(`/api/profiles/${id}/live`)).status).toBe(200);
    expect((await owner.client.put(`/api/profiles/${id}/live`)).status).toBe(409);
  });

  it("is owner-only: 403 for another user and for an administrator, 401 signed out", async () => {
    const owner = await signedIn({ logIn: true });
    const other = await signedIn({ logIn: true });
    const admin = await signedIn({ admin: true, logIn: true });
    const id = await insertListing({ userId: owner.userId, live: true });
    expect((await client().put(`/api/profiles/${id}/live`)).status).toBe(401);
    expect((await other.client.put(`/api/profiles/${id}/live`)).status).toBe(403);
    expect((await admin.client.put(`/api/profiles/${id}/live`)).status).toBe(403);
    expect((await flags(id))!.live).toBe(1);
  });
});

describe("GET /api/modelP/{id} and GET /api/models/{modelId}", () => {
  it("modelP: the owner's profile for editing, hidden or not, with lastName; nobody else's", async () => {
    const owner = await signedIn({ logIn: true });
    const other = await signedIn({ logIn: true });
    const id = await insertListing({ userId: owner.userId, firstName: "Aroha", live: false, verified: false });
    await env.DB.prepare("UPDATE listings SET last_name = 'Private' WHERE id = ?").bind(id).run();
    await addPhotos(id, [1, 2], { r2: false });
    await insertRate(id, "incall", "1hr", 25000);

    const res = await owner.client.get(`/api/modelP/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const profile = (await res.json()) as Record<string, unknown>;
    expect(profile).toMatchObject({
      modelId: id,
      firstName: "Aroha",
      lastName: "Private",
      live: false,
      verified: false,
    });
    expect(String(profile.ImageUrls).split(",")).toHaveLength(2);
    expect(profile.rates).toEqual([expect.objectContaining({ call_type: "incall", duration: "1hr", price: 250 })]);
    expect(profile).not.toHaveProperty("userId");

    expect((await client().get(`/api/modelP/${id}`)).status).toBe(401);
    expect((await other.client.get(`/api/modelP/${id}`)).status).toBe(403);
    expect((await owner.client.get(`/api/modelP/${"0".repeat(16)}`)).status).toBe(403);
    expect((await owner.client.get(`/api/modelP/bad!id`)).status).toBe(400);
  });

  it("models/{id}: live profiles for everyone, hidden ones only for their owner, one 404 otherwise", async () => {
    const owner = await signedIn({ logIn: true });
    const live = await insertListing({ userId: owner.userId, firstName: "Shown", live: true });
    const hidden = await insertListing({ userId: owner.userId, firstName: "Hidden", live: false, verified: false });
    const anon = await client().get(`/api/models/${live}`);
    expect(anon.status).toBe(200);
    const body = (await anon.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ modelId: live, firstName: "Shown" });
    expect(body).not.toHaveProperty("lastName");
    expect((await client().get(`/api/models/${hidden}`)).status).toBe(404);
    expect((await owner.client.get(`/api/models/${hidden}`)).status).toBe(200);
    const junk = await client().get(`/api/models/<script>`);
    expect(junk.status).toBe(404);
    expect(await junk.json()).toEqual({ error: "Model not found" });
    // The list route is untouched by the per-id route.
    expect((await client().get(`/api/models?limit=5`)).status).toBe(200);
  });
});
