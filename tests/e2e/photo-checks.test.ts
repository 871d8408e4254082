// Each photo's own check at 390 px (docs/decisions/0055-each-photo-verified.md): a provider adds a photo in the
// editor, asks for that photo alone to be checked, an administrator compares it with the listing's verified
// photos and approves it, and the provider sees its date; visitors see each photo's date on the profile and in
// the lightbox, the sum beside the name, and the grid's 'Verified photos' filter.
import { describe, expect, it } from "vitest";
import { photoCheckLabel } from "../../app/core/photo-checks";
import type { Page } from "playwright-core";
import { MOBILE, hydrated, useBrowser } from "./browser";
import { d1, d1Rows } from "./store";
import { enterAs, makeAdministrator, signInAdmin } from "./people";
import { useOwnProvider } from "./providers";
import { shot } from "./shots";

const b = useBrowser();
const indie = useOwnProvider("independent");
const agency = useOwnProvider("agency");
/** The editor's tiles and the per-photo decision. */

/** The editor's tile of the newest photo: its own check under the picture. */
async function lastTileCheck(page: Page) {
  return page.getByTestId("photo-tile").last().getByTestId("photo-tile-check").textContent();
}

describe("a photo checked on its own", () => {
  it("is added, sent for checking, approved side by side, and shows its date to its owner and to visitors", async () => {
    const listingId = indie.listings[0].id;
    const provider = await b.visitor({ viewport: MOBILE });
    const page = provider.page;
    await enterAs(page, indie, `/profile/edit/${listingId}`);
    await page.getByTestId("editor-edit").click();
    const before = await page.getByTestId("photo-tile").count();
    await page.getByTestId("photo-input").setInputFiles(["tests/fixtures/photo-600x800.jpg"]);
    await page.waitForFunction(
      (n) =>
        document.querySelectorAll('[data-testid="photo-tile"]').length === n &&
        !document.querySelector('[data-testid="photo-tile"] [role="status"]'),
      before + 1,
      { timeout: 60_000 },
    );
    // Adding a photo no longer warns that the others lose their check; its tile says it is not verified,
    // the others keep their dates.
    await expect(page.getByTestId("badge-warning").count()).resolves.toBe(0);
    await expect(lastTileCheck(page)).resolves.toBe("Not verified");
    await expect(page.getByTestId("photo-tile").first().getByTestId("photo-tile-check").textContent()).resolves.toMatch(
      /^Verified \w+ \d{4}$/,
    );
    for (let i = 0; i < 2; i++) await page.getByTestId("editor-next").click();
    await page.getByTestId("editor-save").click();
    await page.getByTestId("editor-edit").waitFor({ timeout: 30_000 });

    // The photo verification page: the new photo unverified, the others dated; only it can be sent.
    await page.goto(`/photo-verification?listingId=${listingId}`);
    await hydrated(page);
    const checks = page.getByTestId("photo-check");
    await expect(checks.count()).resolves.toBe(before + 1);
    const fresh = checks.nth(before);
    await expect(fresh.textContent()).resolves.toContain("Not verified");
    await expect(page.getByRole("button", { name: /^Ask for a check of photo/ }).count()).resolves.toBe(1);
    await shot(page, "1-owner-before-check-390", { fullPage: true });
    await fresh.getByRole("button", { name: /^Ask for a check of photo/ }).click();
    await page.getByTestId("photo-check-notice").waitFor();
    await expect(fresh.textContent()).resolves.toContain("Waiting for a check");
    await shot(page, "2-owner-waiting-390", { fullPage: true });
    // The editor's tile says so too.
    await page.goto(`/profile/edit/${listingId}`);
    await hydrated(page);
    await expect(lastTileCheck(page)).resolves.toBe("Waiting for a check");
    await page.getByTestId("photo-list").scrollIntoViewIfNeeded();
    await shot(page, "1-editor-tiles-waiting-390", { folder: "per-photo" });

    // The administrator sees the photo beside the listing's verified photos and approves it.
    const moderator = await b.visitor({ viewport: MOBILE });
    await signInAdmin(moderator.context, await makeAdministrator());
    await moderator.page.goto("/admin/verifications");
    const item = moderator.page
      .getByTestId("verification-request")
      .filter({ hasText: "Photo verification" })
      .filter({ hasText: indie.listings[0].firstName });
    await item.waitFor();
    await expect(item.getByTestId("photos-to-check").locator("img").count()).resolves.toBe(1);
    await expect(item.getByTestId("verified-photos").locator("img").count()).resolves.toBe(before);
    await hydrated(moderator.page);
    // The reason box has the phone's width to itself, not what Approve and Reject leave of a row.
    const reason = item.getByRole("textbox", { name: /^Reason for rejecting/ });
    const itemBox = (await item.boundingBox())!;
    expect((await reason.boundingBox())!.width).toBeGreaterThan(itemBox.width * 0.8);
    await shot(moderator.page, "3-admin-side-by-side-390", { fullPage: true });
    await item.getByRole("button", { name: /^Approve Photo verification for / }).click();
    await moderator.page.getByText("Request approved.", { exact: false }).waitFor();
    await moderator.context.close();

    // The owner sees its date.
    const [row] = await d1Rows<{ verified_at: number }>(
      "SELECT verified_at FROM listing_images WHERE listing_id = ? ORDER BY position DESC LIMIT 1",
      listingId,
    );
    const label = photoCheckLabel(row.verified_at);
    await page.goto(`/photo-verification?listingId=${listingId}`);
    await hydrated(page);
    await expect(page.getByTestId("photo-check").nth(before).textContent()).resolves.toContain(label);
    await expect(page.getByTestId("photo-check-summary").textContent()).resolves.toBe(
      `Photos verified: ${before + 1} of ${before + 1}, last checked ${label.replace("Verified ", "")}`,
    );
    await shot(page, "4-owner-dated-390", { fullPage: true });
    await page.goto(`/profile/edit/${listingId}`);
    await hydrated(page);
    await expect(lastTileCheck(page)).resolves.toBe(label);
    await page.getByTestId("photo-list").scrollIntoViewIfNeeded();
    await shot(page, "2-editor-tiles-dated-390", { folder: "per-photo" });
    await provider.context.close();

    // A visitor: the sum beside the name, each photo's date in the gallery and the lightbox.
    const visitor = await b.visitor({ viewport: MOBILE });
    const v = visitor.page;
    await v.goto(`/view/${listingId}`);
    await hydrated(v);
    await expect(v.getByTestId("photo-check-summary").textContent()).resolves.toContain(
      `Photos verified: ${before + 1} of ${before + 1}`,
    );
    await expect(v.getByTestId("gallery").getByTestId("photo-check-badge").count()).resolves.toBe(
      Math.min(before + 1, 5),
    );
    await shot(v, "5-profile-390");
    await v.getByTestId("photo-check-summary").scrollIntoViewIfNeeded();
    await shot(v, "5b-profile-summary-390");
    await v.getByTestId("gallery-main").click();
    await v.getByTestId("lightbox").waitFor();
    await expect(v.getByTestId("lightbox-check").textContent()).resolves.toMatch(/^Verified \w+ \d{4}/);
    // After its fade-in.
    await v.waitForTimeout(400);
    await shot(v, "6-lightbox-390");
    await v.keyboard.press("Escape");

    // The grid's filter, with its count.
    await v.goto("/");
    await hydrated(v);
    const chip = v.getByRole("link", { name: /^Verified photos \(\d+\)$/ });
    await chip.waitFor();
    await chip.click();
    await v.waitForURL(/photos=verified/);
    await shot(v, "7-grid-verified-photos-390");
    await visitor.context.close();
  });

  it("a request for several photos is decided photo by photo, and the provider sees each outcome", async () => {
    // A listing with the four photos a check with photos of the person needs.
    const counts = await d1Rows<{ listing_id: string; n: number }>(
      `SELECT listing_id, count(*) AS n FROM listing_images WHERE listing_id IN (${agency.listings.map(() => "?").join(",")})
       GROUP BY listing_id ORDER BY listing_id`,
      ...agency.listings.map((l) => l.id),
    );
    const listing = agency.listings.find((l) => counts.some((c) => c.listing_id === l.id && c.n >= 4))!;
    // One verified photo left: the check needs photos of the person and covers every other photo.
    await d1(
      "UPDATE listing_images SET verified_at = CASE WHEN position = 1 THEN ? ELSE NULL END WHERE listing_id = ?",
      Date.now() - 30 * 86_400_000,
      listing.id,
    );
    const provider = await b.visitor({ viewport: MOBILE });
    const page = provider.page;
    await enterAs(page, agency, `/photo-verification?listingId=${listing.id}`);
    await hydrated(page);
    for (const i of [1, 2, 3])
      await page.getByLabel(`Photo ${i}`, { exact: true }).setInputFiles("tests/fixtures/photo-600x800.jpg");
    await page.getByRole("button", { name: "Submit Photos for Review" }).click();
    const sent = () =>
      d1Rows<{ id: string; image_ids: string }>(
        "SELECT id, image_ids FROM verification_requests WHERE listing_id = ? AND kind = 'photo' AND status = 'pending'",
        listing.id,
      );
    await expect.poll(async () => (await sent()).length, { timeout: 60_000 }).toBe(1);
    const [request] = await sent();
    const asked = (JSON.parse(request.image_ids) as string[]).length;
    expect(asked).toBeGreaterThan(1);

    // The administrator approves every photo but the second, which is refused with its reason.
    const moderator = await b.visitor({ viewport: MOBILE });
    await signInAdmin(moderator.context, await makeAdministrator());
    const m = moderator.page;
    await m.goto("/admin/verifications");
    await hydrated(m);
    const item = m.getByTestId("verification-request").filter({ hasText: listing.firstName });
    const rows = item.getByTestId("photo-decision");
    await expect(rows.count()).resolves.toBe(asked);
    const refuse = "The face is turned away: we cannot compare it.";
    for (let i = 0; i < asked; i++) {
      const row = rows.nth(i);
      if (i === 1) {
        await row.getByLabel("Refuse", { exact: true }).check();
        await row.getByLabel(/^Reason if refused/).fill(refuse);
      } else await row.getByLabel("Approve", { exact: true }).check();
    }
    // At 390 px each choice is a thumb's width and the reason keeps the row's width.
    const rowBox = (await rows.nth(1).boundingBox())!;
    expect(
      (await rows
        .nth(1)
        .getByLabel(/^Reason if refused/)
        .boundingBox())!.width,
    ).toBeGreaterThan(rowBox.width * 0.6);
    expect((await rows.nth(1).getByText("Refuse", { exact: true }).boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect(await m.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await item.getByTestId("photo-decisions").scrollIntoViewIfNeeded();
    await shot(m, "3-admin-per-photo-390", { folder: "per-photo" });
    await item.getByRole("button", { name: /^Save each photo's decision/ }).click();
    await m.getByText("Request approved.", { exact: false }).waitFor();
    await moderator.context.close();

    // The provider: the refused photo with its reason and its appeal, the others verified.
    await page.goto(`/photo-verification?listingId=${listing.id}`);
    await hydrated(page);
    const refusal = page.getByTestId("photo-refusal");
    await expect(refusal.count()).resolves.toBe(1);
    await expect(refusal.textContent()).resolves.toContain(refuse);
    await expect(refusal.getByRole("link", { name: "Appeal" }).getAttribute("href")).resolves.toBe(
      `/appeal/photo/${request.id}`,
    );
    await refusal.scrollIntoViewIfNeeded();
    await shot(page, "4-provider-outcome-390", { folder: "per-photo" });
    await page.goto("/dashboard");
    await page.getByTestId("verification-partly").scrollIntoViewIfNeeded();
    await shot(page, "5-provider-dashboard-390", { folder: "per-photo" });
    await provider.context.close();
  });
});
