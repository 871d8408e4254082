// Verification requests inside workerd (spec provider §2, §4, §5, §8): the file rules by bytes and size,
// ownership, one pending request per listing and kind, private storage that no public URL reaches, the
// administrator's decision (flags, audit row, files gone from R2), and the provider's notices.
import { env } from "cloudflare:test";
import { PHOTO_GUIDANCE } from "~/features/verification/photo-guidance";
import { describe, expect, it } from "vitest";
import { sniffImage, webpChunks } from "~/features/photos/rules";
import { ID_MSG, PHOTO_VERIFY_MSG, VERIFY_MSG } from "~/features/verification/verification";
import { deleteAccount, deleteListing } from "~/features/listings/delete.server";
import {
  auditRows,
  file,
  idForm,
  listingOf,
  listingWithPhotos,
  moderated,
  photoForm,
  privateKeys,
  requests,
} from "./admin-fixtures";
import { cast, client, requestId, requestPhotos } from "./client";
import { BIG_JPEG, SMALL_JPEG } from "./editor-fixtures";
import { carriesMetadata, withGpsExif } from "./jpeg-exif";
import { eventually } from "./public-fixtures";
import { getDb } from "~/platform/data/db.server";
import { noticeTimes, verificationNoticesQuery } from "~/features/verification/notices.server";

/** Page text without React's text separators. */
const pageText = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");

/** The one-shot notice a redirect left in the flash cookie, added to a browser's cookies for the next page. */
function withFlash(cookie: string, redirect: Response): string {
  const flash = redirect.headers.getSetCookie().find((c) => /^(__Host-)?flash=/.test(c));
  expect(flash, "a flash cookie").toBeDefined();
  return `${cookie}; ${flash!.split(";")[0]}`;
}

const ctx = { waitUntil: (p: Promise<unknown>) => void p.catch(() => {}) };

async function nothingStored() {
  expect(await requests()).toEqual([]);
  expect(await privateKeys()).toEqual([]);
}

describe("POST /api/verify/request/{modelId}", () => {
  it("stores both sides re-encoded as WebP without metadata under the private prefix, pending review", async () => {
    const { provider } = await cast();
    const id = await listingOf(provider, { live: false, verified: false });
    const res = await requestId(
      provider,
      id,
      idForm(file(withGpsExif(BIG_JPEG), "IMG_1.JPG"), file(SMALL_JPEG, "back.png", "image/png")),
    );
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ success: true, message: ID_MSG.success, requestId: expect.any(String) });
    const [row] = await requests();
    expect(row).toMatchObject({
      kind: "id",
      listing_id: id,
      user_id: provider.userId,
      status: "pending",
      decided_at: null,
    });
    const keys = JSON.parse(row.r2_keys) as string[];
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(key).toMatch(/^private\/verification\/[0-9a-z]{24}\.webp$/);
    expect((await privateKeys()).sort()).toEqual([...keys].sort());
    const front = new Uint8Array(await (await env.PHOTOS.get(keys[0]))!.arrayBuffer());
    // Scaled for reading at review (3000x2000 becomes 2000 px wide), never enlarged, no EXIF/XMP or GPS.
    expect(sniffImage(front)).toMatchObject({ type: "image/webp", width: 2000, height: 1333 });
    expect(webpChunks(front).filter((c) => c === "EXIF" || c === "XMP ")).toEqual([]);
    expect(carriesMetadata(front)).toBe(false);
    const back = new Uint8Array(await (await env.PHOTOS.get(keys[1]))!.arrayBuffer());
    expect(sniffImage(back)).toMatchObject({ type: "image/webp", width: 600, height: 800 });
    // Not watermarked: the listing pipeline's overlay would have been drawn with an extra input.
    expect(await moderated(id)).toMatchObject({ verified: 0 });
  });

  it("refuses a text file named .jpg (type by the bytes), and stores nothing", async () => {
    const { provider } = await cast();
    const id = await listingOf(provider, { live: false, verified: false });
    const text = file(new TextEncoder().encode("not a licence, whatever the name says"), "front.jpg");
    const res = await requestId(provider, id, idForm(text));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: ID_MSG.type, message: ID_MSG.type, field: "frontLicense" });
    await nothingStored();
  });

  it("refuses a file over 5 MB with 413, and stores nothing", async () => {
    const { provider } = await cast();
    const id = await listingOf(provider, { live: false, verified: false });
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(SMALL_JPEG.subarray(0, 64));
    const res = await requestId(provider, id, idForm(file(SMALL_JPEG), file(big, "back.jpg")));
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: ID_MSG.size, field: "backLicense" });
    await nothingStored();
  });

  it("asks for each missing side with the spec's message", async () => {
    const { provider } = await cast();
    const id = await listingOf(provider, { live: false, verified: false });
    let res = await requestId(provider, id, idForm(null));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: ID_MSG.front });
    res = await requestId(provider, id, idForm(undefined, null));
    expect(await res.json()).toMatchObject({ error: ID_MSG.back });
    await nothingStored();
  });

  it("refuses a listing the user does not own (403), an unknown one (403) and a bad id (400)", async () => {
    const { provider, stranger } = await cast();
    const id = await listingOf(provider, { live: false, verified: false });
    let res = await requestId(stranger, id);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: VERIFY_MSG.notYours });
    expect((await requestId(stranger, "0123456789abcdef")).status).toBe(403);
    expect((await requestId(stranger, "nope")).status).toBe(400);
    res = await client().post(`/api/verify/request/${id}`, { multipart: idForm() });
    expect(res.status).toBe(401);
    await nothingStored();
  });

  it("refuses a second pending request for the same listing with 409 and a clear message", async () => {
    const { provider } = await cast();
    const id = await listingOf(provider, { live: false, verified: false });
    expect((await requestId(provider, id)).status).toBe(201);
    const stored = await privateKeys();
    const res = await requestId(provider, id);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      error: "A verification request for this listing is already waiting for review.",
    });
    expect(await requests()).toHaveLength(1);
    expect(await privateKeys()).toEqual(stored);
  });

  it("refuses an already verified listing", async () => {
    const { provider } = await cast();
    const id = await listingOf(provider, { live: true, verified: true });
    const res = await requestId(provider, id);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: VERIFY_MSG.alreadyVerified });
    await nothingStored();
  });
});

describe("verification documents are never public", () => {
  it("no public URL reaches them; only an administrator, never cached", async () => {
    const { admin, provider, stranger } = await cast();
    const id = await listingOf(provider, { live: false, verified: false });
    const { requestId: rid } = (await (await requestId(provider, id)).json()) as { requestId: string };
    const [key] = await privateKeys();
    const name = key.split("/").pop()!;
    const publicPaths = [
      `/photos/${key}`,
      `/photos/private/verification/${name}`,
      `/photos/verification/${name}`,
      `/photos/${name}`,
      `/photos/listing/../${key}`,
      `/photos/listing/%2e%2e/${key}`,
      `/photos/listing%2F..%2F${key.replace(/\//g, "%2F")}`,
      `/photos/listing/..%2F..%2F${key}`,
      `/photos//${key}`,
      `/${key}`,
      `/private/verification/${name}`,
    ];
    for (const path of publicPaths) {
      const res = await admin.client.get(path);
      expect(res.status, path).not.toBe(200);
      const body = new Uint8Array(await res.arrayBuffer());
      expect(sniffImage(body), path).toBeNull();
    }
    const adminPath = `/admin/verification-files/${rid}/0`;
    for (const who of [client(), provider.client, stranger.client]) {
      const res = await who.get(adminPath);
      expect(res.status).toBe(404);
      expect(sniffImage(new Uint8Array(await res.arrayBuffer()))).toBeNull();
    }
    const res = await admin.client.get(adminPath);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(res.headers.get("Content-Type")).toBe("image/webp");
    expect(sniffImage(new Uint8Array(await res.arrayBuffer()))).toMatchObject({ type: "image/webp" });
    for (const bad of ["2", "-1", "01", "x"]) {
      expect((await admin.client.get(`/admin/verification-files/${rid}/${bad}`)).status).toBe(404);
    }
  });
});

describe("the administrator decides", () => {
  it("approving sets verified, writes the audit row, and deletes the documents from R2 at once", async () => {
    const { admin, provider } = await cast();
    const id = await listingOf(provider, { live: false, verified: false, firstName: "Ivy" });
    const { requestId: rid } = (await (await requestId(provider, id)).json()) as { requestId: string };
    expect(await privateKeys()).toHaveLength(2);

    // Not an administrator: 404 (the page does not admit to existing), nothing changes.
    const refused = await provider.client.post("/admin/verifications", { form: { intent: "approve", requestId: rid } });
    expect(refused.status).toBe(404);
    expect(await moderated(id)).toMatchObject({ verified: 0 });

    const res = await admin.client.post("/admin/verifications", { form: { intent: "approve", requestId: rid } });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/admin/verifications");
    const queue = await client({ cookie: withFlash(admin.cookie, res) }).get("/admin/verifications");
    expect(await pageText(queue)).toContain("Request approved. The documents have been deleted.");
    // Its plan is paid, so approval puts it live (docs/decisions/0029-one-visibility-rule.md).
    expect(await moderated(id)).toMatchObject({ verified: 1, live: 1 });
    const [row] = await requests();
    expect(row).toMatchObject({ status: "approved", decided_by: admin.userId, r2_keys: "[]" });
    expect(await privateKeys()).toEqual([]);
    expect((await admin.client.get(`/admin/verification-files/${rid}/0`)).status).toBe(404);
    expect(await auditRows()).toEqual([
      expect.objectContaining({
        admin_id: admin.userId,
        action: "approve_id",
        listing_id: id,
        request_id: rid,
        detail: "Ivy",
      }),
    ]);
    // Decided once: a second decision is refused and records nothing.
    const again = await admin.client.post("/admin/verifications", {
      form: { intent: "reject", requestId: rid, reason: "Blurry" },
    });
    expect(again.status).toBe(409);
    expect(await auditRows()).toHaveLength(1);
  });

  it("rejecting needs a reason, which the provider then sees on the dashboard; the documents go too", async () => {
    const { admin, provider } = await cast();
    const id = await listingOf(provider, { live: false, verified: false, firstName: "Ruby" });
    const { requestId: rid } = (await (await requestId(provider, id)).json()) as { requestId: string };
    const noReason = await admin.client.post("/admin/verifications", {
      form: { intent: "reject", requestId: rid, reason: "  " },
    });
    expect(noReason.status).toBe(400);
    expect(await requests()).toEqual([expect.objectContaining({ status: "pending" })]);
    expect(await privateKeys()).toHaveLength(2);

    const reason = "The licence photo is too blurry to read. Please send a sharper one.";
    const res = await admin.client.post("/admin/verifications", { form: { intent: "reject", requestId: rid, reason } });
    expect(res.status).toBe(303);
    expect(await moderated(id)).toMatchObject({ verified: 0 });
    expect(await requests()).toEqual([expect.objectContaining({ status: "rejected", reason, r2_keys: "[]" })]);
    expect(await privateKeys()).toEqual([]);
    expect((await auditRows()).map((r) => r.action)).toEqual(["reject_id"]);

    const dashboard = await pageText(await provider.client.get("/dashboard"));
    expect(dashboard).toContain("ID verification for Ruby was not approved.");
    expect(dashboard).toContain(reason);
    // A new request replaces the notice.
    expect((await requestId(provider, id)).status).toBe(201);
    const after = await pageText(await provider.client.get("/dashboard"));
    expect(after).not.toContain(reason);
    expect(after).toContain("ID verification for Ruby: our team usually replies");
  });

  // Every dashboard view asks, for each of the owner's recent decisions, whether a newer request of the same
  // listing and kind replaced it: without an index on those columns each asking read every request there is.
  it("finds a newer request of the same listing and kind by index, reading no whole table", async () => {
    const { sql, params } = verificationNoticesQuery(getDb(env), "someone", noticeTimes(Date.now())).toSQL();
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .bind(...params)
      .all<{ detail: string }>();
    const plan = results.map((r) => r.detail);
    expect(plan.filter((step) => step.startsWith("SCAN "))).toEqual([]);
    expect(plan).toContainEqual(
      expect.stringMatching(/^SEARCH newer USING (COVERING )?INDEX verification_requests_replaced /),
    );
  });

  it("shows the queue with the images to administrators only", async () => {
    const { admin, provider } = await cast();
    const id = await listingOf(provider, { live: false, verified: false, firstName: "Quinn" });
    const { requestId: rid } = (await (await requestId(provider, id)).json()) as { requestId: string };
    expect((await provider.client.get("/admin/verifications")).status).toBe(404);
    const anonymous = await client().get("/admin/verifications");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toContain("/login?redirectTo=%2Fadmin%2Fverifications");
    const page = await admin.client.get("/admin/verifications");
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("no-store");
    const html = await page.text();
    expect(html).toContain("Quinn");
    expect(html).toContain(`/admin/verification-files/${rid}/0`);
    expect(html).toContain(`/admin/verification-files/${rid}/1`);
  });
});

describe("photo verification", () => {
  it("needs at least 4 photos and three files; approval sets photoVerified and removes the photos", async () => {
    const { admin, provider } = await cast();
    const few = await listingWithPhotos(provider, 3);
    let res = await requestPhotos(provider, few);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: VERIFY_MSG.tooFewPhotos });

    const id = await listingWithPhotos(provider, 4, { firstName: "Pia", live: false, verified: false });
    res = await requestPhotos(provider, id, photoForm(2));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: PHOTO_VERIFY_MSG.missing,
      message: PHOTO_VERIFY_MSG.missing,
      field: "photo3",
    });
    const wrong = photoForm();
    wrong.set("photo2", file(new TextEncoder().encode("GIF89a..."), "me.gif", "image/gif"));
    res = await requestPhotos(provider, id, wrong);
    expect(await res.json()).toMatchObject({ error: PHOTO_VERIFY_MSG.type });
    await nothingStored();

    res = await requestPhotos(provider, id);
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ message: PHOTO_VERIFY_MSG.success });
    expect(await privateKeys()).toHaveLength(3);
    // An ID request for the same listing is a different kind: allowed alongside.
    expect((await requestId(provider, id)).status).toBe(201);
    expect((await requestPhotos(provider, id)).status).toBe(409);

    const photoRequest = (await requests()).find((r) => r.kind === "photo")!;
    const decided = await admin.client.post("/admin/verifications", {
      form: { intent: "approve", requestId: photoRequest.id },
    });
    expect(decided.status).toBe(303);
    expect(await moderated(id)).toMatchObject({ photo_verified: 1, verified: 0 });
    expect(await privateKeys()).toHaveLength(2);
    expect((await auditRows()).map((r) => r.action)).toEqual(["approve_photo"]);
  });
});

describe("the pages work without JavaScript", () => {
  it("Get Verified lists only unverified listings and a multipart post goes to the dashboard with the success message", async () => {
    const { provider } = await cast();
    const id = await listingOf(provider, { live: false, verified: false, firstName: "Nova" });
    await listingOf(provider, { live: true, verified: true, firstName: "Done" });
    const page = await (await provider.client.get("/verification")).text();
    expect(page).toContain("Nova");
    expect(page).not.toContain("Done");

    const noModel = await provider.client.post("/verification", { multipart: idForm() });
    expect(noModel.status).toBe(400);
    expect(await noModel.text()).toContain(ID_MSG.selectModel);

    const form = idForm();
    form.set("listingId", id);
    form.set("documentType", "nz_licence");
    const res = await provider.client.post("/verification", { multipart: form });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/dashboard");
    const dashboard = await (await client({ cookie: withFlash(provider.cookie, res) }).get("/dashboard")).text();
    expect(dashboard).toContain(ID_MSG.success);

    // A failure reads 'Failed to submit verification request: {message}'.
    const second = idForm();
    second.set("listingId", id);
    second.set("documentType", "nz_licence");
    const failed = await provider.client.post("/verification", { multipart: second });
    expect(failed.status).toBe(409);
    expect(await failed.text()).toContain(
      "Failed to submit verification request: A verification request for this listing is already waiting for review.",
    );
  });

  it("Photo verification lists eligible listings with 'Select this Profile' and posts three photos", async () => {
    const { provider } = await cast();
    const id = await listingWithPhotos(provider, 4, { firstName: "Lena" });
    const short = await listingWithPhotos(provider, 2, { firstName: "Short" });
    await listingOf(provider, { firstName: "Bare" });
    const list = await (await provider.client.get("/photo-verification")).text();
    expect(list).toContain("Lena");
    // Every listing with photos is listed (each photo has its own check); one without photos is not.
    expect(list).toContain("Short");
    expect(list).not.toContain("Bare");
    expect(list).toContain("Select this Profile");
    const selected = await pageText(await provider.client.get(`/photo-verification?listingId=${id}`));
    expect(selected).toContain("Submit Photos for Review");
    // What each photo must show, beside its field, before anything is sent.
    const plain = selected.replaceAll("&#x27;", "'");
    for (const line of [PHOTO_GUIDANCE.intro, ...PHOTO_GUIDANCE.fields]) expect(plain).toContain(line);
    expect(selected).toContain("Photos verified: 0 of 4");
    // With no verified photos the check needs photos of the person, and the spec's form needs 4 photos.
    const few = await pageText(await provider.client.get(`/photo-verification?listingId=${short}`));
    expect(few).toContain(VERIFY_MSG.tooFewPhotos);
    expect(few).not.toContain("Submit Photos for Review");
    const form = photoForm();
    form.set("listingId", id);
    const res = await provider.client.post("/photo-verification", { multipart: form });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/dashboard");
    const dashboard = await (await client({ cookie: withFlash(provider.cookie, res) }).get("/dashboard")).text();
    expect(dashboard).toContain(PHOTO_VERIFY_MSG.success);
  });

  it("sends a signed-out visitor to log in", async () => {
    const res = await client().get("/verification");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toContain("/login?redirectTo=%2Fverification");
  });
});

describe("deleting a listing or account removes its verification files", () => {
  it("deleteListing removes pending requests and their R2 files", async () => {
    const { provider } = await cast();
    const id = await listingOf(provider, { live: false, verified: false });
    const kept = await listingOf(provider, { live: false, verified: false });
    expect((await requestId(provider, id)).status).toBe(201);
    expect((await requestId(provider, kept)).status).toBe(201);
    const keptKeys = JSON.parse((await requests()).find((r) => r.listing_id === kept)!.r2_keys) as string[];
    await deleteListing(env, ctx, id);
    expect((await requests()).map((r) => r.listing_id)).toEqual([kept]);
    await eventually(async () => (await privateKeys()).sort().join() === [...keptKeys].sort().join(), 5000);
  });

  it("deleteAccount removes every request and file of the account", async () => {
    const { provider, stranger } = await cast();
    const a = await listingOf(provider, { live: false, verified: false });
    const b = await listingWithPhotos(provider, 4, { live: false, verified: false });
    const other = await listingOf(stranger, { live: false, verified: false });
    expect((await requestId(provider, a)).status).toBe(201);
    expect((await requestPhotos(provider, b)).status).toBe(201);
    expect((await requestId(stranger, other)).status).toBe(201);
    await deleteAccount(env, ctx, provider.userId);
    expect((await requests()).map((r) => r.user_id)).toEqual([stranger.userId]);
    await eventually(async () => (await privateKeys()).length === 2, 5000);
  });
});
