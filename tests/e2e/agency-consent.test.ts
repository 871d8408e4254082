// An agency listing and its worker's own consent, end to end on a phone (docs/decisions/0058-worker-consent-and-agency-checks.md):
// the agency builds a listing in the editor and gives the worker's address; the worker opens her link (from
// the outbox), sees what would be published and agrees; the administrator approves the ID and the listing
// goes live and shows on the agency's page (docs/decisions/0059-agency-page.md), linked from her profile; the
// worker withdraws through the same link and the listing is gone from public pages, the agency page too, at once.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../../app/platform/data/ids";
import { nzClock } from "../../app/platform/time/nz-time";
import { hydrated, MOBILE, useBrowser } from "./browser";
import { colourPhotos, fillNewListing } from "./new-listing";
import { d1, d1Rows, enterAs, makeAdministrator, signInAdmin } from "./people";
import { useOwnProvider } from "./providers";
import { shot } from "./shots";

const b = useBrowser();
const agency = useOwnProvider("agency");
const NAME = `Aroha${newId(4).replace(/[^a-z]/g, "x")}`;
const worker = `worker-${newId(8)}@example.nz`;
const SLUG = `harbour-agency-${newId(6)
  .toLowerCase()
  .replace(/[^a-z0-9]/g, "x")}`;
let dir = "";
const photos: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "consent-photos-"));
  photos.push(
    ...(await colourPhotos(dir, [
      { r: 120, g: 60, b: 160 },
      { r: 40, g: 140, b: 120 },
      { r: 200, g: 120, b: 60 },
    ])),
  );
  // The agency's certificate is checked already: this journey is about the worker's consent.
  await d1(
    "INSERT INTO agencies (user_id, name, slug, regions, description, contact_line, opening_hours, certificate_number, certificate_expires, certificate_checked_at, updated_at) VALUES (?, 'Harbour Agency', ?, 'Auckland', 'A small, friendly agency by the harbour.', 'Text 021 555 0100', 'Every day, 10 am to 2 am', 'OC-2025-0142', '2099-01-01', 1, 1)",
    agency.id,
    SLUG,
  );
});

afterAll(() => d1(`UPDATE listings SET switched_off = 1, live = 0 WHERE first_name = '${NAME}'`));

async function consentLink(): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const [mail] = await d1Rows<{ text_body: string }>(
      "SELECT text_body FROM dev_outbox WHERE to_address = ? AND subject LIKE '%asks you to agree%' ORDER BY created_at DESC",
      worker,
    );
    const match = mail && /\/consent\/[A-Za-z0-9_-]{43}/.exec(mail.text_body);
    if (match) return match[0];
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("no consent link in the outbox");
}

describe("an agency listing on a phone, published only with its worker's consent", () => {
  it("the worker agrees through her link, the listing goes live after approval, and her withdrawal hides it at once", async () => {
    const { context, page } = await b.visitor({ viewport: MOBILE, bypassCSP: true });
    await enterAs(page, agency);
    await hydrated(page);

    // 1. The agency builds the listing in the editor.
    await fillNewListing(page, photos, { name: NAME, phone: "021 555 0177", age: "27", price: "320" });
    await page.getByTestId("editor-save").click();
    await page.waitForURL((url) => url.pathname === "/dashboard");
    await hydrated(page);
    const [{ id: listingId }] = await d1Rows<{ id: string }>(`SELECT id FROM listings WHERE first_name = '${NAME}'`);

    // 2. It waits for the worker; the agency gives her own address (a bad one is refused beside the field).
    const card = page.getByTestId("dashboard-card").filter({ hasText: NAME });
    await card.getByTestId("listing-badge").filter({ hasText: "Hidden - Waiting for the worker" }).waitFor();
    const email = card.getByLabel("Her own e-mail address");
    await email.fill("not-an-address");
    await email.evaluate((el) => el.removeAttribute("type"));
    await card.getByRole("button", { name: /Send (her )?the link/ }).click();
    await card.getByTestId("worker-email-error").waitFor();
    await card.getByLabel("Her own e-mail address").fill(worker);
    await card.getByRole("button", { name: /Send (her )?the link/ }).click();
    await page.getByTestId("worker-consent-sent").waitFor();
    await card.scrollIntoViewIfNeeded();
    await shot(card, "1-dashboard-worker-asked");

    // 3. The worker opens her link: no account, exactly what would be published.
    const link = await consentLink();
    const her = await b.visitor({ viewport: MOBILE });
    await her.page.goto(link);
    await hydrated(her.page);
    await her.page.getByRole("heading", { name: "Do you agree to this listing?" }).waitFor();
    await expect(her.page.getByTestId("consent-summary").textContent()).resolves.toContain(NAME);
    await expect(her.page.getByTestId("consent-summary").textContent()).resolves.toContain("0215550177");
    await shot(her.page, "2-consent-page", { fullPage: true });
    await her.page.getByTestId("consent-agree").click();
    await her.page.locator('[data-testid="consent-state"][data-state="agreed"]').waitFor();
    await shot(her.page, "3-consent-agreed", { fullPage: true });

    // 4. An ID request and a paid plan set by hand (their journeys have their own tests); the administrator approves.
    await d1("UPDATE listings SET paid = 1 WHERE id = ?", listingId);
    await d1(
      "INSERT INTO verification_requests (id, listing_id, user_id, kind, status, created_at) VALUES (?, ?, ?, 'id', 'pending', ?)",
      newId(),
      listingId,
      agency.id,
      Date.now(),
    );
    const admin = await b.visitor({ viewport: MOBILE });
    await signInAdmin(admin.context, await makeAdministrator());
    await admin.page.goto("/admin/verifications");
    await hydrated(admin.page);
    const request = admin.page.getByTestId("verification-request").filter({ hasText: NAME });
    await request.getByRole("button", { name: `Approve ID verification for ${NAME}` }).click();
    await admin.page.getByText("Request approved.").waitFor();

    const visitor = await b.visitor({ viewport: MOBILE });
    await visitor.page.goto(`/view/${listingId}`);
    await visitor.page
      .getByRole("heading", { name: new RegExp(NAME) })
      .first()
      .waitFor();
    await shot(visitor.page, "4-live-profile", { fullPage: true });

    // 4b. She agreed to the agency page: her profile links to it, and it shows her, working today.
    const weekday = nzClock(Date.now()).weekday;
    await d1(
      "UPDATE listings SET schedule = ?, available_days = ?, updated_at = updated_at + 1 WHERE id = ?",
      JSON.stringify(Array.from({ length: 7 }, (_, d) => (d === weekday ? [{ start: "18:00", end: "02:00" }] : []))),
      1 << weekday,
      listingId,
    );
    await visitor.page.goto(`/view/${listingId}`);
    await hydrated(visitor.page);
    await visitor.page.getByRole("link", { name: "With Harbour Agency" }).click();
    await visitor.page.waitForURL((url) => url.pathname === `/agencies/${SLUG}`);
    await visitor.page.getByRole("heading", { name: "Harbour Agency", level: 1 }).waitFor();
    const onPage = visitor.page.getByTestId("agency-listings").getByTestId("listing-card").filter({ hasText: NAME });
    await onPage.waitFor();
    await expect(onPage.getByTestId("card-note").textContent()).resolves.toBe("Working today 18:00–02:00");
    await expect(visitor.page.locator("body").textContent()).resolves.not.toContain("OC-2025-0142");
    await shot(visitor.page, "4b-agency-page", { fullPage: true });

    // 5. She withdraws through the same link: gone from public pages at once, the agency told without a reason.
    await her.page.goto(link);
    await hydrated(her.page);
    await her.page.getByTestId("consent-withdraw").click();
    await her.page.locator('[data-testid="consent-state"][data-state="withdrawn"]').waitFor();
    await shot(her.page, "5-consent-withdrawn", { fullPage: true });
    const gone = await visitor.page.goto(`/view/${listingId}`);
    expect(gone?.status()).toBe(404);
    await shot(visitor.page, "6-profile-gone", { fullPage: true });
    await visitor.page.goto("/locations/Auckland");
    await expect(visitor.page.locator(`a[href="/view/${listingId}"]`).count()).resolves.toBe(0);
    await visitor.page.goto(`/agencies/${SLUG}`);
    await visitor.page.getByRole("heading", { name: "Harbour Agency", level: 1 }).waitFor();
    await expect(visitor.page.locator(`a[href="/view/${listingId}"]`).count()).resolves.toBe(0);
    await shot(visitor.page, "6b-agency-page-without-her", { fullPage: true });
    await page.goto("/dashboard");
    await hydrated(page);
    await page
      .getByTestId("dashboard-card")
      .filter({ hasText: NAME })
      .getByTestId("worker-consent-state")
      .filter({ hasText: "withdrew" })
      .waitFor();

    for (const p of [page, her.page, admin.page, visitor.page])
      expect((p as Page & { jsErrors: string[] }).jsErrors).toEqual([]);
    await Promise.all([context.close(), her.context.close(), admin.context.close(), visitor.context.close()]);
  }, 240_000);
});
