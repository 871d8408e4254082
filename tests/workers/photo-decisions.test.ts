// A photo request decided photo by photo (docs/decisions/0069-photos-decided-one-by-one.md): the administrator
// approves some photos and refuses others, each with its reason, in one audited batch; a form missing a choice
// or a reason writes nothing; the provider reads each photo's outcome and appeals a refused one; another
// administrator overturns it, which reopens the request: the photo is checked again, first in the queue.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { OUTCOME_MSG, outcomeField, reasonField } from "~/features/verification/decisions/photo-outcomes";
import { REJECT_MSG } from "~/features/verification/verification";
import { auditRows, listingWithPhotos, photoForm, requests } from "./admin-fixtures";
import { cast, requestPhotos, signedIn } from "./client";
import type { SignedIn } from "./client";
import { rows } from "./editor-fixtures";

const DAY = 86_400_000;
const RECENT = Date.now() - 30 * DAY;
const FACE = "The face is hidden in this photo.";
const OTHER = "This is not the person in the verified photos.";

const text = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");
type Photo = { id: string; position: number; verified_at: number | null };
const photosOf = (listingId: string) =>
  rows<Photo>("SELECT id, position, verified_at FROM listing_images WHERE listing_id = ? ORDER BY position", listingId);

/** A listing with four photos, one verified, and a request (with photos of the person) for the other three. */
async function threeSent(provider: SignedIn) {
  const id = await listingWithPhotos(provider, 4, { live: true, verified: true, firstName: "Aroha" });
  await env.DB.prepare("UPDATE listing_images SET verified_at = ? WHERE listing_id = ? AND position = 1")
    .bind(RECENT, id)
    .run();
  const res = await requestPhotos(provider, id, photoForm());
  expect(res.status, await res.clone().text()).toBe(201);
  const request = (await requests()).find((r) => r.kind === "photo")!;
  const [, a, b, c] = await photosOf(id);
  return { id, request, a, b, c };
}

function decide(admin: SignedIn, requestId: string, fields: Record<string, string>) {
  return admin.client.post("/admin/verifications", { form: { intent: "photos", requestId, ...fields } });
}

describe("a photo request decided photo by photo", () => {
  it("approves some photos and refuses one with its reason, in one audited batch; the owner sees each and appeals", async () => {
    const { admin, provider } = await cast();
    const { id, request, a, b, c } = await threeSent(provider);

    const queue = await text(await admin.client.get("/admin/verifications"));
    expect(queue.match(/data-testid="photo-decision"/g)).toHaveLength(3);

    // A refusal without its reason and a photo without a choice: each told beside its field, nothing written.
    const bad = await decide(admin, request.id, {
      [outcomeField(a.id)]: "approve",
      [outcomeField(b.id)]: "refuse",
    });
    expect(bad.status).toBe(400);
    const badPage = await text(bad);
    expect(badPage).toContain(REJECT_MSG.required);
    expect(badPage).toContain(OUTCOME_MSG.choose);
    expect((await requests()).find((r) => r.id === request.id)!.status).toBe("pending");
    expect(await rows("SELECT * FROM photo_checks_pending")).toHaveLength(3);
    expect(await auditRows()).toEqual([]);

    const before = Date.now();
    const res = await decide(admin, request.id, {
      [outcomeField(a.id)]: "approve",
      [outcomeField(b.id)]: "refuse",
      [reasonField(b.id)]: FACE,
      [outcomeField(c.id)]: "approve",
    });
    expect(res.status).toBe(303);
    const after = await photosOf(id);
    expect(after[0].verified_at).toBe(RECENT);
    expect(after[1].verified_at).toBeGreaterThanOrEqual(before);
    expect(after[2].verified_at).toBeNull();
    expect(after[3].verified_at).toBe(after[1].verified_at);
    expect(await rows("SELECT request_id, image_id, reason FROM photo_check_refusals")).toEqual([
      { request_id: request.id, image_id: b.id, reason: FACE },
    ]);
    expect(await rows("SELECT * FROM photo_checks_pending")).toEqual([]);
    const decided = (await requests()).find((r) => r.id === request.id)!;
    expect(decided.status).toBe("approved");
    expect(decided.reason).toBe(`2 of 3 photos verified; 1 not: ${FACE}`);
    const audit = await auditRows();
    expect(audit.map((r) => r.action)).toEqual(["approve_photo"]);
    expect(audit[0].detail).toContain(FACE);

    // The owner: each photo's outcome, the refused one's reason and its appeal; the dashboard says it too.
    const page = await text(await provider.client.get(`/photo-verification?listingId=${id}`));
    expect(page.match(/data-testid="photo-refusal"/g)).toHaveLength(1);
    expect(page).toContain(`Reason: ${FACE}`);
    expect(page).toContain(`href="/appeal/photo/${request.id}"`);
    expect(await text(await provider.client.get("/dashboard"))).toContain('data-testid="verification-partly"');

    // The appeal, decided by another administrator: the refused photo alone is verified; the others keep theirs.
    const second = await signedIn({ admin: true });
    const appealPage = await text(await provider.client.get(`/appeal/photo/${request.id}`));
    expect(appealPage).toContain(FACE);
    const filed = await provider.client.post(`/appeal/photo/${request.id}`, {
      form: { message: "My face is visible in the second photo, with my usual tattoo." },
    });
    expect(filed.status).toBe(200);
    const [appeal] = await rows<{ id: string }>("SELECT id FROM appeals");
    const overturn = await second.client.post("/admin/appeals", {
      form: { appealId: appeal.id, intent: "overturn", reason: "The face is visible: the tattoo matches." },
    });
    expect(overturn.status).toBe(303);
    // Reopened, not approved on the record (decision 0068): every photo keeps what it had; the owner is asked
    // for a new check of the refused photo, which goes first in the queue.
    expect((await photosOf(id)).map((p) => p.verified_at)).toEqual(after.map((p) => p.verified_at));
    const again = await text(await provider.client.get(`/photo-verification?listingId=${id}`));
    expect(again).toContain('data-testid="photo-reopened"');
    expect(again).not.toContain(`href="/appeal/photo/${request.id}"`);
    const ask = new FormData();
    ask.set("imageId", b.id);
    expect((await requestPhotos(provider, id, ask)).status).toBe(201);
    const [fresh] = await rows<{ fast_track: number }>(
      "SELECT fast_track FROM verification_requests WHERE status = 'pending' AND listing_id = ?",
      id,
    );
    expect(fresh.fast_track).toBe(1);
  });

  it("every photo refused: the request is rejected with each reason once, and cannot be decided twice", async () => {
    const { admin, provider } = await cast();
    const { id, request, a, b, c } = await threeSent(provider);
    const fields = {
      [outcomeField(a.id)]: "refuse",
      [reasonField(a.id)]: FACE,
      [outcomeField(b.id)]: "refuse",
      [reasonField(b.id)]: OTHER,
      [outcomeField(c.id)]: "refuse",
      [reasonField(c.id)]: FACE,
    };
    expect((await decide(admin, request.id, fields)).status).toBe(303);
    const decided = (await requests()).find((r) => r.id === request.id)!;
    expect(decided.status).toBe("rejected");
    expect(decided.reason).toBe(`${FACE} / ${OTHER}`);
    expect((await photosOf(id)).map((p) => p.verified_at)).toEqual([RECENT, null, null, null]);
    expect(await rows("SELECT image_id FROM photo_check_refusals ORDER BY image_id")).toHaveLength(3);
    expect((await auditRows()).map((r) => r.action)).toEqual(["reject_photo"]);
    expect((await decide(admin, request.id, fields)).status).toBe(409);
  });
});
