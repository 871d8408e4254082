// An agency's own details and the check of its operator certificate (docs/decisions/0058-worker-consent-and-agency-checks.md):
// until an administrator has checked it, an agency can prepare listings but publish none; a suspension hides
// them all at once; each action is audited; bad details are refused beside their fields with nothing written.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { client, createListingVia, signedIn } from "./client";
import type { SignedIn } from "./client";
import { insertSubscription } from "./fixtures";
import { remindExpiringCertificates } from "~/features/agencies/agency-overview.server";

const details = (over: Record<string, string | string[]> = {}) => ({
  intent: "agency",
  name: "Harbour Agency",
  regions: "Auckland",
  description: "A small agency.",
  contactLine: "Text us",
  openingHours: "10 am to 2 am",
  certificateMode: "certificate",
  certificateNumber: "OC-2025-0142",
  certificateExpires: "2099-06-30",
  ...over,
});

const row = async (id: string) =>
  (await env.DB.prepare("SELECT live, agency_held, awaiting_consent FROM listings WHERE id = ?")
    .bind(id)
    .first<{ live: number; agency_held: number; awaiting_consent: number }>())!;

/** A listing approved, paid and agreed to by its worker: only the agency's standing can hide it. */
async function readyListing(agency: SignedIn) {
  const id = await createListingVia(agency);
  await insertSubscription(id, agency.userId, { plan: "standard", now: Date.now() });
  await env.DB.prepare(
    "INSERT INTO worker_consents (listing_id, email, state, asked_at, decided_at, agreed_name, agreed_image_ids) VALUES (?, 'w@example.nz', 'agreed', 0, 0, 'x', '[]')",
  )
    .bind(id)
    .run();
  await env.DB.prepare("UPDATE listings SET verified = 1, paid = 1, awaiting_consent = 0 WHERE id = ?").bind(id).run();
  return id;
}

const adminAct = (admin: SignedIn, userId: string, intent: string) =>
  admin.client.post("/admin/agencies", { form: { intent, userId } });

describe("an agency's certificate", () => {
  it("bad details are refused beside their fields and nothing is written", async () => {
    const agency = await signedIn({ agency: true });
    const res = await agency.client.post("/dashboard", {
      form: details({ name: "H", regions: "Atlantis", certificateNumber: "!", certificateExpires: "2001-01-01" }),
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Enter the agency&#x27;s name");
    expect(html).toContain('data-testid="agency-regions-error"');
    expect(html).toContain('data-testid="agency-number-error"');
    expect(html).toContain('data-testid="agency-expiry-error"');
    const n = await env.DB.prepare("SELECT count(*) AS n FROM agencies WHERE user_id = ?")
      .bind(agency.userId)
      .first<{ n: number }>();
    expect(n!.n).toBe(0);
    // An independent has no agency details.
    const indie = await signedIn();
    expect((await indie.client.post("/dashboard", { form: details() })).status).toBe(403);
  });

  it("until it is checked the agency publishes nothing; the check puts ready listings live; a suspension hides them", async () => {
    const agency = await signedIn({ agency: true });
    const admin = await signedIn({ admin: true });
    const id = await readyListing(agency);
    expect(await row(id)).toMatchObject({ live: 0, agency_held: 1 });
    // Nothing to check yet: no details given.
    expect((await adminAct(admin, agency.userId, "check")).status).toBe(404);

    expect((await agency.client.post("/dashboard", { form: details() })).status).toBe(200);
    expect(await row(id)).toMatchObject({ live: 0, agency_held: 1 });
    // Only administrators.
    expect((await adminAct(agency, agency.userId, "check")).status).toBe(404);

    const page = await (await admin.client.get("/admin/agencies")).text();
    expect(page).toContain("OC-2025-0142");
    expect(page).toContain("Not checked.");
    expect((await adminAct(admin, agency.userId, "check")).status).toBe(200);
    expect(await row(id)).toMatchObject({ live: 1, agency_held: 0 });
    expect((await client().get(`/view/${id}`)).status).toBe(200);

    expect((await adminAct(admin, agency.userId, "suspend")).status).toBe(200);
    expect(await row(id)).toMatchObject({ live: 0, agency_held: 1 });
    expect((await client().get(`/view/${id}`)).status).toBe(404);
    expect((await adminAct(admin, agency.userId, "suspend")).status).toBe(409);
    expect((await adminAct(admin, agency.userId, "lift")).status).toBe(200);
    expect(await row(id)).toMatchObject({ live: 1, agency_held: 0 });

    const audit = await env.DB.prepare("SELECT action FROM admin_audit WHERE admin_id = ? ORDER BY created_at")
      .bind(admin.userId)
      .all<{ action: string }>();
    expect(audit.results.map((r) => r.action)).toEqual(["agency_certificate_checked", "agency_suspend", "agency_lift"]);

    // A new certificate needs a new check: the listings are held again at once.
    expect(
      (await agency.client.post("/dashboard", { form: details({ certificateNumber: "OC-2026-0001" }) })).status,
    ).toBe(200);
    expect(await row(id)).toMatchObject({ live: 0, agency_held: 1 });
    // Other details do not.
    expect((await adminAct(admin, agency.userId, "check")).status).toBe(200);
    expect(
      (
        await agency.client.post("/dashboard", {
          form: details({ certificateNumber: "OC-2026-0001", description: "Now on the waterfront." }),
        })
      ).status,
    ).toBe(200);
    expect(await row(id)).toMatchObject({ live: 1, agency_held: 0 });
  });

  it("a listing an unchecked agency prepares is held from the start; a checked agency's is not", async () => {
    const agency = await signedIn({ agency: true });
    const first = await createListingVia(agency);
    expect(await row(first)).toMatchObject({ agency_held: 1, awaiting_consent: 1 });
    await env.DB.prepare(
      "INSERT INTO agencies (user_id, name, certificate_number, certificate_expires, certificate_checked_at, updated_at) VALUES (?, 'A', 'OC-9', '2099-01-01', 1, 1)",
    )
      .bind(agency.userId)
      .run();
    const second = await createListingVia(agency);
    expect(await row(second)).toMatchObject({ agency_held: 0, awaiting_consent: 1 });
    const indie = await signedIn();
    expect(await row(await createListingVia(indie))).toMatchObject({ agency_held: 0, awaiting_consent: 0 });
  });

  it("the owner is reminded once, 30 days before the certificate expires", async () => {
    const agency = await signedIn({ agency: true });
    const now = Date.now();
    const soon = new Date(now + 20 * 86_400_000).toISOString().slice(0, 10);
    await env.DB.prepare(
      "INSERT INTO agencies (user_id, name, certificate_number, certificate_expires, updated_at) VALUES (?, 'Soon Agency', 'OC-7', ?, 1)",
    )
      .bind(agency.userId, soon)
      .run();
    await remindExpiringCertificates(env, "http://localhost", now);
    await remindExpiringCertificates(env, "http://localhost", now);
    const mails = await env.DB.prepare(
      "SELECT count(*) AS n FROM dev_outbox WHERE to_address = ? AND subject LIKE '%certificate expires%'",
    )
      .bind(agency.email)
      .first<{ n: number }>();
    expect(mails!.n).toBe(1);
  });
});
