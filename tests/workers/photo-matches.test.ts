// Stolen and reused photos caught at upload (docs/decisions/0057-stolen-photos-caught-at-upload.md): a photo
// that nearly matches one of another account is held, never shown, and decided in the side-by-side queue;
// one taken down as impersonation is refused at every later upload.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { MATCH_MSG } from "~/features/photos/phash.server";
import { snapshotKey } from "~/features/profile/profile.server";
import { HELD_TEXT } from "~/features/verification/verification";
import { client, signedIn, upload } from "./client";
import type { SignedIn } from "./client";
import { countRows, positions, rows, saveForm, SMALL_JPEG, uniquePhoto, validValues } from "./editor-fixtures";
import { backgroundWorkDone } from "./background";

/** A copy of `bytes` with 10 % of its height cut off (5 % top and bottom), re-encoded as JPEG. */
async function croppedCopy(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream();
  const out = await env.IMAGES.input(stream)
    .transform({ width: 600, height: 720, fit: "cover" })
    .output({ format: "image/jpeg", quality: 80 });
  return new Uint8Array(await out.response().arrayBuffer());
}

async function uploadId(as: SignedIn, bytes: Uint8Array = uniquePhoto()): Promise<string> {
  const res = await upload(as, bytes);
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { uploadId: string }).uploadId;
}

/** A listing of `as` whose photos are these uploads, in order; answers its id and the save's answer. */
async function listingWith(as: SignedIn, ids: string[]) {
  const res = await as.client.post("/api/profiles", {
    multipart: saveForm(validValues(), { uploadIds: positions(ids) }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const body = (await res.json()) as { modelId: string; images: unknown[] };
  return { id: body.modelId, images: body.images };
}

/** The original on one account, then a cropped copy of it in a listing of another account. */
async function heldCopy() {
  const owner = await signedIn({ agency: true });
  const original = await listingWith(owner, [
    await uploadId(owner, SMALL_JPEG),
    await uploadId(owner),
    await uploadId(owner),
  ]);
  const thief = await signedIn({ agency: true });
  const copy = await croppedCopy(SMALL_JPEG);
  const ids = [await uploadId(thief), await uploadId(thief, copy), await uploadId(thief), await uploadId(thief)];
  const later = await listingWith(thief, ids);
  await backgroundWorkDone();
  const [review] = await rows<{ id: string; listing_id: string; other_listing_id: string; status: string }>(
    "SELECT id, listing_id, other_listing_id, status FROM identity_reviews",
  );
  return { owner, original, thief, later, review, copy };
}

const admin = () => signedIn({ admin: true, agency: true });

describe("a photo of another account is held at upload", () => {
  it("keeps the hash of every shown photo, and lets an account reuse its own photos", async () => {
    const owner = await signedIn({ agency: true });
    const { id } = await listingWith(owner, [
      await uploadId(owner, SMALL_JPEG),
      await uploadId(owner),
      await uploadId(owner),
    ]);
    expect(await countRows("photo_hashes", "listing_id = ?", id)).toBe(3);
    // The same account's own copy is not a match.
    const again = [await uploadId(owner, await croppedCopy(SMALL_JPEG)), await uploadId(owner), await uploadId(owner)];
    await listingWith(owner, again);
    expect(await countRows("held_photos")).toBe(0);
    expect(await countRows("identity_reviews")).toBe(0);
  });

  it("holds a cropped copy: not shown anywhere, written with its review item", async () => {
    const { owner, original, thief, later, review } = await heldCopy();
    // The owner of the held photo is told on the dashboard; the other account is not.
    expect(await (await thief.client.get("/dashboard")).text()).toContain(HELD_TEXT);
    expect(await (await owner.client.get("/dashboard")).text()).not.toContain(HELD_TEXT);
    expect(later.images).toHaveLength(3);
    expect(await countRows("listing_images", "listing_id = ?", later.id)).toBe(3);
    expect(await countRows("held_photos", "listing_id = ?", later.id)).toBe(1);
    expect(review).toMatchObject({ listing_id: later.id, other_listing_id: original.id, status: "pending" });
    const [listing] = await rows<{ image_count: number }>("SELECT image_count FROM listings WHERE id = ?", later.id);
    expect(listing.image_count).toBe(3);
    // Not in the profile the save answers (which even carries photos kept but not shown), nor in any snapshot.
    const [held] = await rows<{ r2_key: string }>("SELECT r2_key FROM held_photos");
    expect(JSON.stringify(later.images)).not.toContain(held.r2_key);
    const snapshot = await env.PROFILES.get(snapshotKey(later.id));
    expect(snapshot ?? "").not.toContain(held.r2_key);
    // Its bytes go to its owner and administrators only, never cached.
    expect((await client().get(`/photos/${held.r2_key}`)).status).toBe(404);
    expect((await owner.client.get(`/photos/${held.r2_key}`)).status).toBe(404);
    const own = await thief.client.get(`/photos/${held.r2_key}`);
    expect(own.status).toBe(200);
    expect(own.headers.get("Cache-Control")).toContain("no-store");
    expect((await (await admin()).client.get(`/photos/${held.r2_key}`)).status).toBe(200);
  });

  it("shows both listings side by side to an administrator only, and releases the photo onto its listing", async () => {
    const { owner, later, review, original } = await heldCopy();
    expect((await owner.client.get("/admin/matches")).status).toBe(404);
    const boss = await admin();
    const page = await (await boss.client.get("/admin/matches")).text();
    expect((page.match(/data-testid="match-item"/g) ?? []).length).toBe(1);
    expect(page).toContain(later.id);
    expect(page).toContain(original.id);

    const res = await boss.client.post("/admin/matches", { form: { intent: "release", reviewId: review.id } });
    expect(res.status).toBe(303);
    await backgroundWorkDone();
    expect(await countRows("listing_images", "listing_id = ?", later.id)).toBe(4);
    expect(await countRows("photo_hashes", "listing_id = ?", later.id)).toBe(4);
    expect(await countRows("held_photos")).toBe(0);
    expect(await countRows("identity_reviews", "status = 'released'")).toBe(1);
    expect(await countRows("admin_audit", "action = 'match_release' AND listing_id = ?", later.id)).toBe(1);
    // Decided once: a second decision finds nothing to decide.
    const again = await boss.client.post("/admin/matches", { form: { intent: "remove", reviewId: review.id } });
    expect(again.status).toBe(404);
  });

  it("removes a held photo with its bytes", async () => {
    const { later, review } = await heldCopy();
    const [held] = await rows<{ r2_key: string }>("SELECT r2_key FROM held_photos");
    const boss = await admin();
    expect((await boss.client.post("/admin/matches", { form: { intent: "remove", reviewId: review.id } })).status).toBe(
      303,
    );
    await backgroundWorkDone();
    expect(await countRows("listing_images", "listing_id = ?", later.id)).toBe(3);
    expect(await countRows("held_photos")).toBe(0);
    expect(await env.PHOTOS.get(held.r2_key)).toBeNull();
    expect(await countRows("admin_audit", "action = 'match_remove'")).toBe(1);
  });

  it("takes a photo down as impersonation and refuses it at anyone's later upload", async () => {
    const { review, copy } = await heldCopy();
    const boss = await admin();
    const res = await boss.client.post("/admin/matches", { form: { intent: "impersonation", reviewId: review.id } });
    expect(res.status).toBe(303);
    expect(await countRows("taken_down_hashes")).toBe(1);
    expect(await countRows("admin_audit", "action = 'match_impersonation'")).toBe(1);
    const someone = await signedIn({ agency: true });
    const refused = await upload(someone, copy);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: MATCH_MSG.takenDown, problem: "taken_down" });
    expect(await countRows("pending_uploads", "user_id = ?", someone.userId)).toBe(0);
  });

  it("opens a takedown case about the newer listing on the Act's clock, or joins the one it has", async () => {
    const { owner, original, later, thief, review } = await heldCopy();
    const boss = await admin();
    const before = Date.now();
    const res = await boss.client.post("/admin/matches", { form: { intent: "impersonation", reviewId: review.id } });
    expect(res.status).toBe(303);
    await backgroundWorkDone();
    const cases = await rows<Record<string, unknown>>(
      "SELECT id, listing_id, owner_id, kind, contact, status, created_at, answer_due_at FROM takedown_cases",
    );
    expect(cases).toHaveLength(1);
    const [opened] = cases as { id: string; created_at: number; answer_due_at: number }[];
    // The person whose photo it was hears the outcome; the newer listing's owner answers, within 48 hours.
    expect(opened).toMatchObject({
      listing_id: later.id,
      owner_id: thief.userId,
      kind: "listed",
      contact: owner.email,
      status: "waiting",
    });
    expect(opened.created_at).toBeGreaterThanOrEqual(before);
    expect(opened.answer_due_at - opened.created_at).toBe(48 * 3600_000);
    expect(await (await boss.client.get("/admin/takedowns")).text()).toContain(opened.id);
    expect((await thief.client.get(`/dashboard/takedowns/${opened.id}`)).status).toBe(200);
    const mails = await env.DB.prepare("SELECT subject FROM dev_outbox WHERE to_address = ?")
      .bind(thief.email)
      .all<{ subject: string }>();
    expect(mails.results.map((m) => m.subject)).toContain(`A complaint about your listing ${validValues().firstName}`);

    // A second match on the same listing (here its number) joins the open case.
    await env.DB.prepare(
      "INSERT INTO identity_reviews (id, kind, listing_id, other_listing_id, held_phone, status, created_at) VALUES ('second', 'phone', ?, ?, '64211234567', 'pending', ?)",
    )
      .bind(later.id, original.id, Date.now())
      .run();
    const second = await boss.client.post("/admin/matches", { form: { intent: "impersonation", reviewId: "second" } });
    expect(second.status).toBe(303);
    expect(await countRows("takedown_cases")).toBe(1);
  });

  it("refuses an unknown decision or item with a clear error", async () => {
    const { review } = await heldCopy();
    const boss = await admin();
    expect((await boss.client.post("/admin/matches", { form: { intent: "maybe", reviewId: review.id } })).status).toBe(
      400,
    );
    expect((await boss.client.post("/admin/matches", { form: { intent: "release", reviewId: "nope" } })).status).toBe(
      404,
    );
    expect(await countRows("identity_reviews", "status = 'pending'")).toBe(1);
  });
});
