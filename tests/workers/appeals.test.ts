// One appeal of every refusal (docs/decisions/0064-review-times-and-appeals.md): the owner appeals a refused
// ID check from the dashboard, once; the administrator who refused cannot decide it while another can; the
// other overturns it: the request reopens (the documents are gone, so nothing is approved on the record), the owner
// is told to send new documents, and they go first in the queue. A takedown's complainant appeals by the
// link in their e-mail, and a reversal takes the content down.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { newId } from "~/platform/data/ids";
import { APPEAL_MSG } from "~/features/review-service/appeal-rules";
import { auditRows, listingOf, moderated } from "./admin-fixtures";
import { backgroundWorkDone } from "./background";
import { cast, client, requestId as sendIdRequest, signedIn } from "./client";
import { rows } from "./editor-fixtures";

const text = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");
const WHY = "The licence photo was sharp and the name matched the listing.";

async function refusedIdCheck(providerId: string, listingId: string, refusedBy: string): Promise<string> {
  const id = newId();
  await env.DB.prepare(
    "INSERT INTO verification_requests (id, kind, listing_id, user_id, status, reason, created_at, decided_at, decided_by, document_type) VALUES (?, 'id', ?, ?, 'rejected', 'The photo of the licence is blurred.', ?, ?, ?, 'nz_licence')",
  )
    .bind(id, listingId, providerId, Date.now() - 5_000, Date.now() - 1_000, refusedBy)
    .run();
  return id;
}

async function mailTo(to: string) {
  await backgroundWorkDone();
  return (
    await env.DB.prepare("SELECT subject, text_body FROM dev_outbox WHERE to_address = ? ORDER BY created_at")
      .bind(to)
      .all<{ subject: string; text_body: string }>()
  ).results;
}

describe("appealing a refused ID check", () => {
  it("once, from the dashboard; decided by another administrator, who reverses it", async () => {
    const { admin, provider, stranger } = await cast();
    const second = await signedIn({ admin: true });
    const listingId = await listingOf(provider, { verified: false, live: false, firstName: "Kim" });
    const requestId = await refusedIdCheck(provider.userId, listingId, admin.userId);

    expect(await text(await provider.client.get("/dashboard"))).toContain(`href="/appeal/id/${requestId}"`);
    expect((await stranger.client.get(`/appeal/id/${requestId}`)).status).toBe(404);
    const page = await text(await provider.client.get(`/appeal/id/${requestId}`));
    expect(page).toContain("The photo of the licence is blurred.");

    const short = await provider.client.post(`/appeal/id/${requestId}`, { form: { message: "no" } });
    expect(short.status).toBe(400);
    expect(await text(short)).toContain(APPEAL_MSG.message);
    expect((await provider.client.post(`/appeal/id/${requestId}`, { form: { message: WHY } })).status).toBe(200);
    const again = await provider.client.post(`/appeal/id/${requestId}`, { form: { message: WHY } });
    expect(again.status).toBe(409);
    expect(await text(again)).toContain(APPEAL_MSG.already);

    const [appeal] = (await env.DB.prepare("SELECT id, message FROM appeals").all<{ id: string; message: string }>())
      .results;
    expect(appeal.message).not.toContain("sharp");
    // The administrator who refused sees it but may not decide it.
    expect(await text(await admin.client.get("/admin/appeals"))).toContain('data-testid="appeal-other-admin"');
    const own = await admin.client.post("/admin/appeals", {
      form: { appealId: appeal.id, intent: "overturn", reason: "I looked again, it was fine." },
    });
    expect(own.status).toBe(409);
    expect(await text(own)).toContain(APPEAL_MSG.sameAdmin);
    const noReason = await second.client.post("/admin/appeals", { form: { appealId: appeal.id, intent: "overturn" } });
    expect(noReason.status).toBe(400);

    const res = await second.client.post("/admin/appeals", {
      form: { appealId: appeal.id, intent: "overturn", reason: "The licence is readable in the photo." },
    });
    expect(res.status).toBe(303);
    // Not approved on the record: the documents went at the first decision. The request is reopened instead.
    expect((await moderated(listingId))?.verified).toBe(0);
    const request = await env.DB.prepare(
      "SELECT status, decided_by, reopened_at FROM verification_requests WHERE id = ?",
    )
      .bind(requestId)
      .first<{ status: string; decided_by: string; reopened_at: number | null }>();
    expect(request).toMatchObject({ status: "rejected", decided_by: admin.userId });
    expect(request?.reopened_at).toBeGreaterThan(0);
    expect((await auditRows()).map((r) => [r.action, r.admin_id])).toEqual([["appeal_overturn", second.userId]]);
    const dashboard = await text(await provider.client.get("/dashboard"));
    expect(dashboard).toContain('data-testid="verification-reopened"');
    expect(dashboard).not.toContain(`href="/appeal/id/${requestId}"`);

    // The provider's new documents go first in the queue, before a request sent earlier by someone else.
    const otherListing = await listingOf(stranger, { verified: false, live: false, firstName: "Earlier" });
    expect((await sendIdRequest(stranger, otherListing)).status).toBe(201);
    expect((await sendIdRequest(provider, listingId)).status).toBe(201);
    const queued = await rows<{ listing_id: string; fast_track: number }>(
      "SELECT listing_id, fast_track FROM verification_requests WHERE status = 'pending'",
    );
    expect(queued.find((q) => q.listing_id === listingId)?.fast_track).toBe(1);
    expect(queued.find((q) => q.listing_id === otherListing)?.fast_track).toBe(0);
    const queue = await text(await second.client.get("/admin/verifications"));
    expect(queue.indexOf('data-testid="fast-track"')).toBeGreaterThan(0);
    expect(queue.indexOf("Kim")).toBeLessThan(queue.indexOf("Earlier"));
    const mail = await mailTo(provider.email);
    expect(mail.map((m) => m.subject)).toContain("Your appeal about Kim");
    expect(mail.find((m) => m.subject === "Your appeal about Kim")?.text_body).toContain(
      "your request will be first in the queue",
    );
    expect(
      (
        await second.client.post("/admin/appeals", {
          form: { appealId: appeal.id, intent: "uphold", reason: "Second thoughts here." },
        })
      ).status,
    ).toBe(409);
  });

  it("the only administrator decides the appeal of their own refusal", async () => {
    const { admin, provider } = await cast();
    const listingId = await listingOf(provider, { verified: false, live: false });
    const requestId = await refusedIdCheck(provider.userId, listingId, admin.userId);
    await provider.client.post(`/appeal/id/${requestId}`, { form: { message: WHY } });
    const [appeal] = (await env.DB.prepare("SELECT id FROM appeals").all<{ id: string }>()).results;
    const res = await admin.client.post("/admin/appeals", {
      form: { appealId: appeal.id, intent: "uphold", reason: "The licence is still blurred." },
    });
    expect(res.status).toBe(303);
    expect((await moderated(listingId))?.verified).toBe(0);
    expect((await env.DB.prepare("SELECT status FROM appeals").first<{ status: string }>())?.status).toBe("upheld");
  });
});

describe("a takedown complainant's appeal", () => {
  it("by the link in the outcome e-mail; reversing it takes the listing down", async () => {
    const { admin, provider } = await cast();
    const second = await signedIn({ admin: true });
    const listingId = await listingOf(provider, { firstName: "Lou" });
    const fd = new FormData();
    for (const [k, v] of Object.entries({
      kind: "listed",
      contact: "me@example.nz",
      details: "This is my face, I never agreed to it.",
      confirm: "yes",
    }))
      fd.set(k, v);
    expect((await client().post(`/takedown/${listingId}`, { multipart: fd })).status).toBe(200);
    const caseId = (await env.DB.prepare("SELECT id FROM takedown_cases").first<{ id: string }>())!.id;
    await admin.client.post("/admin/takedowns", {
      form: { caseId, intent: "keep_up", reason: "The owner showed a signed agreement." },
    });
    const [outcome] = await mailTo("me@example.nz");
    const link = outcome.text_body.match(/http:\/\/localhost(\/appeal\/takedown\/\S+)/)?.[1];
    expect(link).toBeTruthy();
    expect((await client().get(link!.replace(/t=[^&]+/, "t=forged"))).status).toBe(404);
    expect(
      (await client().post(link!, { form: { message: "The agreement is forged, I never signed it." } })).status,
    ).toBe(200);

    const [appeal] = (await env.DB.prepare("SELECT id, side FROM appeals").all<{ id: string; side: string }>()).results;
    expect(appeal.side).toBe("complainant");
    const res = await second.client.post("/admin/appeals", {
      form: { appealId: appeal.id, intent: "overturn", reason: "The signature does not match." },
    });
    expect(res.status).toBe(303);
    expect((await moderated(listingId))?.live).toBe(0);
    expect(
      await env.DB.prepare("SELECT outcome FROM takedown_cases WHERE id = ?").bind(caseId).first<{ outcome: string }>(),
    ).toEqual({ outcome: "taken_down" });
    expect((await auditRows()).map((r) => r.action)).toEqual(["takedown_keep", "appeal_overturn"]);
  });
});
