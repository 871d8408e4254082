// One contact number, one account (docs/decisions/0062-one-number-one-account.md): an edit that sets a number
// already on another account's listing keeps the listing's previous number, holds the new one in the
// side-by-side queue, and an administrator releases it, removes it or takes it down as impersonation.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { snapshotKey } from "~/features/profile/profile.server";
import { HELD_NUMBER_TEXT } from "~/features/verification/verification";
import { NUMBER_HELD_TEXT } from "~/features/listings/owner-steps";
import { client, createListingVia, signedIn } from "./client";
import type { SignedIn } from "./client";
import { countRows, rows, saveForm, validValues } from "./editor-fixtures";
import { backgroundWorkDone } from "./background";

const admin = () => signedIn({ admin: true, agency: true });

async function publish(id: string) {
  await env.DB.prepare(
    "UPDATE listings SET awaiting_consent = 0, agency_held = 0, verified = 1, paid = 1, live = 1 WHERE id = ?",
  )
    .bind(id)
    .run();
}

/** Saves `id` again with `contactPhone`; keeps its photos. */
async function saveNumber(as: SignedIn, id: string, contactPhone: string) {
  const images = await rows<{ id: string; position: number }>(
    "SELECT id, position FROM listing_images WHERE listing_id = ? ORDER BY position",
    id,
  );
  const body = saveForm(validValues({ contactPhone }), {
    listingId: id,
    imagePositions: images.map((img) => ({ imageId: img.id, position: img.position })),
  });
  const res = await as.client.put("/api/profile", { multipart: body });
  expect(res.status, await res.clone().text()).toBe(200);
  await backgroundWorkDone();
  return (await res.json()) as { contactPhone: string };
}

const phoneOf = async (id: string) =>
  (await rows<{ contact_phone: string }>("SELECT contact_phone FROM listings WHERE id = ?", id))[0].contact_phone;

/** Another account's listing has 022 555 0101; this account's live listing has 021 999 8888 and asks for it. */
async function heldNumber(other = "022 555 0101", own = "021 999 8888") {
  const first = await signedIn();
  const original = await createListingVia(first, { contactPhone: other });
  const later = await signedIn();
  const id = await createListingVia(later, { contactPhone: own });
  await publish(id);
  await backgroundWorkDone();
  // The same number written another way ("+64 22 555 0101" is stored as 64225550101).
  const answer = await saveNumber(later, id, `+64 ${other.slice(1)}`);
  const [review] = await rows<{ id: string; listing_id: string; other_listing_id: string; held_phone: string }>(
    "SELECT id, listing_id, other_listing_id, held_phone FROM identity_reviews WHERE kind = 'phone' AND status = 'pending'",
  );
  return { first, original, later, id, answer, review };
}

describe("a contact number on another account's listing is held", () => {
  it("keeps the previous number everywhere public and tells the owner", async () => {
    const { first, original, later, id, answer, review } = await heldNumber();
    expect(review).toMatchObject({ listing_id: id, other_listing_id: original, held_phone: "64225550101" });
    expect(await phoneOf(id)).toBe("0219998888");
    expect(answer.contactPhone).toBe("0219998888");
    const snapshot = (await env.PROFILES.get(snapshotKey(id))) ?? "";
    expect(snapshot).toContain("0219998888");
    expect(snapshot).not.toContain("64225550101");
    const json = await (await client().get(`/api/model/${id}`)).text();
    expect(json).toContain("0219998888");
    expect(json).not.toContain("5550101");
    expect(await (await later.client.get("/dashboard")).text()).toContain(
      "this number is on another account&#x27;s listing",
    );
    expect(await (await first.client.get("/dashboard")).text()).not.toContain("this number is on another account");
    expect(HELD_NUMBER_TEXT).toBe("Under review: this number is on another account's listing");
    // Saving the same change again adds no second item.
    await saveNumber(later, id, "+64 22 555 0101");
    expect(await countRows("identity_reviews", "kind = 'phone'")).toBe(1);
  });

  it("never holds a number the same account already uses, nor an unchanged one", async () => {
    const agency = await signedIn({ agency: true });
    const one = await createListingVia(agency, { contactPhone: "022 555 0202" });
    const two = await createListingVia(agency, { contactPhone: "021 777 6666" });
    await saveNumber(agency, two, "0225550202");
    expect(await phoneOf(two)).toBe("0225550202");
    await saveNumber(agency, one, "022 555 0202");
    expect(await countRows("identity_reviews")).toBe(0);
  });

  it("shows both listings side by side to an administrator, and release applies the number", async () => {
    const { later, id, original, review } = await heldNumber();
    expect((await later.client.get("/admin/matches")).status).toBe(404);
    const boss = await admin();
    const page = await (await boss.client.get("/admin/matches")).text();
    expect((page.match(/data-testid="match-item"/g) ?? []).length).toBe(1);
    expect(page).toContain(id);
    expect(page).toContain(original);
    expect((page.match(/data-testid="match-phone"/g) ?? []).length).toBe(2);

    const res = await boss.client.post("/admin/matches", { form: { intent: "release", reviewId: review.id } });
    expect(res.status).toBe(303);
    await backgroundWorkDone();
    expect(await phoneOf(id)).toBe("64225550101");
    expect((await env.PROFILES.get(snapshotKey(id))) ?? "").toContain("64225550101");
    expect(await countRows("identity_reviews", "status = 'released'")).toBe(1);
    expect(await countRows("admin_audit", "action = 'match_release' AND listing_id = ?", id)).toBe(1);
    expect(await (await later.client.get("/dashboard")).text()).not.toContain("this number is on another account");
    const again = await boss.client.post("/admin/matches", { form: { intent: "remove", reviewId: review.id } });
    expect(again.status).toBe(404);
  });

  it("remove and impersonation drop the change and are on the audit log", async () => {
    const boss = await admin();
    const a = await heldNumber();
    expect(
      (await boss.client.post("/admin/matches", { form: { intent: "remove", reviewId: a.review.id } })).status,
    ).toBe(303);
    expect(await phoneOf(a.id)).toBe("0219998888");
    expect(await countRows("admin_audit", "action = 'match_remove' AND listing_id = ?", a.id)).toBe(1);

    const b = await heldNumber("022 555 0111", "021 999 7777");
    expect(
      (await boss.client.post("/admin/matches", { form: { intent: "impersonation", reviewId: b.review.id } })).status,
    ).toBe(303);
    expect(await phoneOf(b.id)).toBe("0219997777");
    expect(await countRows("identity_reviews", "status = 'impersonation'")).toBe(1);
    expect(await countRows("admin_audit", "action = 'match_impersonation' AND listing_id = ?", b.id)).toBe(1);
  });
});

describe("a new listing whose number is on another account's listing", () => {
  const numberHeld = async (id: string) =>
    (await rows<{ number_held: number; live: number }>("SELECT number_held, live FROM listings WHERE id = ?", id))[0];

  it("is held as a whole, in the queue, and its owner is told what waits", async () => {
    const first = await signedIn();
    const original = await createListingVia(first, { contactPhone: "022 555 0303" });
    expect(await numberHeld(original)).toEqual({ number_held: 0, live: 0 });
    const later = await signedIn();
    const id = await createListingVia(later, { contactPhone: "+64 22 555 0303" });
    expect((await numberHeld(id)).number_held).toBe(1);
    const [review] = await rows<Record<string, unknown>>(
      "SELECT id, kind, listing_id, other_listing_id, held_phone, status FROM identity_reviews",
    );
    expect(review).toMatchObject({ kind: "phone", listing_id: id, other_listing_id: original, status: "pending" });
    // The database refuses to show it while it is held, whatever else is done.
    await expect(publish(id)).rejects.toThrow(/listing_not_public/);
    // Verified and paid, it is hidden for its number alone, and its owner is told so.
    await env.DB.prepare("UPDATE listings SET verified = 1, paid = 1 WHERE id = ?").bind(id).run();
    const html = (await (await later.client.get("/dashboard")).text()).replace(/&#x27;/g, "'");
    expect(html).toContain("Hidden - Number under review");
    expect(html).toContain(NUMBER_HELD_TEXT);
    expect(html).toContain(HELD_NUMBER_TEXT);

    // Released, it follows the rule again (here: verified and paid, so it goes live).
    const boss = await admin();
    const res = await boss.client.post("/admin/matches", {
      form: { intent: "release", reviewId: review.id as string },
    });
    expect(res.status).toBe(303);
    expect(await numberHeld(id)).toEqual({ number_held: 0, live: 1 });
  });

  it("stays held when the number is removed, until its owner changes it to one nobody else has", async () => {
    const first = await signedIn();
    await createListingVia(first, { contactPhone: "022 555 0404" });
    const later = await signedIn();
    const id = await createListingVia(later, { contactPhone: "022 555 0404" });
    const [review] = await rows<{ id: string }>("SELECT id FROM identity_reviews");
    await env.DB.prepare("UPDATE listings SET verified = 1, paid = 1 WHERE id = ?").bind(id).run();
    const boss = await admin();
    expect((await boss.client.post("/admin/matches", { form: { intent: "remove", reviewId: review.id } })).status).toBe(
      303,
    );
    expect(await numberHeld(id)).toEqual({ number_held: 1, live: 0 });
    await saveNumber(later, id, "021 444 0404");
    expect(await numberHeld(id)).toEqual({ number_held: 0, live: 1 });
  });

  it("lets an agency's own listings share its line", async () => {
    const agency = await signedIn({ agency: true });
    const one = await createListingVia(agency, { contactPhone: "09 555 0505" });
    const two = await createListingVia(agency, { contactPhone: "09 555 0505" });
    expect((await numberHeld(one)).number_held).toBe(0);
    expect((await numberHeld(two)).number_held).toBe(0);
    expect(await countRows("identity_reviews")).toBe(0);
  });

  it("holds one of two accounts that save the same new listing's number at the same moment", async () => {
    const [a, b] = [await signedIn(), await signedIn()];
    const ids = await Promise.all([
      createListingVia(a, { contactPhone: "022 555 0606" }),
      createListingVia(b, { contactPhone: "022 555 0606" }),
    ]);
    const held = await Promise.all(ids.map(async (id) => (await numberHeld(id)).number_held));
    expect(held.sort()).toEqual([0, 1]);
    expect(await countRows("identity_reviews", "kind = 'phone' AND status = 'pending'")).toBe(1);
  });

  it("keeps back an edit's number that another account saved at the same moment", async () => {
    const [a, b] = [await signedIn(), await signedIn()];
    const one = await createListingVia(a, { contactPhone: "021 100 0707" });
    const two = await createListingVia(b, { contactPhone: "021 200 0707" });
    await Promise.all([saveNumber(a, one, "022 555 0707"), saveNumber(b, two, "022 555 0707")]);
    const phones = [await phoneOf(one), await phoneOf(two)];
    expect(phones.filter((p) => p === "0225550707")).toHaveLength(1);
    expect(
      await countRows("identity_reviews", "kind = 'phone' AND status = 'pending' AND held_phone = '0225550707'"),
    ).toBe(1);
  });
});
