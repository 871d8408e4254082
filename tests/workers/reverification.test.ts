// Verification means what it says: each photo keeps its own check through any save (decision 0055), the card's
// tick follows the cover; a new name, age or mostly new photos on an ID-verified listing opens a re-review for
// the administrators.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { cast, createListingVia, signedIn } from "./client";
import type { SignedIn } from "./client";
import { rows, saveForm, SMALL_JPEG, validValues } from "./editor-fixtures";

type ImageRow = { id: string; position: number };

const CHECKED = Date.UTC(2026, 9, 1);

async function verifiedListing(owner: SignedIn, photoVerified = true) {
  const id = await createListingVia(owner);
  await env.DB.batch([
    env.DB.prepare("UPDATE listing_images SET verified_at = ? WHERE listing_id = ?").bind(
      photoVerified ? CHECKED : null,
      id,
    ),
    env.DB.prepare(
      "UPDATE listings SET awaiting_consent = 0, agency_held = 0, verified = 1, paid = 1, live = 1, photo_verified = ? WHERE id = ?",
    ).bind(photoVerified ? 1 : 0, id),
  ]);
  const images = await rows<ImageRow>(
    "SELECT id, position FROM listing_images WHERE listing_id = ? ORDER BY position",
    id,
  );
  return { id, images };
}

const files = (n: number) =>
  Array.from(
    { length: n },
    (_, i) => new File([SMALL_JPEG as Uint8Array<ArrayBuffer>], `new${i}.jpg`, { type: "image/jpeg" }),
  );

async function save(
  owner: SignedIn,
  id: string,
  over: Record<string, string>,
  images: { imageId: string; position: number }[],
  newFiles: File[] = [],
) {
  const res = await owner.client.put("/api/profile", {
    multipart: saveForm(
      validValues(over),
      { listingId: id, imagePositions: images, newImagePositions: newFiles.map((_, i) => images.length + i + 1) },
      newFiles,
    ),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

const checks = (id: string) =>
  rows<{ id: string; position: number; verified_at: number | null }>(
    "SELECT id, position, verified_at FROM listing_images WHERE listing_id = ? ORDER BY position",
    id,
  );
const flags = (id: string) =>
  env.DB.prepare("SELECT verified, live, photo_verified FROM listings WHERE id = ?")
    .bind(id)
    .first<Record<string, number>>();
const rereviews = (id: string) =>
  rows<{ status: string; changes: string; rereview: number }>(
    "SELECT status, changes, rereview FROM verification_requests WHERE listing_id = ?",
    id,
  );

describe("saving a verified listing", () => {
  it("an unrelated edit, or a pure reorder of the photos, keeps every badge", async () => {
    const owner = await signedIn({ agency: true });
    const { id, images } = await verifiedListing(owner);
    await save(
      owner,
      id,
      { tagLine: "A brand new tagline here" },
      images.map((i) => ({ imageId: i.id, position: i.position })),
    );
    await save(
      owner,
      id,
      {},
      images.map((i, n) => ({ imageId: i.id, position: images.length - n })),
    );
    expect(await flags(id)).toEqual({ verified: 1, live: 1, photo_verified: 1 });
    expect((await checks(id)).map((c) => c.verified_at)).toEqual(images.map(() => CHECKED));
    expect(await rereviews(id)).toEqual([]);
  });

  it("adding a photo keeps the others' dates and the tick, the new one starts unverified; adding most opens a re-review", async () => {
    const owner = await signedIn({ agency: true });
    const { id, images } = await verifiedListing(owner);
    await save(
      owner,
      id,
      {},
      images.map((i) => ({ imageId: i.id, position: i.position })),
      files(1),
    );
    expect(await flags(id)).toEqual({ verified: 1, live: 1, photo_verified: 1 });
    expect((await checks(id)).map((c) => c.verified_at)).toEqual([...images.map(() => CHECKED), null]);
    expect(await rereviews(id)).toEqual([]);
    const now = await rows<ImageRow>(
      "SELECT id, position FROM listing_images WHERE listing_id = ? ORDER BY position",
      id,
    );
    await save(
      owner,
      id,
      {},
      now.map((i) => ({ imageId: i.id, position: i.position })),
      files(4),
    );
    expect(await rereviews(id)).toEqual([{ status: "pending", changes: "most photos replaced", rereview: 1 }]);
  });

  it("a new display name or age opens one re-review that collects the reasons; the listing stays live", async () => {
    const owner = await signedIn({ agency: true });
    const { id, images } = await verifiedListing(owner, false);
    const keep = images.map((i) => ({ imageId: i.id, position: i.position }));
    const before = validValues();
    await save(owner, id, { firstName: "Someone Else" }, keep);
    await save(owner, id, { firstName: "Someone Else", age: String(Number(before.age) + 5) }, keep);
    expect(await rereviews(id)).toEqual([
      {
        status: "pending",
        changes: `display name changed from '${before.firstName}' to 'Someone Else'; age changed from ${before.age} to ${Number(before.age) + 5}`,
        rereview: 1,
      },
    ]);
    expect(await flags(id)).toMatchObject({ verified: 1, live: 1 });
  });

  it("deleting a photo keeps the others' dates; the card's tick follows whichever photo is the cover", async () => {
    const owner = await signedIn({ agency: true });
    const { id, images } = await verifiedListing(owner);
    await save(
      owner,
      id,
      {},
      images.map((i) => ({ imageId: i.id, position: i.position })),
      files(1),
    );
    expect((await owner.client.delete(`/api/profile/images/${images[0].id}`)).status).toBe(200);
    // The next photo, checked too, is the cover now.
    expect(await flags(id)).toMatchObject({ photo_verified: 1 });
    expect((await checks(id)).map((c) => c.verified_at)).toEqual([...images.slice(1).map(() => CHECKED), null]);
    // The new, unchecked photo moved first: no tick on the card; moved back, the tick returns.
    const now = await checks(id);
    const fresh = now[now.length - 1];
    const rest = now.slice(0, -1);
    await save(owner, id, {}, [
      { imageId: fresh.id, position: 1 },
      ...rest.map((c, n) => ({ imageId: c.id, position: n + 2 })),
    ]);
    expect(await flags(id)).toMatchObject({ photo_verified: 0 });
    await save(owner, id, {}, [
      ...rest.map((c, n) => ({ imageId: c.id, position: n + 1 })),
      { imageId: fresh.id, position: rest.length + 1 },
    ]);
    expect(await flags(id)).toMatchObject({ photo_verified: 1 });
    expect((await checks(id)).map((c) => c.verified_at)).toEqual([...rest.map(() => CHECKED), null]);
  });
});

describe("administrators decide a re-review", () => {
  async function pendingRereview() {
    const { admin } = await cast();
    const owner = await signedIn({ agency: true });
    const { id, images } = await verifiedListing(owner, false);
    await save(
      owner,
      id,
      { firstName: "Changed Name" },
      images.map((i) => ({ imageId: i.id, position: i.position })),
    );
    const [req] = await rows<{ id: string }>(
      "SELECT id FROM verification_requests WHERE listing_id = ? AND status = 'pending'",
      id,
    );
    return { admin, id, requestId: req.id };
  }
  const decide = (admin: SignedIn, requestId: string, intent: string, reason = "") =>
    admin.client.post("/admin/verifications", { form: { intent, requestId, reason } });

  it("the queue shows it as a re-review with what changed", async () => {
    const { admin } = await pendingRereview();
    const html = await (await admin.client.get("/admin/verifications")).text();
    expect(html).toContain("Re-review after changes");
    expect(html).toContain("display name changed from");
  });

  it("approve keeps it verified and records the photos it saw; reject withdraws verification and takes it off the site", async () => {
    const a = await pendingRereview();
    expect((await decide(a.admin, a.requestId, "approve")).status).toBe(303);
    expect(await flags(a.id)).toMatchObject({ verified: 1, live: 1 });
    const [{ reviewed_image_ids }] = await rows<{ reviewed_image_ids: string }>(
      "SELECT reviewed_image_ids FROM listings WHERE id = ?",
      a.id,
    );
    expect(JSON.parse(reviewed_image_ids)).toHaveLength(3);

    const b = await pendingRereview();
    expect(
      (await decide(b.admin, b.requestId, "reject", "The new name does not match the ID we checked.")).status,
    ).toBe(303);
    expect(await flags(b.id)).toEqual({ verified: 0, live: 0, photo_verified: 0 });
    const audit = await rows<{ action: string }>("SELECT action FROM admin_audit ORDER BY created_at");
    expect(audit.map((r) => r.action)).toEqual(["approve_rereview", "reject_rereview"]);
  });
});
