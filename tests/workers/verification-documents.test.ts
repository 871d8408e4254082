// Verification people can complete: the provider picks a passport, an NZ driver licence or an 18+ card
// (Kiwi Access); the form says what each photo must show and what may be covered; the choice is stored and
// shown in the queue, whose images are small copies (the original on demand, behind the same guard); and
// 'Get Verified' reads 'Verification pending' while a request waits.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { sniffImage } from "~/features/photos/rules";
import { ID_COVER_NOTE, ID_DOCUMENT_INFO, ID_DOCUMENT_MSG } from "~/features/verification/verification";
import { VERIFICATION_THUMB_WIDTH } from "~/features/verification/thumbnails.server";
import { file, idForm, listingOf, privateKeys, requests } from "./admin-fixtures";
import { cast, client, requestId } from "./client";
import { BIG_JPEG, SMALL_JPEG } from "./editor-fixtures";

const pageText = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");

function pageForm(listingId: string, documentType: string | null, front = true, back = true): FormData {
  const fd = new FormData();
  fd.set("listingId", listingId);
  if (documentType) fd.set("documentType", documentType);
  if (front) fd.set("frontLicense", file(BIG_JPEG, "front.jpg"));
  if (back) fd.set("backLicense", file(SMALL_JPEG, "back.jpg"));
  return fd;
}

describe("choosing the document", () => {
  it("the form offers the three documents, says what each photo shows and what may be covered", async () => {
    const { provider } = await cast();
    await listingOf(provider, { live: false, verified: false, firstName: "Nova" });
    const html = await pageText(await provider.client.get("/verification"));
    for (const d of Object.values(ID_DOCUMENT_INFO)) expect(html).toContain(d.name);
    expect(html).toMatch(/<input[^>]*name="documentType"[^>]*value="passport"/);
    expect(html).toContain(ID_COVER_NOTE.replace(/'/g, "&#x27;"));
  });

  it("stores a passport with its photo page only, and the queue names the document", async () => {
    const { provider, admin } = await cast();
    const id = await listingOf(provider, { live: false, verified: false, firstName: "Nova" });
    const res = await provider.client.post("/verification", { multipart: pageForm(id, "passport", true, false) });
    expect(res.status).toBe(303);
    const [row] = await requests();
    expect(row).toMatchObject({ kind: "id", document_type: "passport", status: "pending" });
    expect(JSON.parse(row.r2_keys)).toHaveLength(1);
    const queue = await pageText(await admin.client.get("/admin/verifications"));
    expect(queue).toContain("Document: Passport");
    expect(queue).toContain("Passport photo page");
    expect(queue).not.toContain(`/admin/verification-files/${row.id}/1`);
  });

  it("stores an 18+ card with both sides, and asks for the back in its own words", async () => {
    const { provider } = await cast();
    const id = await listingOf(provider, { live: false, verified: false });
    const missing = await provider.client.post("/verification", {
      multipart: pageForm(id, "kiwi_access", true, false),
    });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("Please upload the back of your card.");
    expect(await requests()).toEqual([]);
    const res = await provider.client.post("/verification", { multipart: pageForm(id, "kiwi_access") });
    expect(res.status).toBe(303);
    expect((await requests())[0]).toMatchObject({ document_type: "kiwi_access" });
    expect(await privateKeys()).toHaveLength(2);
  });

  it("the page needs a choice, an unknown one is refused, and the JSON API without one sends a licence", async () => {
    const { provider } = await cast();
    const id = await listingOf(provider, { live: false, verified: false });
    const none = await provider.client.post("/verification", { multipart: pageForm(id, null) });
    expect(none.status).toBe(400);
    expect(await none.text()).toContain(ID_DOCUMENT_MSG.choose);
    const odd = await provider.client.post("/verification", { multipart: pageForm(id, "library_card") });
    expect(odd.status).toBe(400);
    expect(await odd.text()).toContain(ID_DOCUMENT_MSG.unknown);
    expect(await requests()).toEqual([]);

    const api = await requestId(provider, id, idForm());
    expect(api.status).toBe(201);
    expect((await requests())[0]).toMatchObject({ document_type: "nz_licence" });
  });
});

describe("the queue's images", () => {
  it("are small copies; the original opens on demand; both only for administrators, never cached", async () => {
    const { provider, admin, stranger } = await cast();
    const id = await listingOf(provider, { live: false, verified: false });
    expect((await provider.client.post("/verification", { multipart: pageForm(id, "nz_licence") })).status).toBe(303);
    const [row] = await requests();
    const queue = await pageText(await admin.client.get("/admin/verifications"));
    expect(queue).toContain(`src="/admin/verification-files/${row.id}/0?size=thumb"`);
    expect(queue).toContain(`href="/admin/verification-files/${row.id}/0"`);
    expect(queue).toContain("Open the original");

    const thumb = await admin.client.get(`/admin/verification-files/${row.id}/0?size=thumb`);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get("Cache-Control")).toBe("private, no-store");
    const small = new Uint8Array(await thumb.arrayBuffer());
    expect(sniffImage(small)).toMatchObject({ type: "image/webp", width: VERIFICATION_THUMB_WIDTH });
    const original = new Uint8Array(
      await (await admin.client.get(`/admin/verification-files/${row.id}/0`)).arrayBuffer(),
    );
    expect(sniffImage(original)).toMatchObject({ width: 2000 });
    expect(small.byteLength).toBeLessThan(original.byteLength / 4);

    for (const who of [provider, stranger])
      expect((await who.client.get(`/admin/verification-files/${row.id}/0?size=thumb`)).status).toBe(404);
    expect((await client().get(`/admin/verification-files/${row.id}/0?size=thumb`)).status).toBe(404);
  });
});

describe("while a request waits", () => {
  it("the dashboard says 'Verification pending' instead of 'Get Verified', on the card and in the menu", async () => {
    const { provider } = await cast();
    const id = await listingOf(provider, { live: false, verified: false, firstName: "Nova" });
    const before = await pageText(await provider.client.get("/dashboard"));
    expect(before).toContain("Hidden - Get Verified");
    expect(before).toContain(">Get Verified<");
    expect(
      (await provider.client.post("/verification", { multipart: pageForm(id, "passport", true, false) })).status,
    ).toBe(303);
    const after = await pageText(await provider.client.get("/dashboard"));
    expect(after).toContain("Hidden - Verification pending");
    expect(after).toContain(">Verification pending<");
    expect(after).not.toContain(">Get Verified<");
    await env.DB.prepare("UPDATE verification_requests SET status = 'rejected', decided_at = ? WHERE listing_id = ?")
      .bind(Date.now(), id)
      .run();
    expect(await pageText(await provider.client.get("/dashboard"))).toContain("Hidden - Get Verified");
  });
});
