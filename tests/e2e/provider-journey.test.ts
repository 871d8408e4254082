// The whole way from sign-up to a public listing, on a phone, as a new Independent takes it and with no
// database shortcut inside the journey: sign up and confirm, build the listing in the editor, ask for ID
// verification, pay for a plan on the test gateway, and the administrator approves it in the admin screen.
// Approved and paid means live (docs/decisions/0029-one-visibility-rule.md): nobody flips a switch, and the
// provider is told on the dashboard and by e-mail.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../../app/platform/data/ids";
import { seriousViolations } from "./axe";
import { hydrated, MOBILE, useBrowser } from "./browser";
import { colourPhotos, fillNewListing } from "./new-listing";
import { holdImages } from "./held-images";
import { d1, d1Rows, makeAdministrator, signInAdmin, signUp } from "./people";
import { shot } from "./shots";

const b = useBrowser();
const NAME = `Manaia${newId(4).replace(/[^a-z]/g, "x")}`;
const email = `journey-${newId(8)}@example.nz`;
let dir = "";
const photos: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "journey-photos-"));
  photos.push(
    ...(await colourPhotos(dir, [
      { r: 200, g: 60, b: 90 },
      { r: 60, g: 160, b: 200 },
      { r: 220, g: 190, b: 60 },
    ])),
  );
});

// Other files count the grid's cards: take this listing off it afterwards.
afterAll(() => d1(`UPDATE listings SET switched_off = 1, live = 0 WHERE first_name = '${NAME}'`));

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe("a new Independent on a phone, from sign-up to a public listing", () => {
  it("signs up, builds the listing, asks for verification, pays, is approved, and is live", async () => {
    const { context, page } = await b.visitor({ viewport: MOBILE, bypassCSP: true });
    await signUp(page, { firstName: "Manaia", email, password: "journey-password-2026" });

    // 1. The listing, over the editor's three pages.
    await hydrated(page);
    await fillNewListing(page, photos, { name: NAME, phone: "021 555 0142", age: "28", price: "300" });
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.getByTestId("editor-save").click();
    await page.waitForURL((url) => url.pathname === "/dashboard");
    await page.getByText("Hidden - Get Verified").first().waitFor();
    const [{ id: listingId }] = await d1Rows<{ id: string }>(`SELECT id FROM listings WHERE first_name = '${NAME}'`);

    // 2. ID verification, with two photos of a licence.
    await page.goto("/verification");
    await hydrated(page);
    await page.getByLabel("NZ driver licence").check();
    await page.getByLabel("Front of licence").setInputFiles(photos[0]);
    await page.getByLabel("Back of licence").setInputFiles(photos[1]);
    await page.getByRole("button", { name: "Submit for Verification" }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard");

    // 3. A plan, paid on the test gateway. Paid but not yet approved: still hidden.
    await page.goto("/subscriptions?tier=standard");
    await hydrated(page);
    await page.getByRole("button", { name: "Standard selected: continue" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/dev/gateway/checkout/"));
    await hydrated(page);
    await page.getByRole("button", { name: "Approve", exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/subscriptions/return/"));
    await page.getByText(/Payment received/).waitFor();
    await expect(d1Rows(`SELECT live FROM listings WHERE id = '${listingId}'`)).resolves.toEqual([{ live: 0 }]);

    // 4. The administrator approves it in the verification queue (signed in with a second factor).
    const admin = await b.visitor({ viewport: MOBILE });
    await signInAdmin(admin.context, await makeAdministrator());
    // The documents are held back until their boxes are measured: each box keeps its size when its image
    // arrives, so nothing moves under the administrator's thumb between touching Approve and letting go.
    const documentsHeld = await holdImages(admin.page, "**/admin/verification-files/**");
    await admin.page.goto("/admin/verifications");
    await hydrated(admin.page);
    const request = admin.page.getByTestId("verification-request").filter({ hasText: NAME });
    const approve = request.getByRole("button", { name: `Approve ID verification for ${NAME}` });
    await approve.scrollIntoViewIfNeeded();
    const { before, after } = await documentsHeld.heightsBeforeAndAfter(request.getByTestId("verification-image"));
    expect(before).toHaveLength(2);
    expect(before.every((height) => height > 100)).toBe(true);
    expect(after).toEqual(before);
    await shot(request, "id-request-in-queue-390");
    await approve.click();
    await admin.page.getByText("Request approved.").waitFor();

    // 5. Live, with nothing more to do: a visitor opens it, and the provider is told.
    const visitor = await b.visitor({ viewport: MOBILE });
    await visitor.page.goto(`/profile/${listingId}`);
    await visitor.page
      .getByRole("heading", { name: new RegExp(NAME) })
      .first()
      .waitFor();
    await page.goto("/dashboard");
    await hydrated(page);
    await page.getByTestId("listing-badge").filter({ hasText: "LIVE" }).waitFor();
    const approved = page.getByTestId("verification-approved").filter({ hasText: NAME });
    await approved.getByText("It is live now: visitors can find it.").waitFor();
    // What the card's tick means, with the way to it.
    await approved.getByTestId("photo-tick-note").getByRole("link", { name: "Verify Photos" }).waitFor();
    await approved.scrollIntoViewIfNeeded();
    await shot(page, "id-approved-notice-390");
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    const [mail] = await d1Rows<{ subject: string }>(
      `SELECT subject FROM dev_outbox WHERE to_address = '${email}' AND subject LIKE '%approved%'`,
    );
    expect(mail.subject).toBe("Your ID verification request was approved");

    for (const p of [page, admin.page, visitor.page]) expect((p as Page & { jsErrors: string[] }).jsErrors).toEqual([]);
    await Promise.all([context.close(), admin.context.close(), visitor.context.close()]);
  }, 180_000);
});
