// The administrator JSON API (spec public §4, §6, §7) inside workerd: every call as anonymous (401), as a
// provider (403) and as an administrator (200), nothing changed on refusal, the server-side rules
// (unverify hides, live needs verified), the audit row in the same batch, snapshots and broadcasts.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { auditRows, listingOf, moderated } from "./admin-fixtures";
import { cast, client } from "./client";
import type { Client } from "./client";
import { eventually } from "./public-fixtures";

type Call = { name: string; send: (id: string, as: Client) => Promise<Response> };

const CALLS: Call[] = [
  { name: "PUT verify", send: (id, as) => as.put(`/api/admin/profiles/${id}/verify`, { json: { verify: true } }) },
  { name: "PUT unverify", send: (id, as) => as.put(`/api/admin/profiles/${id}/verify`, { json: { verify: false } }) },
  { name: "PUT toggle-live", send: (id, as) => as.put(`/api/admin/profiles/${id}/toggle-live`) },
  { name: "PUT toggle-hot", send: (id, as) => as.put(`/api/admin/profiles/${id}/toggle-hot`) },
];

describe("administrator calls: who may make them", () => {
  for (const call of CALLS) {
    it(`${call.name}: 401 anonymous, 403 provider (even the owner), nothing changed, no audit row`, async () => {
      const { provider } = await cast();
      const id = await listingOf(provider, { live: false, verified: true });
      const before = await moderated(id);
      const anonymous = await call.send(id, client());
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toEqual({ error: "Not authenticated" });
      const owner = await call.send(id, provider.client);
      expect(owner.status).toBe(403);
      expect(await owner.json()).toHaveProperty("error");
      expect(await moderated(id)).toEqual(before);
      expect(await auditRows()).toEqual([]);
    });
  }

  it("DELETE /api/profiles/{id}/listing: 401 anonymous, 403 for another provider, 200 for an administrator (audited)", async () => {
    const { admin, provider, stranger } = await cast();
    const id = await listingOf(provider, { firstName: "Delia" });
    expect((await client().delete(`/api/profiles/${id}/listing`)).status).toBe(401);
    expect((await stranger.client.delete(`/api/profiles/${id}/listing`)).status).toBe(403);
    expect(await moderated(id)).not.toBeNull();
    expect(await auditRows()).toEqual([]);

    const res = await admin.client.delete(`/api/profiles/${id}/listing`);
    expect(res.status).toBe(200);
    expect(await moderated(id)).toBeNull();
    const [row] = await auditRows();
    // Who, what and when stay; the deleted listing's name does not.
    expect(row).toMatchObject({ admin_id: admin.userId, action: "delete", listing_id: id, detail: "" });
  });

  it("a deleted listing's name is scrubbed from its earlier audit rows", async () => {
    const { admin, provider } = await cast();
    const id = await listingOf(provider, { live: true, verified: true, firstName: "Wren" });
    expect((await admin.client.put(`/api/admin/profiles/${id}/toggle-hot`)).status).toBe(200);
    expect((await auditRows()).map((r) => r.detail)).toEqual(["Wren"]);
    expect((await admin.client.delete(`/api/profiles/${id}/listing`)).status).toBe(200);
    const rows = await auditRows();
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.detail).toBe("");
  });

  it("an owner's own delete is not an administrator action: no audit row", async () => {
    const { provider } = await cast();
    const id = await listingOf(provider);
    expect((await provider.client.delete(`/api/profiles/${id}/listing`)).status).toBe(200);
    expect(await auditRows()).toEqual([]);
  });
});

describe("administrator calls: the rules, enforced on the server", () => {
  it("verify sets verified, bumps updated_at and writes the audit row", async () => {
    const { admin, provider } = await cast();
    const id = await listingOf(provider, { live: false, verified: false, firstName: "Vera" });
    await env.DB.prepare("UPDATE listings SET updated_at = updated_at - 60000 WHERE id = ?").bind(id).run();
    const before = await moderated(id);
    const res = await admin.client.put(`/api/admin/profiles/${id}/verify`, { json: { verify: true } });
    expect(res.status).toBe(200);
    // Paid for, so verifying puts it live (docs/decisions/0029-one-visibility-rule.md).
    expect(await res.json()).toMatchObject({ success: true, changed: true, modelId: id, verified: true, live: true });
    const after = await moderated(id);
    expect(after).toMatchObject({ verified: 1, live: 1 });
    expect(after!.updated_at).toBeGreaterThan(before!.updated_at);
    const rows = await auditRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ admin_id: admin.userId, action: "verify", listing_id: id, detail: "Vera" });
    expect(rows[0].created_at).toBe(after!.updated_at);
  });

  it("unverify also turns live (and Active Now) off, and drops the public snapshot", async () => {
    const { admin, provider } = await cast();
    const id = await listingOf(provider, {
      live: true,
      verified: true,
      active: true,
      activeUntil: Date.now() + 3_600_000,
    });
    await env.PROFILES.put(`profile:${id}`, JSON.stringify({ modelId: id }));
    const res = await admin.client.put(`/api/admin/profiles/${id}/verify`, { json: { verify: false } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ verified: false, live: false, active: false });
    expect(await moderated(id)).toMatchObject({ verified: 0, live: 0, active: 0 });
    expect(await env.PROFILES.get(`profile:${id}`)).toBeNull();
    expect((await auditRows()).map((r) => r.action)).toEqual(["unverify"]);
    // Hidden from visitors at once.
    expect((await client().get(`/api/model/${id}`)).status).toBe(404);
  });

  it("live cannot be set on an unverified listing: 409, nothing changed, no audit row", async () => {
    const { admin, provider } = await cast();
    const id = await listingOf(provider, { live: false, verified: false });
    const before = await moderated(id);
    for (const body of [undefined, { json: { live: true } }]) {
      const res = await admin.client.put(`/api/admin/profiles/${id}/toggle-live`, body);
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ error: "Only verified listings can go live. Verify the listing first." });
    }
    expect(await moderated(id)).toEqual(before);
    expect(await auditRows()).toEqual([]);
  });

  it("toggle-live flips a verified listing on and off (or sets {live}), writing a snapshot when live", async () => {
    const { admin, provider } = await cast();
    const id = await listingOf(provider, { live: false, verified: true });
    let res = await admin.client.put(`/api/admin/profiles/${id}/toggle-live`);
    expect(await res.json()).toMatchObject({ live: true, changed: true });
    expect(await moderated(id)).toMatchObject({ live: 1 });
    await eventually(async () => (await env.PROFILES.get(`profile:${id}`)) !== null);
    // Asking for the state it already has changes nothing and records nothing.
    res = await admin.client.put(`/api/admin/profiles/${id}/toggle-live`, { json: { live: true } });
    expect(await res.json()).toMatchObject({ live: true, changed: false });
    res = await admin.client.put(`/api/admin/profiles/${id}/toggle-live`);
    expect(await res.json()).toMatchObject({ live: false, changed: true });
    expect((await auditRows()).map((r) => r.action)).toEqual(["live", "unlive"]);
  });

  it("toggle-hot answers {hot}", async () => {
    const { admin, provider } = await cast();
    const id = await listingOf(provider, { hot: false });
    let res = await admin.client.put(`/api/admin/profiles/${id}/toggle-hot`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ hot: true });
    expect(await moderated(id)).toMatchObject({ hot: 1 });
    res = await admin.client.put(`/api/admin/profiles/${id}/toggle-hot`);
    expect(await res.json()).toMatchObject({ hot: false });
    expect((await auditRows()).map((r) => r.action)).toEqual(["hot", "unhot"]);
  });

  it("answers bad input with 4xx {error} and changes nothing", async () => {
    const { admin, provider } = await cast();
    const id = await listingOf(provider, { live: false, verified: false });
    const cases: [string, unknown, number][] = [
      [`/api/admin/profiles/${id}/verify`, { verify: "maybe" }, 400],
      [`/api/admin/profiles/${id}/verify`, {}, 400],
      [`/api/admin/profiles/${id}/toggle-hot`, { hot: "sometimes" }, 400],
      ["/api/admin/profiles/not-an-id/verify", { verify: true }, 400],
      ["/api/admin/profiles/0123456789abcdef/verify", { verify: true }, 404],
    ];
    for (const [path, body, status] of cases) {
      const res = await admin.client.put(path, { json: body });
      expect(res.status, path).toBe(status);
      expect(await res.json()).toHaveProperty("error");
    }
    const malformed = await admin.client.put(`/api/admin/profiles/${id}/verify`, { json: "{nope" });
    expect(malformed.status).toBe(400);
    expect((await admin.client.get(`/api/admin/profiles/${id}/verify`)).status).toBe(405);
    expect(await moderated(id)).toMatchObject({ verified: 0, live: 0 });
    expect(await auditRows()).toEqual([]);
  });

  it("publishes profileUpdate after an administrator action", async () => {
    const { admin, provider } = await cast();
    const id = await listingOf(provider, { live: false, verified: true });
    const ws = await client().get("/parties/listings-room/public-17", { headers: { Upgrade: "websocket" } });
    const socket = ws.webSocket!;
    const messages: { modelId?: string }[] = [];
    socket.accept();
    socket.addEventListener("message", (e) => messages.push(JSON.parse(String(e.data))));
    expect((await admin.client.put(`/api/admin/profiles/${id}/toggle-live`)).status).toBe(200);
    await eventually(async () => messages.some((m) => m.modelId === id));
    // Newly public in its region: pages there may now show it.
    expect(messages.find((m) => m.modelId === id)).toEqual({
      type: "profileUpdate",
      modelId: id,
      at: expect.any(Number),
      visible: true,
      entered: true,
      region: "Auckland",
    });
    await new Promise<void>((resolve) => {
      socket.addEventListener("close", () => resolve());
      socket.close(1000, "done");
      setTimeout(resolve, 500);
    });
  });
});
