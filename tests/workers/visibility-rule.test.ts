// One rule for when a listing is public (app/features/listings/visibility.ts): its SQL and the database's
// guard agree with it on every combination of inputs, and the journeys that change an input follow it: an
// approved, paid listing goes live without its owner touching anything, and hears of each decision.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { isPublic } from "~/features/listings/visibility";
import type { VisibilityInputs } from "~/features/listings/visibility";
import { visibilitySet } from "~/features/listings/visibility.server";
import { getDb, schema } from "~/platform/data/db.server";
import { notificationRequest } from "~/dev/test-gateway-signature.server";
import { waitForMail } from "./auth-fixtures";
import { client, requestId, signedIn } from "./client";
import type { SignedIn } from "./client";
import { insertListing } from "./fixtures";

const KEYS = [
  "verified",
  "paid",
  "paused",
  "stale",
  "switchedOff",
  "awaitingConsent",
  "agencyHeld",
  "numberHeld",
] as const;
const everyCombination = () =>
  Array.from({ length: 1 << KEYS.length }, (_, bits) =>
    Object.fromEntries(KEYS.map((k, i) => [k, Boolean(bits & (1 << i))])),
  ) as VisibilityInputs[];

const l = schema.listings;

async function listingWith(inputs: VisibilityInputs): Promise<string> {
  const id = await insertListing({ live: false, verified: false, subscription: "none" });
  await env.DB.prepare(
    "UPDATE listings SET verified = ?, paid = ?, paused_at = ?, hidden_as_stale = ?, switched_off = ?, awaiting_consent = ?, agency_held = ?, number_held = ? WHERE id = ?",
  )
    .bind(
      +inputs.verified,
      +inputs.paid,
      inputs.paused ? Date.now() : null,
      +inputs.stale,
      +inputs.switchedOff,
      +inputs.awaitingConsent,
      +inputs.agencyHeld,
      +inputs.numberHeld,
      id,
    )
    .run();
  return id;
}

const state = (id: string) =>
  env.DB.prepare("SELECT live, verified, paid, switched_off, active FROM listings WHERE id = ?")
    .bind(id)
    .first<{ live: number; verified: number; paid: number; switched_off: number; active: number }>();

describe("the rule, its SQL and the database's guard", () => {
  it("the SQL writes live exactly when the rule says public, for all 256 combinations", async () => {
    for (const inputs of everyCombination()) {
      const id = await listingWith(inputs);
      await getDb(env).update(l).set(visibilitySet({}, Date.now())).where(eq(l.id, id));
      expect((await state(id))!.live, JSON.stringify(inputs)).toBe(isPublic(inputs) ? 1 : 0);
    }
  });

  it("a change passed to the SQL counts as its new value within the same UPDATE", async () => {
    const hidden = {
      verified: true,
      paid: false,
      paused: false,
      stale: false,
      switchedOff: false,
      awaitingConsent: false,
      agencyHeld: false,
      numberHeld: false,
    };
    const id = await listingWith(hidden);
    await getDb(env)
      .update(l)
      .set(visibilitySet({ paid: true }, Date.now()))
      .where(eq(l.id, id));
    expect(await state(id)).toMatchObject({ live: 1, paid: 1 });
    await getDb(env)
      .update(l)
      .set(visibilitySet({ switchedOff: true }, Date.now()))
      .where(eq(l.id, id));
    expect(await state(id)).toMatchObject({ live: 0, switched_off: 1 });
  });

  it("the database refuses live on a listing the rule hides, whoever writes it", async () => {
    for (const inputs of everyCombination()) {
      const id = await listingWith(inputs);
      const write = env.DB.prepare("UPDATE listings SET live = 1 WHERE id = ?").bind(id).run();
      if (isPublic(inputs)) await expect(write).resolves.toBeTruthy();
      else await expect(write, JSON.stringify(inputs)).rejects.toThrow(/listing_not_public/);
    }
  });

  it("nor can an input change leave a live listing live when it should hide it", async () => {
    const id = await listingWith({
      verified: true,
      paid: true,
      paused: false,
      stale: false,
      switchedOff: false,
      awaitingConsent: false,
      agencyHeld: false,
      numberHeld: false,
    });
    await env.DB.prepare("UPDATE listings SET live = 1 WHERE id = ?").bind(id).run();
    await expect(env.DB.prepare("UPDATE listings SET paid = 0 WHERE id = ?").bind(id).run()).rejects.toThrow(
      /listing_not_public/,
    );
    expect((await state(id))!.live).toBe(1);
  });

  it("going out of sight ends 'Active Now'", async () => {
    const id = await insertListing({ active: true, activeUntil: Date.now() + 3_600_000 });
    await getDb(env)
      .update(l)
      .set(visibilitySet({ switchedOff: true }, Date.now()))
      .where(eq(l.id, id));
    expect(await state(id)).toMatchObject({ live: 0, active: 0 });
  });
});

// ---------------------------------------------------------------------------------------------------
// Journeys

const ORIGIN = "http://localhost";

async function payFor(owner: SignedIn, listingId: string) {
  const res = await owner.client.post("/subscriptions", { form: { tier: "standard", listingId } });
  expect(res.status).toBe(303);
  const reference = decodeURIComponent(/\/dev\/gateway\/checkout\/([^?]+)\?t=/.exec(res.headers.get("Location")!)![1]);
  const { amount_cents } = (await env.DB.prepare("SELECT amount_cents FROM payments WHERE id = ?")
    .bind(reference)
    .first<{ amount_cents: number }>())!;
  const notice = await notificationRequest(
    `${ORIGIN}/api/payments/notify`,
    {
      eventId: `evt_${crypto.randomUUID()}`,
      kind: "payment_succeeded",
      reference,
      providerRef: `tgc_${reference}`,
      amountCents: amount_cents,
      currency: "NZD",
      methodRef: `tgm_ok_${crypto.randomUUID()}`,
      occurredAt: Date.now(),
    },
    Date.now(),
  );
  const body = await notice.text();
  const paid = await client().post(
    "/api/payments/notify",
    { raw: body, type: "application/json" },
    { headers: { "Test-Gateway-Signature": notice.headers.get("Test-Gateway-Signature")! } },
  );
  expect(paid.status, await paid.clone().text()).toBeLessThan(300);
}

async function pendingIdRequest(owner: SignedIn, listingId: string): Promise<string> {
  expect((await requestId(owner, listingId)).status).toBe(201);
  const row = await env.DB.prepare("SELECT id FROM verification_requests WHERE listing_id = ? AND status = 'pending'")
    .bind(listingId)
    .first<{ id: string }>();
  return row!.id;
}

const decide = (admin: SignedIn, requestId: string, intent: "approve" | "reject", reason = "") =>
  admin.client.post("/admin/verifications", { form: { intent, requestId, reason } });

async function newProvider() {
  const owner = await signedIn({ firstName: "Mia" });
  const listingId = await insertListing({
    userId: owner.userId,
    firstName: "Ruby",
    live: false,
    verified: false,
    subscription: "none",
  });
  return { owner, listingId, admin: await signedIn({ admin: true }) };
}

describe("approved and paid means live", () => {
  it("paid first, then approved in the admin screen: live at once, and the owner is told by e-mail and on the dashboard", async () => {
    const { owner, listingId, admin } = await newProvider();
    await payFor(owner, listingId);
    expect(await state(listingId)).toMatchObject({ paid: 1, live: 0 });
    const request = await pendingIdRequest(owner, listingId);

    expect((await decide(admin, request, "approve")).status).toBe(303);
    expect(await state(listingId)).toMatchObject({ verified: 1, live: 1 });
    const mail = await waitForMail(owner.email, "Your ID verification request was approved");
    expect(mail.text_body).toContain("It is live now");
    const html = (await (await owner.client.get("/dashboard")).text()).replace(/<!-- -->/g, "");
    expect(html).toContain("ID verification for Ruby was approved.");
    // What the card's tick means, and where to get it.
    expect(html).toMatch(
      /means its photos are verified, a separate check: send them from <a[^>]*href="\/photo-verification">Verify Photos</,
    );
    expect(html).toContain('data-testid="listing-badge">LIVE<');
    // And visitors find it.
    expect((await client().get(`/api/model/${listingId}`)).status).toBe(200);
  });

  it("approved first: the badge and the e-mail say to choose a plan, and paying puts it live", async () => {
    const { owner, listingId, admin } = await newProvider();
    const request = await pendingIdRequest(owner, listingId);
    expect((await decide(admin, request, "approve")).status).toBe(303);
    expect(await state(listingId)).toMatchObject({ verified: 1, live: 0 });
    expect((await waitForMail(owner.email, "approved")).text_body).toContain("Choose a plan");
    expect(await (await owner.client.get("/dashboard")).text()).toContain("Hidden - Choose a plan");

    await payFor(owner, listingId);
    expect(await state(listingId)).toMatchObject({ paid: 1, live: 1 });
  });

  it("a refusal is e-mailed with its reason and changes nothing public", async () => {
    const { owner, listingId, admin } = await newProvider();
    await payFor(owner, listingId);
    const request = await pendingIdRequest(owner, listingId);
    expect((await decide(admin, request, "reject", "The licence photo is too blurred to read.")).status).toBe(303);
    const mail = await waitForMail(owner.email, "not approved");
    expect(mail.text_body).toContain("Reason: The licence photo is too blurred to read.");
    expect(await state(listingId)).toMatchObject({ verified: 0, live: 0 });
  });

  it("an owner who switched the listing off keeps it off through approval and payment", async () => {
    const { owner, listingId, admin } = await newProvider();
    await env.DB.prepare("UPDATE listings SET switched_off = 1 WHERE id = ?").bind(listingId).run();
    await payFor(owner, listingId);
    const request = await pendingIdRequest(owner, listingId);
    expect((await decide(admin, request, "approve")).status).toBe(303);
    expect(await state(listingId)).toMatchObject({ verified: 1, paid: 1, live: 0 });
    expect((await waitForMail(owner.email, "approved")).text_body).toContain("switch Live on");
    // Their own switch brings it out.
    const res = await owner.client.put(`/api/profiles/${listingId}/live`, { json: { live: true } });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await state(listingId)).toMatchObject({ live: 1, switched_off: 0 });
  });

  it("an administrator's Unverify then Verify brings a paid listing back without the owner", async () => {
    const owner = await signedIn();
    const admin = await signedIn({ admin: true });
    const listingId = await insertListing({ userId: owner.userId });
    const put = (verify: boolean) => admin.client.put(`/api/admin/profiles/${listingId}/verify`, { json: { verify } });
    expect((await put(false)).status).toBe(200);
    expect(await state(listingId)).toMatchObject({ verified: 0, live: 0 });
    const back = await put(true);
    expect(back.status).toBe(200);
    expect(await back.json()).toMatchObject({ verified: true, live: true });
    expect(await state(listingId)).toMatchObject({ verified: 1, live: 1 });
  });
});
