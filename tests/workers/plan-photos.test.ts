// Photos per plan and the Featured grant (decision 0017): Featured → Standard keeps the owner's
// chosen 10 photos public at the period's end and keeps the rest hidden, not deleted; public reads never carry
// a hidden photo; Featured again shows them; and `featured` is set only by the plan or an audited grant.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { newId } from "~/platform/data/ids";
import { HIDDEN_PHOTO_LABEL } from "~/features/photos/plan-photos";
import { WEEK_MS } from "~/features/billing/subscriptions";
import { upgradeNow, upgradeQuote } from "~/features/billing/upgrade.server";
import { grantFeatured, revokeFeatured } from "~/features/billing/featured-grants.server";
import { paymentGateway } from "~/features/payments/select.server";
import { runRenewals } from "~/features/billing/renewals.server";
import { client, signedIn, uploadIds } from "./client";
import type { SignedIn } from "./client";
import { saveForm, validValues } from "./editor-fixtures";
import { insertListing, insertSubscription } from "./fixtures";
import { rows } from "./public-fixtures";

const ORIGIN = "http://localhost";
const ctx = { waitUntil: (_p: Promise<unknown>) => {} };
const visitor = client();

async function one<T = Record<string, unknown>>(query: string, ...binds: unknown[]): Promise<T> {
  const [row] = await rows<T>(query, ...binds);
  return row;
}

type Photo = { id: string; key: string };

/** A live listing of `owner` on `plan` (a week from now, a card that renews) with `count` stored photos. */
async function listingWithPhotos(owner: SignedIn, count: number, plan: "featured" | "standard", now = Date.now()) {
  const listingId = await insertListing({ userId: owner.userId, featured: plan === "featured", firstName: "Aroha" });
  await insertSubscription(listingId, owner.userId, { plan, now, periodStart: now - 1000 });
  const photos: Photo[] = [];
  for (let position = 1; position <= count; position++) {
    const photo = { id: newId(), key: `listing/${newId(24)}.webp` };
    photos.push(photo);
    await env.PHOTOS.put(photo.key, new Uint8Array([position]), { httpMetadata: { contentType: "image/webp" } });
    await env.DB.prepare(
      "INSERT INTO listing_images (id, listing_id, r2_key, position, width, height, created_at) VALUES (?, ?, ?, ?, 600, 800, ?)",
    )
      .bind(photo.id, listingId, photo.key, position, now + position)
      .run();
  }
  await env.DB.prepare("UPDATE listings SET cover_key = ?, image_count = ? WHERE id = ?")
    .bind(photos[0]?.key ?? null, count, listingId)
    .run();
  return { listingId, photos };
}

async function publicFlags(listingId: string) {
  return (
    await rows<{ public: number }>(
      "SELECT public FROM listing_images WHERE listing_id = ? ORDER BY position",
      listingId,
    )
  ).map((r) => r.public);
}

/** Schedules the change to Standard; with `keep`, the answer to the question (one `keep` per ticked box). */
const downgrade = (as: SignedIn, listingId: string, keep?: string[]) => {
  const pairs = [
    ["intent", "downgradePlan"],
    ["listingId", listingId],
  ];
  if (keep) pairs.push(["choosing", "1"], ...keep.map((id) => ["keep", id]));
  return as.client.post("/managesub", {
    raw: new URLSearchParams(pairs).toString(),
    type: "application/x-www-form-urlencoded",
  });
};

const asAdmin = (admin: SignedIn) => ({ id: admin.userId, isAdmin: true });

const html = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");

/** Every photo key that a visitor can read in the listing's public pages and JSON. */
async function publicKeys(listingId: string): Promise<string> {
  const anonymous = client();
  const parts = [
    await (await anonymous.get(`/api/model/${listingId}`)).text(),
    await (await anonymous.get(`/view/${listingId}`)).text(),
    await (await anonymous.get("/api/LPmodels?limit=100")).text(),
  ];
  return parts.join("\n");
}

describe("Featured → Standard with more than 10 photos", () => {
  it("asks which 10 stay public, with the first 10 ticked, before scheduling anything", async () => {
    const owner = await signedIn();
    const { listingId, photos } = await listingWithPhotos(owner, 12, "featured");
    const res = await downgrade(owner, listingId);
    expect(res.status).toBe(200);
    const page = await html(res);
    expect(page).toContain('data-testid="photo-choice"');
    const boxes = [...page.matchAll(/<input[^>]*name="keep"[^>]*>/g)].map((m) => m[0]);
    expect(boxes.map((b) => /value="([^"]+)"/.exec(b)?.[1])).toEqual(photos.map((p) => p.id));
    expect(boxes.map((b) => / checked=""/.test(b))).toEqual([...Array(10).fill(true), false, false]);
    expect(await one("SELECT pending_plan FROM subscriptions WHERE listing_id = ?", listingId)).toEqual({
      pending_plan: null,
    });
  });

  it("refuses 11 photos, 9, a repeated one or another listing's, with the reason beside the photos (400)", async () => {
    const owner = await signedIn();
    const { listingId, photos } = await listingWithPhotos(owner, 12, "featured");
    const other = await listingWithPhotos(await signedIn(), 3, "featured");
    const ids = photos.map((p) => p.id);
    const cases: [string[], string][] = [
      [ids.slice(0, 11), "Choose exactly 10 photos to keep public on the Standard plan (you chose 11)."],
      [ids.slice(0, 9), "Choose exactly 10 photos to keep public on the Standard plan (you chose 9)."],
      [[...ids.slice(0, 9), ids[0]], "Choose among this listing's own photos."],
      [[...ids.slice(0, 9), other.photos[0].id], "Choose among this listing's own photos."],
    ];
    for (const [keep, message] of cases) {
      const res = await downgrade(owner, listingId, keep);
      expect(res.status).toBe(400);
      const page = await html(res);
      expect(page).toContain('data-testid="photo-choice-error"');
      expect(page.replace(/&#x27;/g, "'")).toContain(message);
    }
    expect(await one("SELECT pending_plan FROM subscriptions WHERE listing_id = ?", listingId)).toEqual({
      pending_plan: null,
    });
    expect(
      await rows("SELECT id FROM listing_images WHERE listing_id = ? AND kept_on_standard = 1", listingId),
    ).toEqual([]);
  });

  it("nobody else can choose for someone's listing (404) and nothing changes", async () => {
    const owner = await signedIn();
    const stranger = await signedIn();
    const { listingId, photos } = await listingWithPhotos(owner, 12, "featured");
    for (const keep of [undefined, photos.slice(2).map((p) => p.id)]) {
      expect((await downgrade(stranger, listingId, keep)).status).toBe(404);
    }
    expect(await one("SELECT pending_plan FROM subscriptions WHERE listing_id = ?", listingId)).toEqual({
      pending_plan: null,
    });
    expect(
      await rows("SELECT id FROM listing_images WHERE listing_id = ? AND kept_on_standard = 1", listingId),
    ).toEqual([]);
  });

  it("stores the choice; the renewal at the period's end hides the others (kept, R2 too); visitors never get them", async () => {
    const owner = await signedIn();
    const now = Date.now();
    const { listingId, photos } = await listingWithPhotos(owner, 12, "featured", now);
    const kept = photos.slice(2);
    const hidden = photos.slice(0, 2);
    const chose = await downgrade(
      owner,
      listingId,
      kept.map((p) => p.id),
    );
    expect(chose.status).toBe(303);
    expect(await one("SELECT plan, pending_plan FROM subscriptions WHERE listing_id = ?", listingId)).toEqual({
      plan: "featured",
      pending_plan: "standard",
    });
    // Nothing changes for visitors until the period ends.
    expect(await publicFlags(listingId)).toEqual(Array(12).fill(1));
    const before = await one<{ version: number }>(
      "SELECT version FROM page_cache_versions WHERE scope = ?",
      `listing:${listingId}`,
    );

    // The cron at the period's end (an explicit clock): the renewal charges Standard and applies the choice.
    await runRenewals(env, ctx, paymentGateway(env, ctx, ORIGIN), ORIGIN, now + WEEK_MS);
    expect(await one("SELECT plan, pending_plan FROM subscriptions WHERE listing_id = ?", listingId)).toEqual({
      plan: "standard",
      pending_plan: null,
    });
    expect(await publicFlags(listingId)).toEqual([0, 0, ...Array(10).fill(1)]);
    expect(await one("SELECT featured, cover_key, image_count FROM listings WHERE id = ?", listingId)).toEqual({
      featured: 0,
      cover_key: kept[0].key,
      image_count: 10,
    });
    // Kept, not deleted: the rows and the R2 objects are all there.
    expect(await rows("SELECT id FROM listing_images WHERE listing_id = ?", listingId)).toHaveLength(12);
    for (const p of hidden) expect(await env.PHOTOS.head(p.key)).not.toBeNull();
    const after = await one<{ version: number }>(
      "SELECT version FROM page_cache_versions WHERE scope = ?",
      `listing:${listingId}`,
    );
    expect(after.version).toBeGreaterThan(before.version);

    // Public reads: the profile JSON, the page, the list of full profiles, and the photo server.
    const profile = (await (await visitor.get(`/api/model/${listingId}`)).json()) as {
      images: { imageId: string; hidden?: boolean }[];
      ImageUrls: string;
    };
    expect(profile.images.map((i) => i.imageId)).toEqual(kept.map((p) => p.id));
    expect(profile.ImageUrls.split(",")).toHaveLength(10);
    const everything = await publicKeys(listingId);
    for (const p of kept.slice(0, 1)) expect(everything).toContain(p.key);
    for (const p of hidden) {
      expect(everything).not.toContain(p.key);
      expect(everything).not.toContain(p.id);
      const photo = await visitor.get(`/photos/${p.key}`);
      expect(photo.status).toBe(404);
      const mine = await owner.client.get(`/photos/${p.key}`);
      expect(mine.status).toBe(200);
      expect(mine.headers.get("Cache-Control")).toBe("private, no-store");
      expect((await visitor.get(`/photos/${p.key.replace(".webp", ".w480.webp")}`)).status).toBe(404);
    }
    expect((await visitor.get(`/photos/${kept[0].key}`)).status).toBe(200);

    // The owner's editor shows them, labelled.
    const editor = await html(await owner.client.get(`/profile/edit/${listingId}`));
    expect(editor).toContain(hidden[0].key);
    expect(editor).toContain(HIDDEN_PHOTO_LABEL);
  });

  it("with no choice (the change set another way) the first 10 by position stay public; Featured again shows all", async () => {
    const owner = await signedIn();
    const now = Date.now();
    const { listingId, photos } = await listingWithPhotos(owner, 12, "featured", now);
    await env.DB.prepare("UPDATE subscriptions SET pending_plan = 'standard' WHERE listing_id = ?")
      .bind(listingId)
      .run();
    await runRenewals(env, ctx, paymentGateway(env, ctx, ORIGIN), ORIGIN, now + WEEK_MS);
    expect(await publicFlags(listingId)).toEqual([...Array(10).fill(1), 0, 0]);
    expect(await one("SELECT cover_key FROM listings WHERE id = ?", listingId)).toEqual({ cover_key: photos[0].key });

    // The upgrade back to Featured: the kept photos are public again at once.
    const at = now + WEEK_MS + 3600_000;
    const quote = await upgradeQuote(env, owner.userId, listingId, at);
    expect(quote.ok).toBe(true);
    const upgraded = await upgradeNow(
      env,
      ctx,
      paymentGateway(env, ctx, ORIGIN),
      owner.userId,
      listingId,
      quote.ok ? quote.amountCents : null,
      ORIGIN,
      at,
    );
    expect(upgraded).toMatchObject({ ok: true, status: "succeeded" });
    expect(await one("SELECT plan FROM subscriptions WHERE listing_id = ?", listingId)).toEqual({ plan: "featured" });
    expect(await publicFlags(listingId)).toEqual(Array(12).fill(1));
    expect(await one("SELECT featured, image_count FROM listings WHERE id = ?", listingId)).toEqual({
      featured: 1,
      image_count: 12,
    });
  });

  it("a Standard listing with 10 photos or fewer changes without being asked", async () => {
    const owner = await signedIn();
    const { listingId } = await listingWithPhotos(owner, 10, "featured");
    expect((await downgrade(owner, listingId)).status).toBe(303);
    expect(await one("SELECT pending_plan FROM subscriptions WHERE listing_id = ?", listingId)).toEqual({
      pending_plan: "standard",
    });
  });

  it("the save's photo limit counts public photos: kept ones do not use up Standard's 10", async () => {
    const owner = await signedIn();
    const { listingId, photos } = await listingWithPhotos(owner, 12, "standard");
    await env.DB.prepare("UPDATE listing_images SET public = 0 WHERE id IN (?, ?)")
      .bind(photos[10].id, photos[11].id)
      .run();
    const save = async (added: number) => {
      const uploads = await uploadIds(owner, added);
      return owner.client.put("/api/profile", {
        multipart: saveForm(validValues(), {
          listingId,
          imagePositions: photos.map((p, i) => ({ imageId: p.id, position: i + 1 })),
          uploadIds: uploads.map((uploadId, i) => ({ uploadId, position: photos.length + i + 1 })),
        }),
      });
    };
    // 10 public and one more: refused.
    const refused = await save(1);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      fieldErrors: { images: "The Standard plan allows up to 10 photos. Upgrade to Featured for up to 20." },
    });
    // A save that adds nothing keeps the hidden ones hidden, and tells the owner which they are.
    const kept = await save(0);
    expect(kept.status).toBe(200);
    const answer = (await kept.json()) as { images: { imageId: string; hidden?: boolean }[] };
    expect(answer.images.filter((i) => i.hidden).map((i) => i.imageId)).toEqual([photos[10].id, photos[11].id]);
    expect(await publicFlags(listingId)).toEqual([...Array(10).fill(1), 0, 0]);
    // 8 public (and 4 kept): one more is 9 public, allowed though the listing then holds 13.
    await env.DB.prepare("UPDATE listing_images SET public = 0 WHERE id IN (?, ?)")
      .bind(photos[0].id, photos[1].id)
      .run();
    const allowed = await save(1);
    expect(allowed.status).toBe(200);
    expect(await publicFlags(listingId)).toEqual([0, 0, ...Array(8).fill(1), 0, 0, 1]);
  });

  it("a change of the public flag alone moves the page-cache versions", async () => {
    const owner = await signedIn();
    const { listingId, photos } = await listingWithPhotos(owner, 3, "standard");
    const version = async (scope: string) =>
      (await one<{ version: number }>("SELECT version FROM page_cache_versions WHERE scope = ?", scope)).version;
    const [listing, everyone] = [await version(`listing:${listingId}`), await version("public")];
    await env.DB.prepare("UPDATE listing_images SET public = 0 WHERE id = ?").bind(photos[2].id).run();
    expect(await version(`listing:${listingId}`)).toBeGreaterThan(listing);
    expect(await version("public")).toBeGreaterThan(everyone);
  });
});

describe("Featured granted by an administrator", () => {
  async function standardWithKeptPhotos() {
    const owner = await signedIn();
    const now = Date.now();
    const { listingId, photos } = await listingWithPhotos(owner, 12, "standard", now);
    await env.DB.prepare("UPDATE listing_images SET public = 0 WHERE id IN (?, ?)")
      .bind(photos[10].id, photos[11].id)
      .run();
    return { owner, listingId, photos, now };
  }

  it("only administrators: a provider is refused (403 from the action, 404 from the page) and nothing changes", async () => {
    const { owner, listingId } = await standardWithKeptPhotos();
    const refused = await grantFeatured(env, ctx, { id: owner.userId, isAdmin: false }, listingId, 2, "Because");
    expect(refused).toEqual({ ok: false, status: 403, error: "Administrators only." });
    expect(await revokeFeatured(env, ctx, { id: owner.userId, isAdmin: false }, listingId, "Because")).toMatchObject({
      status: 403,
    });
    const page = await owner.client.post("/admin/subscriptions", {
      form: { intent: "grantFeatured", listingId, weeks: "2", reason: "Because" },
    });
    expect(page.status).toBe(404);
    expect(await one("SELECT featured, featured_until FROM listings WHERE id = ?", listingId)).toEqual({
      featured: 0,
      featured_until: null,
    });
    expect(await rows("SELECT id FROM admin_audit WHERE listing_id = ?", listingId)).toEqual([]);
  });

  it("grant features the listing and shows its kept photos, audited with the admin and reason; revoke undoes it", async () => {
    const admin = await signedIn({ admin: true });
    const { listingId, now } = await standardWithKeptPhotos();
    const noReason = await admin.client.post("/admin/subscriptions", {
      form: { intent: "grantFeatured", listingId, weeks: "2", reason: "  " },
    });
    expect(noReason.status).toBe(400);
    expect((await grantFeatured(env, ctx, asAdmin(admin), listingId, 0, "Launch week", now)).ok).toBe(false);
    expect((await grantFeatured(env, ctx, asAdmin(admin), "nope", 1, "Launch week", now)).ok).toBe(false);

    const granted = await admin.client.post("/admin/subscriptions", {
      form: { intent: "grantFeatured", listingId, weeks: "2", reason: "Launch week" },
    });
    expect(granted.status).toBe(303);
    const row = await one<{ featured: number; featured_until: number }>(
      "SELECT featured, featured_until FROM listings WHERE id = ?",
      listingId,
    );
    expect(row.featured).toBe(1);
    expect(row.featured_until).toBeGreaterThanOrEqual(now + 2 * WEEK_MS);
    expect(await publicFlags(listingId)).toEqual(Array(12).fill(1));
    const audit = await rows<{ action: string; admin_id: string; detail: string }>(
      "SELECT action, admin_id, detail FROM admin_audit WHERE listing_id = ?",
      listingId,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "grant_featured", admin_id: admin.userId });
    expect(audit[0].detail).toMatch(/^Featured for 2 weeks, until .+: Launch week$/);
    // The page shows the grant, and the public profile the Featured tag.
    expect(await html(await admin.client.get("/admin/subscriptions"))).toContain("Featured until");
    expect(
      ((await (await client().get(`/api/model/${listingId}`)).json()) as { accountType: string }).accountType,
    ).toBe("featured");

    const revoked = await admin.client.post("/admin/subscriptions", {
      form: { intent: "revokeFeatured", listingId, reason: "Asked by the owner" },
    });
    expect(revoked.status).toBe(303);
    expect(await one("SELECT featured, featured_until FROM listings WHERE id = ?", listingId)).toEqual({
      featured: 0,
      featured_until: null,
    });
    expect(await publicFlags(listingId)).toEqual([...Array(10).fill(1), 0, 0]);
    expect(
      await rows(
        "SELECT action, admin_id, detail FROM admin_audit WHERE listing_id = ? AND action = ?",
        listingId,
        "revoke_featured",
      ),
    ).toEqual([{ action: "revoke_featured", admin_id: admin.userId, detail: "Asked by the owner" }]);
    // Nothing left to revoke.
    expect(await revokeFeatured(env, ctx, asAdmin(admin), listingId, "Again", now)).toMatchObject({
      ok: false,
      status: 409,
    });
  });

  it("a grant outlives renewals of a Standard plan and the cron ends it when its time comes, as a plan ends", async () => {
    const admin = await signedIn({ admin: true });
    const { listingId, now } = await standardWithKeptPhotos();
    expect((await grantFeatured(env, ctx, asAdmin(admin), listingId, 2, "Promotion", now)).ok).toBe(true);
    const gateway = paymentGateway(env, ctx, ORIGIN);
    // The Standard plan renews after a week: still featured, still 12 photos.
    await runRenewals(env, ctx, gateway, ORIGIN, now + WEEK_MS);
    expect(await one("SELECT plan, status FROM subscriptions WHERE listing_id = ?", listingId)).toEqual({
      plan: "standard",
      status: "active",
    });
    expect(await one("SELECT featured FROM listings WHERE id = ?", listingId)).toEqual({ featured: 1 });
    expect(await publicFlags(listingId)).toEqual(Array(12).fill(1));
    // Two weeks on, the grant has run out: the cron ends it.
    const report = await runRenewals(env, ctx, gateway, ORIGIN, now + 2 * WEEK_MS + 1000);
    expect(report.grantsEnded).toBe(1);
    expect(await one("SELECT featured, featured_until FROM listings WHERE id = ?", listingId)).toEqual({
      featured: 0,
      featured_until: null,
    });
    expect(await publicFlags(listingId)).toEqual([...Array(10).fill(1), 0, 0]);
  });
});
