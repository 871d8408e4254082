// Deleting a listing or an account leaves nothing behind: no D1 row in any table, no R2 object, no KV
// snapshot. The sweep over D1 reads every table the migrations made, so a table added later is checked
// too without editing this file.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { newId } from "~/platform/data/ids";
import { deleteAccount, deleteListing } from "~/features/listings/delete.server";
import { PASSWORD } from "./auth-fixtures";
import { client, dashboard, logIn, signedIn } from "./client";
import { addPhotos, setStats } from "./dashboard-fixtures";
import { insertListing } from "./fixtures";
import { eventually, insertRate, insertSpecialRate } from "./public-fixtures";
import { VISITOR_SALT_PREFIX } from "~/platform/crypto/visitor-key.server";

const ctx = { waitUntil: (p: Promise<unknown>) => void p.catch(() => {}) };

type Owned = { listingIds: string[]; keys: string[] };

/** A listing with everything a listing can have: photos (rows and R2 objects), rates, likes, stats, a snapshot. */
async function fullListing(userId: string, live = true): Promise<Owned> {
  const id = await insertListing({ userId, live, verified: true });
  const keys = await addPhotos(id, [1, 2, 3]);
  await insertRate(id, "incall", "1hr", 30000);
  await insertRate(id, "outcall", "2hr", 50000);
  await insertSpecialRate(id, "Dinner date", "180", 90000);
  await env.DB.prepare(
    "INSERT INTO likes (listing_id, visitor_id, created_at) VALUES (?, 'visitor_aaaaaaaa1', 1), (?, 'visitor_aaaaaaaa2', 2)",
  )
    .bind(id, id)
    .run();
  await setStats(id, "2026-01", 5, 1, 2);
  await env.PROFILES.put(`profile:${id}`, JSON.stringify({ modelId: id }));
  return { listingIds: [id], keys };
}

/** A whole account: two listings, two sessions, a reset link, an e-mail change, a plan request, an unsaved upload, mail. */
async function fullAccount(o: { agency?: boolean } = {}) {
  const user = await signedIn({ agency: o.agency ?? true, logIn: true });
  const a = await fullListing(user.userId);
  const b = await fullListing(user.userId, false);
  const secondDevice = await logIn(user.email);
  const now = Date.now();
  await env.DB.prepare("INSERT INTO password_resets (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)")
    .bind(newId(32), user.userId, now, now + 3_600_000)
    .run();
  // A pending e-mail change (docs/accounts.md).
  await env.DB.prepare(
    "INSERT INTO email_changes (token_hash, user_id, new_email, created_at, expires_at) VALUES (?, ?, ?, ?, ?)",
  )
    .bind(newId(32), user.userId, `moving-${newId()}@test.nz`, now, now + 86_400_000)
    .run();
  await env.DB.prepare(
    "INSERT INTO plan_requests (id, user_id, tier, price_cents, created_at) VALUES (?, ?, 'standard', 3500, ?)",
  )
    .bind(newId(), user.userId, now)
    .run();
  const pendingKey = `pending/${newId(24)}.webp`;
  await env.PHOTOS.put(pendingKey, new Uint8Array([1, 2, 3]));
  await env.DB.prepare(
    "INSERT INTO pending_uploads (id, user_id, r2_key, width, height, created_at) VALUES (?, ?, ?, 600, 800, ?)",
  )
    .bind(newId(), user.userId, pendingKey, now)
    .run();
  await env.DB.prepare(
    "INSERT INTO dev_outbox (id, to_address, subject, text_body, html_body, created_at) VALUES (?, ?, 'Reset your password', 'x', 'x', ?)",
  )
    .bind(newId(), user.email, now)
    .run();
  return {
    ...user,
    secondDevice,
    listingIds: [...a.listingIds, ...b.listingIds],
    keys: [...a.keys, ...b.keys, pendingKey],
  };
}

/**
 * Tables that keep a deleted listing's id on purpose: the administrators' audit log records who deleted
 * what, outlives listings and accounts by design, and holds no provider data beyond the id.
 */
const KEPT_BY_DESIGN = new Set(["admin_audit"]);

/** Every row of every table, as text: a needle found here is data that survived. */
async function everyRow(): Promise<Map<string, string[]>> {
  const { results: tables } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'",
  ).all<{ name: string }>();
  const out = new Map<string, string[]>();
  for (const { name } of tables) {
    if (KEPT_BY_DESIGN.has(name)) continue;
    const { results } = await env.DB.prepare(`SELECT * FROM "${name}"`).all();
    out.set(
      name,
      results.map((r) => JSON.stringify(r)),
    );
  }
  return out;
}

async function tablesMentioning(needles: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const [table, rows] of await everyRow()) {
    for (const row of rows) if (needles.some((n) => row.includes(n))) found.push(`${table}: ${row}`);
  }
  return found;
}

async function r2Keys(): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.PHOTOS.list({ cursor });
    keys.push(...page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys;
}

/** KV's keys but the day salts of visitors' hashes, which are nobody's data (tests/workers/setup.ts puts them). */
async function kvKeys(): Promise<string[]> {
  return (await env.PROFILES.list()).keys.map((k) => k.name).filter((name) => !name.startsWith(VISITOR_SALT_PREFIX));
}

describe("DELETE /api/profiles/{modelId}/listing", () => {
  it("removes the listing's rows, photos, snapshot and likes, and nothing of the owner's other listing", async () => {
    const owner = await signedIn({ agency: true, logIn: true });
    const gone = await fullListing(owner.userId);
    const kept = await fullListing(owner.userId);
    const [id] = gone.listingIds;
    const regionBefore = await env.DB.prepare(
      "SELECT n FROM listing_facets WHERE location = 'Auckland' AND facet = 'all'",
    ).first<{ n: number }>();

    const res = await owner.client.delete(`/api/profiles/${id}/listing`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });

    expect(await tablesMentioning([id, ...gone.keys])).toEqual([]);
    // The objects go through the R2 delete queue, a moment after the answer.
    const objects = await eventually(async () => {
      const now = await r2Keys();
      return gone.keys.every((key) => !now.includes(key)) ? now : null;
    }, 5000);
    for (const key of kept.keys) expect(objects).toContain(key);
    expect(await kvKeys()).toEqual([`profile:${kept.listingIds[0]}`]);
    expect((await tablesMentioning([kept.listingIds[0]])).length).toBeGreaterThan(5);
    // The live count of the region follows (the facet trigger fired on the delete).
    const regionAfter = await env.DB.prepare(
      "SELECT n FROM listing_facets WHERE location = 'Auckland' AND facet = 'all'",
    ).first<{ n: number }>();
    expect(regionAfter!.n).toBe(regionBefore!.n - 1);
    // And the dashboard reloads without it.
    expect((await dashboard(owner)).cards).toHaveLength(1);
  });

  it("refuses anyone but the owner (403) and lets an administrator delete", async () => {
    const owner = await signedIn({ logIn: true });
    const other = await signedIn({ logIn: true });
    const admin = await signedIn({ admin: true, logIn: true });
    const { listingIds, keys } = await fullListing(owner.userId);
    const [id] = listingIds;

    expect((await client().delete(`/api/profiles/${id}/listing`)).status).toBe(401);
    const refused = await other.client.delete(`/api/profiles/${id}/listing`);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: expect.any(String) });
    expect((await other.client.delete(`/api/profiles/${"q".repeat(16)}/listing`)).status).toBe(403);
    expect((await owner.client.delete(`/api/profiles/x'%20OR%201=1/listing`)).status).toBe(400);
    expect((await owner.client.get(`/api/profiles/${id}/listing`)).status).toBe(405);
    expect(await env.DB.prepare("SELECT id FROM listings WHERE id = ?").bind(id).first()).not.toBeNull();
    expect(await r2Keys()).toEqual(expect.arrayContaining(keys));

    const byAdmin = await admin.client.delete(`/api/profiles/${id}/listing`);
    expect(byAdmin.status).toBe(200);
    expect(await tablesMentioning([id])).toEqual([]);
    await eventually(async () => (await r2Keys()).length === 0, 5000);
  });

  it("tells open pages (profileUpdate)", async () => {
    const owner = await signedIn({ logIn: true });
    const [id] = (await fullListing(owner.userId)).listingIds;
    const upgrade = await client().get("/parties/listings-room/public-0", { headers: { Upgrade: "websocket" } });
    const socket = upgrade.webSocket!;
    const messages: { modelId?: string }[] = [];
    socket.accept();
    socket.addEventListener("message", (e) => {
      messages.push(JSON.parse(String(e.data)));
    });
    expect((await owner.client.delete(`/api/profiles/${id}/listing`)).status).toBe(200);
    const deadline = Date.now() + 3000;
    while (!messages.some((m) => m.modelId === id) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    // It was public, so its id is known to visitors: pages showing it are told it is gone.
    expect(messages).toContainEqual({
      type: "profileUpdate",
      modelId: id,
      at: expect.any(Number),
      visible: false,
      entered: false,
      region: null,
    });
    await new Promise<void>((resolve) => {
      socket.addEventListener("close", () => resolve());
      socket.close(1000, "done");
      setTimeout(resolve, 500);
    });
  });
});

describe("DELETE /api/profiles/{userId}/account", () => {
  it("leaves no D1 row, R2 object or KV key of the user, signs every device out, and keeps other users' data", async () => {
    const doomed = await fullAccount();
    const bystander = await fullAccount();

    // The current password is part of the call (docs/accounts.md).
    const res = await doomed.client.delete(`/api/profiles/${doomed.userId}/account`, { json: { password: PASSWORD } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect(res.headers.get("Set-Cookie")).toMatch(/^session=;.*Max-Age=0/);
    expect(res.headers.get("Clear-Site-Data")).toBe('"storage"');

    expect(await tablesMentioning([doomed.userId, doomed.email, ...doomed.listingIds, ...doomed.keys])).toEqual([]);
    const objects = await eventually(async () => {
      const now = await r2Keys();
      return doomed.keys.every((key) => !now.includes(key)) ? now : null;
    }, 5000);
    expect(objects.sort()).toEqual([...bystander.keys].sort());
    expect((await kvKeys()).sort()).toEqual(bystander.listingIds.map((id) => `profile:${id}`).sort());

    // Both of the deleted user's sessions are gone; the bystander's still work.
    for (const cookie of [doomed.cookie, doomed.secondDevice]) {
      const page = await client({ cookie }).get("/dashboard");
      expect(page.status).toBe(302);
    }
    expect((await dashboard(bystander)).cards).toHaveLength(2);
    expect((await tablesMentioning([bystander.userId])).length).toBeGreaterThan(0);
  });

  it("is one's own account only: 403 for another user and for an administrator, 401 signed out, 400 malformed", async () => {
    const owner = await signedIn({ logIn: true });
    const other = await signedIn({ logIn: true });
    const admin = await signedIn({ admin: true, logIn: true });
    expect((await client().delete(`/api/profiles/${owner.userId}/account`)).status).toBe(401);
    // Even with the right password (theirs or the owner's): it is not their account.
    const withPassword = { json: { password: PASSWORD } };
    expect((await other.client.delete(`/api/profiles/${owner.userId}/account`, withPassword)).status).toBe(403);
    expect((await admin.client.delete(`/api/profiles/${owner.userId}/account`, withPassword)).status).toBe(403);
    expect((await owner.client.delete(`/api/profiles/%00/account`)).status).toBe(400);
    expect(await env.DB.prepare("SELECT id FROM users WHERE id = ?").bind(owner.userId).first()).not.toBeNull();
  });
});

describe("listing-delete.server", () => {
  it("answers deleted: false for unknown and malformed ids, and touches nothing", async () => {
    const owner = await signedIn({ logIn: true });
    await fullListing(owner.userId);
    const before = await everyRow();
    expect(await deleteListing(env, ctx, "0".repeat(16))).toEqual({ deleted: false, listingIds: [], photosDeleted: 0 });
    expect(await deleteListing(env, ctx, "../etc")).toEqual({ deleted: false, listingIds: [], photosDeleted: 0 });
    expect(await deleteAccount(env, ctx, "0".repeat(16))).toEqual({ deleted: false, listingIds: [], photosDeleted: 0 });
    expect(await deleteAccount(env, ctx, "")).toEqual({ deleted: false, listingIds: [], photosDeleted: 0 });
    expect(await everyRow()).toEqual(before);
  });

  it("reports what it removed, for the administrator screens", async () => {
    const owner = await signedIn({ agency: true, logIn: true });
    const a = await fullListing(owner.userId);
    const b = await fullListing(owner.userId);
    const one = await deleteListing(env, ctx, a.listingIds[0]);
    expect(one).toEqual({ deleted: true, listingIds: a.listingIds, photosDeleted: 3 });
    const all = await deleteAccount(env, ctx, owner.userId);
    expect(all).toEqual({ deleted: true, listingIds: b.listingIds, photosDeleted: 3 });
  });
});
