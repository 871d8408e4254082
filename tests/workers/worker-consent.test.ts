// A worker's own consent to an agency listing (docs/decisions/0058-worker-consent-and-agency-checks.md): the
// agency gives her address, she decides through a link that needs no account; agreeing publishes exactly what
// she saw, withdrawing hides it at once and tells the agency without a reason; a new name or most photos new
// asks her again; bad input is refused beside its field with nothing written; the address goes with the listing.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { client, createListingVia, signedIn } from "./client";
import type { SignedIn } from "./client";
import { insertSubscription } from "./fixtures";
import { saveForm, validValues } from "./editor-fixtures";
import { backgroundWorkDone } from "./background";

type ListingRow = {
  live: number;
  awaiting_consent: number;
  agency_held: number;
  first_name: string;
  updated_at: number;
};
const listingRow = async (id: string) =>
  (await env.DB.prepare("SELECT live, awaiting_consent, agency_held, first_name, updated_at FROM listings WHERE id = ?")
    .bind(id)
    .first<ListingRow>())!;
const consentRow = (id: string) =>
  env.DB.prepare("SELECT * FROM worker_consents WHERE listing_id = ?").bind(id).first<{
    state: string;
    email: string;
    token_hash: string | null;
    agreed_name: string | null;
    ask_reason: string;
  }>();

/** An agency whose certificate an administrator has checked. */
async function checkedAgency(): Promise<SignedIn> {
  const agency = await signedIn({ agency: true, firstName: "Harbour Agency" });
  await env.DB.prepare(
    "INSERT INTO agencies (user_id, name, certificate_number, certificate_expires, certificate_checked_at, updated_at) VALUES (?, 'Harbour Agency', 'OC-1', '2099-01-01', ?, ?)",
  )
    .bind(agency.userId, Date.now(), Date.now())
    .run();
  return agency;
}

/** An agency listing made through the editor, approved and paid: only its worker's consent hides it. */
async function approvedListing(agency: SignedIn, firstName = "Sienna") {
  const id = await createListingVia(agency, { firstName });
  await insertSubscription(id, agency.userId, { plan: "standard", now: Date.now() });
  await env.DB.prepare("UPDATE listings SET verified = 1, paid = 1 WHERE id = ?").bind(id).run();
  return id;
}

async function linkIn(to: string, nth = 0): Promise<string> {
  for (let i = 0; i < 40; i++) {
    const rows = (
      await env.DB.prepare(
        "SELECT text_body FROM dev_outbox WHERE to_address = ? AND subject LIKE '%asks you to agree%' ORDER BY created_at DESC",
      )
        .bind(to)
        .all<{ text_body: string }>()
    ).results;
    const match = rows[nth] && /\/consent\/[A-Za-z0-9_-]{43}/.exec(rows[nth].text_body);
    if (match) return match[0];
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no consent link mailed to ${to}`);
}

async function mailsTo(to: string, subjectPart: string): Promise<number> {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM dev_outbox WHERE to_address = ? AND subject LIKE ?")
    .bind(to, `%${subjectPart}%`)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

const ask = (agency: SignedIn, id: string, email: string, onAgencyPage = true) =>
  agency.client.post("/dashboard", {
    form: { intent: "consent", listingId: id, email, ...(onAgencyPage ? { onAgencyPage: "yes" } : {}), js: "1" },
  });

const decide = (link: string, decision: string, seen: number, extra: Record<string, string> = {}) =>
  client().post(link, { form: { decision, seen: String(seen), ...extra } });

let n = 0;
const workerEmail = () => `worker-${Date.now()}-${++n}@example.nz`;

describe("a worker's consent", () => {
  it("an agency listing waits for her: approved and paid, it stays hidden until she agrees", async () => {
    const agency = await checkedAgency();
    const id = await approvedListing(agency);
    expect(await listingRow(id)).toMatchObject({ live: 0, awaiting_consent: 1, agency_held: 0 });
    // Nothing public.
    expect((await client().get(`/view/${id}`)).status).toBe(404);
    // Its card's checklist says what it still needs: her consent, not a wrong 'public'
    // (app/features/listings/owner-steps.ts).
    const card = await (await agency.client.get("/dashboard")).text();
    expect(card).toContain("Steps to go live for Sienna");
    expect(card).toContain('data-testid="setup-step-consent" data-state="waiting"');
    expect(card).toContain("Its worker&#x27;s own consent, through the link e-mailed to her.");
    expect(card).not.toContain("operator certificate: it is under review");
  });

  it("bad input is refused beside its field and writes nothing", async () => {
    const agency = await checkedAgency();
    const id = await approvedListing(agency);
    for (const email of ["", "not-an-address", `${"x".repeat(250)}@example.nz`]) {
      const res = await ask(agency, id, email);
      expect(res.status, email).toBe(400);
      // Beside its field on that listing's card.
      const html = await res.text();
      expect(html).toMatch(
        /data-testid="worker-email-error"[^>]*>[^<]*(<[^>]+>)*Enter the worker&#x27;s own e-mail address/,
      );
    }
    // The agency's own address is not hers.
    const own = await ask(agency, id, agency.email);
    expect(own.status).toBe(400);
    expect(await own.text()).toContain("not the agency&#x27;s");
    // Another agency's listing, or an independent's, is not theirs to ask about.
    const stranger = await signedIn({ agency: true });
    expect((await ask(stranger, id, workerEmail())).status).toBe(403);
    expect(await consentRow(id)).toBeNull();
    expect(await listingRow(id)).toMatchObject({ live: 0, awaiting_consent: 1 });
  });

  it("her link shows exactly what would be published and changes nothing; agreeing publishes it", async () => {
    const agency = await checkedAgency();
    const id = await approvedListing(agency, "Jade");
    const email = workerEmail();
    const asked = await ask(agency, id, email);
    expect(asked.status).toBe(200);
    expect(await consentRow(id)).toMatchObject({ state: "asked", email });
    const link = await linkIn(email);

    const page = await client().get(link);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("no-store");
    expect(page.headers.get("Referrer-Policy")).toBe("strict-origin");
    const html = await page.text();
    expect(html).toContain("Do you agree to this listing?");
    expect(html).toContain("Jade");
    expect(html).toContain("Harbour Agency");
    expect(html).toContain("021 234 5678".slice(0, 3));
    expect((await consentRow(id))!.state).toBe("asked");

    const { updated_at: seen } = await listingRow(id);
    // An agreement to a version she was not shown publishes nothing.
    const stale = await decide(link, "agree", seen - 1);
    expect(stale.status).toBe(409);
    expect(await listingRow(id)).toMatchObject({ live: 0, awaiting_consent: 1 });

    const agreed = await decide(link, "agree", seen, { onAgencyPage: "yes" });
    expect(agreed.status).toBe(200);
    expect(await listingRow(id)).toMatchObject({ live: 1, awaiting_consent: 0 });
    expect(await consentRow(id)).toMatchObject({ state: "agreed", agreed_name: "Jade" });
    expect((await client().get(`/view/${id}`)).status).toBe(200);
    // Agreeing twice is told, and changes nothing.
    expect((await decide(link, "agree", seen)).status).toBe(409);
  });

  it("withdrawing hides it at once, from the page, the JSON and the snapshot, and the agency is told without a reason", async () => {
    const agency = await checkedAgency();
    const id = await approvedListing(agency, "Scarlett");
    const email = workerEmail();
    await ask(agency, id, email);
    const link = await linkIn(email);
    await decide(link, "agree", (await listingRow(id)).updated_at);
    expect((await client().get(`/view/${id}`)).status).toBe(200);
    expect((await client().get(`/api/model/${id}`)).status).toBe(200);

    const withdrawn = await decide(link, "withdraw", 0);
    expect(withdrawn.status).toBe(200);
    expect(await listingRow(id)).toMatchObject({ live: 0, awaiting_consent: 1 });
    expect((await consentRow(id))!.state).toBe("withdrawn");
    // At once: the next request, cached or not, no longer shows it.
    expect((await client().get(`/view/${id}`)).status).toBe(404);
    expect((await client().get(`/api/model/${id}`)).status).toBe(404);
    const grid = await (await client().get("/api/grid?location=Auckland")).text();
    expect(grid).not.toContain(id);
    await backgroundWorkDone();
    const told = await env.DB.prepare(
      "SELECT text_body FROM dev_outbox WHERE to_address = ? AND subject LIKE '%not agreed by the worker%'",
    )
      .bind(agency.email)
      .first<{ text_body: string }>();
    expect(told?.text_body).toContain("withdrew her consent");
    // The same link still works: she can change her mind again.
    const page = await (await client().get(link)).text();
    expect(page).toContain("You withdrew your consent");
  });

  it("declining keeps it hidden and tells the agency; a made-up link is refused", async () => {
    const agency = await checkedAgency();
    const id = await approvedListing(agency);
    const email = workerEmail();
    await ask(agency, id, email);
    const link = await linkIn(email);
    expect((await decide(link, "withdraw", 0)).status).toBe(409);
    expect((await decide(link, "decline", 0)).status).toBe(200);
    expect((await consentRow(id))!.state).toBe("declined");
    expect((await listingRow(id)).live).toBe(0);
    await backgroundWorkDone();
    expect(await mailsTo(agency.email, "not agreed by the worker")).toBe(1);
    expect((await client().get(`/consent/${"A".repeat(43)}`)).status).toBe(404);
    expect((await decide(`/consent/${"A".repeat(43)}`, "agree", 0)).status).toBe(404);
    expect((await decide(link, "sideways", 0)).status).toBe(400);
  });

  it("a new name or most photos new asks her again: hidden at once, a new link, the old one dead", async () => {
    const agency = await checkedAgency();
    const id = await approvedListing(agency, "Coco");
    const email = workerEmail();
    await ask(agency, id, email);
    const first = await linkIn(email);
    await decide(first, "agree", (await listingRow(id)).updated_at);
    expect((await listingRow(id)).live).toBe(1);
    const images = (
      await env.DB.prepare("SELECT id AS imageId, position FROM listing_images WHERE listing_id = ? ORDER BY position")
        .bind(id)
        .all<{ imageId: string; position: number }>()
    ).results;

    // Text alone does not ask again.
    const text = await agency.client.put("/api/profile", {
      multipart: saveForm(validValues({ firstName: "Coco", tagLine: "A brand new tagline here" }), {
        listingId: id,
        imagePositions: images,
      }),
    });
    expect(text.status).toBe(200);
    expect(await listingRow(id)).toMatchObject({ live: 1, awaiting_consent: 0 });

    const renamed = await agency.client.put("/api/profile", {
      multipart: saveForm(validValues({ firstName: "Cleo" }), { listingId: id, imagePositions: images }),
    });
    expect(renamed.status).toBe(200);
    expect(await listingRow(id)).toMatchObject({ live: 0, awaiting_consent: 1 });
    expect(await consentRow(id)).toMatchObject({ state: "asked", ask_reason: "name" });
    expect((await client().get(`/view/${id}`)).status).toBe(404);
    const second = await linkIn(email, 0);
    expect(second).not.toBe(first);
    expect((await client().get(first)).status).toBe(404);
    const page = await (await client().get(second)).text();
    expect(page).toContain("name changed since you agreed");
    expect(page).toContain("Cleo");
  });

  it("the address goes with the listing", async () => {
    const agency = await checkedAgency();
    const id = await approvedListing(agency);
    await ask(agency, id, workerEmail());
    expect(await consentRow(id)).not.toBeNull();
    const res = await agency.client.delete(`/api/profiles/${id}/listing`);
    expect(res.status).toBeLessThan(300);
    expect(await consentRow(id)).toBeNull();
  });
});
