// Photos uploaded into an unsaved listing come back with its draft until the draft expires
// (docs/decisions/0025-drafts-kept-with-their-photos.md): PUT /api/uploads/draft keeps them past the hour an
// unsaved upload otherwise gets, the owner alone reads them back, and a save still takes them.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { DRAFT_MAX_AGE_MS } from "~/core/draft-keys";
import { sniffImage } from "~/features/photos/rules";
import { PENDING_TTL_MS, scheduledSweep } from "~/features/photos/pending-uploads.server";
import { client, signedIn, uploadIds } from "./client";
import { countRows, positions, r2Keys, rows, saveForm, TEST_PHOTO, validValues } from "./editor-fixtures";
import { backgroundWorkDone } from "./background";

/** Ages every upload of the user by `ms`, as if the draft had been left that long. */
async function age(userId: string, ms: number) {
  await env.DB.prepare(
    "UPDATE pending_uploads SET created_at = created_at - ?1, kept_until = kept_until - ?1 WHERE user_id = ?2",
  )
    .bind(ms, userId)
    .run();
}

describe("PUT /api/uploads/draft", () => {
  it("keeps the draft's photos past the hour, and lets go of the one the draft no longer names", async () => {
    const owner = await signedIn({ agency: true });
    const [a, b, c] = await uploadIds(owner, 3);
    const res = await owner.client.put("/api/uploads/draft", { json: { listingId: null, uploadIds: [b, a] } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      kept: [
        { uploadId: b, ...TEST_PHOTO },
        { uploadId: a, ...TEST_PHOTO },
      ],
    });

    // A day later the hour is long gone: the cron removes the photo no draft holds, and keeps the two.
    await age(owner.userId, 24 * 3600 * 1000);
    await scheduledSweep(env);
    expect((await rows<{ id: string }>("SELECT id FROM pending_uploads ORDER BY id")).map((r) => r.id)).toEqual(
      [a, b].sort(),
    );
    expect(await r2Keys("pending/")).toHaveLength(2);
    expect(c).toBeTruthy();

    // The draft drops one photo: it falls back to the hour, and that hour is over.
    const again = await owner.client.put("/api/uploads/draft", { json: { listingId: null, uploadIds: [a] } });
    expect(await again.json()).toEqual({ kept: [{ uploadId: a, ...TEST_PHOTO }] });
    await scheduledSweep(env);
    expect(await countRows("pending_uploads")).toBe(1);
    expect(await r2Keys("pending/")).toHaveLength(1);
  });

  it("a save a week later still takes the kept photos", async () => {
    const owner = await signedIn({ agency: true });
    const ids = await uploadIds(owner, 3);
    await owner.client.put("/api/uploads/draft", { json: { listingId: null, uploadIds: ids } });
    await age(owner.userId, 7 * 24 * 3600 * 1000);
    const res = await owner.client.post("/api/profiles", {
      multipart: saveForm(validValues(), { uploadIds: positions(ids) }),
    });
    expect(res.status).toBe(201);
    await backgroundWorkDone();
    expect(await countRows("pending_uploads")).toBe(0);
    expect(await r2Keys("listing/")).toHaveLength(3);
  });

  it("the photos go when the draft expires", async () => {
    const owner = await signedIn({ agency: true });
    const ids = await uploadIds(owner, 2);
    await owner.client.put("/api/uploads/draft", { json: { listingId: null, uploadIds: ids } });
    await age(owner.userId, DRAFT_MAX_AGE_MS + 60_000);
    const kept = await owner.client.put("/api/uploads/draft", { json: { listingId: null, uploadIds: ids } });
    expect(await kept.json()).toEqual({ kept: [] });
    await scheduledSweep(env);
    expect(await countRows("pending_uploads")).toBe(0);
    expect(await r2Keys("pending/")).toEqual([]);
  });

  it("an empty list lets go of them all ('Start a new one'); a draft of another listing is left alone", async () => {
    const owner = await signedIn({ agency: true });
    const [a, b] = await uploadIds(owner, 2);
    const other = "abcdefghij012345";
    await owner.client.put("/api/uploads/draft", { json: { listingId: null, uploadIds: [a] } });
    await owner.client.put("/api/uploads/draft", { json: { listingId: other, uploadIds: [b] } });
    await owner.client.put("/api/uploads/draft", { json: { listingId: null, uploadIds: [] } });
    expect(
      await rows<{ id: string; draft_key: string | null }>("SELECT id, draft_key FROM pending_uploads ORDER BY id"),
    ).toEqual(
      [
        { id: a, draft_key: null },
        { id: b, draft_key: other },
      ].sort((x, y) => x.id.localeCompare(y.id)),
    );
  });

  it("cannot keep someone else's upload, and refuses a malformed body with a clear error", async () => {
    const owner = await signedIn({ agency: true });
    const stranger = await signedIn({ agency: true });
    const [theirs] = await uploadIds(stranger, 1);
    const res = await owner.client.put("/api/uploads/draft", { json: { listingId: null, uploadIds: [theirs] } });
    expect(await res.json()).toEqual({ kept: [] });
    expect(await countRows("pending_uploads", "kept_until IS NOT NULL")).toBe(0);

    for (const json of [
      { uploadIds: "x" },
      { listingId: "../x", uploadIds: [] },
      { uploadIds: Array(21).fill(theirs) },
    ]) {
      const bad = await owner.client.put("/api/uploads/draft", { json });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toEqual({ error: expect.stringContaining("uploadIds") });
    }
    expect((await client().put("/api/uploads/draft", { json: { uploadIds: [] } })).status).toBe(401);
  });
});

describe("GET /api/uploads/{id}", () => {
  it("gives the owner their processed photo, privately, and nobody else", async () => {
    const owner = await signedIn({ agency: true });
    const stranger = await signedIn({ agency: true });
    const [id] = await uploadIds(owner, 1);
    const res = await owner.client.get(`/api/uploads/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/webp");
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(sniffImage(new Uint8Array(await res.arrayBuffer()))).toMatchObject({
      type: "image/webp",
      width: TEST_PHOTO.width,
    });

    expect((await stranger.client.get(`/api/uploads/${id}`)).status).toBe(404);
    expect((await client().get(`/api/uploads/${id}`)).status).toBe(401);
    expect((await owner.client.get("/api/uploads/zzzzzzzzzzzzzzzz")).status).toBe(404);

    // An unkept upload past its hour is gone for its owner too.
    await age(owner.userId, PENDING_TTL_MS);
    expect((await owner.client.get(`/api/uploads/${id}`)).status).toBe(404);
  });
});
