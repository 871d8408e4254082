// Verification means what it says, end to end: an Independent (a copy of the demo one) swaps in new photos on her verified
// listing, is warned before saving (a new ID check), saves, and her checked photos keep their dates; an
// administrator then finds the listing in the verification queue as a re-review, and confirms it.
import { describe, expect, it } from "vitest";
import { DESKTOP, hydrated, useBrowser } from "./browser";
import { d1, enterAs, makeAdministrator, signInAdmin } from "./people";
import { useOwnProvider } from "./providers";

const b = useBrowser();
const indie = useOwnProvider("independent");

describe("changing a verified listing's photos", () => {
  it("warns before saving, keeps the photos' checks, and puts the listing in the re-review queue", async () => {
    await d1(
      "UPDATE listings SET awaiting_consent = 0, agency_held = 0, verified = 1, live = 1, reviewed_image_ids = '[]' WHERE user_id = ?",
      indie.id,
    );
    await d1(
      "UPDATE listing_images SET verified_at = ? WHERE listing_id IN (SELECT id FROM listings WHERE user_id = ?)",
      Date.UTC(2026, 9, 15),
      indie.id,
    );
    const provider = await b.visitor({ viewport: DESKTOP });
    const page = provider.page;
    await enterAs(page, indie);
    const editHref = await page.locator(`a[href^="/profile/edit/"]`).first().getAttribute("href");
    const listingId = editHref!.split("/").pop()!;
    await page.goto(editHref!);
    await hydrated(page);
    await page.getByTestId("editor-edit").click();
    await expect(page.getByTestId("badge-warning").count()).resolves.toBe(0);

    const before = await page.getByTestId("photo-tile").count();
    await page
      .getByTestId("photo-input")
      .setInputFiles(Array.from({ length: 7 }, () => "tests/fixtures/photo-600x800.jpg"));
    await page.waitForFunction(
      (n) =>
        document.querySelectorAll('[data-testid="photo-tile"]').length === n &&
        !document.querySelector('[data-testid="photo-tile"] [role="status"]'),
      before + 7,
      { timeout: 60_000 },
    );
    const warning = page.getByTestId("badge-warning");
    await warning.waitFor();
    await expect(warning.textContent()).resolves.not.toContain("Photos verified");
    await expect(warning.textContent()).resolves.toContain("new ID check (most photos replaced)");

    for (let i = 0; i < 2; i++) await page.getByTestId("editor-next").click();
    await page.getByTestId("editor-save").click();
    await page.getByTestId("editor-edit").waitFor({ timeout: 30_000 });
    await page.goto(`/view/${listingId}`);
    await page.getByTestId("profile").waitFor();
    // The photos checked before keep their date; the seven new ones are not verified.
    await expect(page.getByTestId("photo-check-summary").textContent()).resolves.toBe(
      `Photos verified: ${before} of ${before + 7}, last checked October 2026`,
    );
    await provider.context.close();

    const moderator = await b.visitor({ viewport: DESKTOP });
    await signInAdmin(moderator.context, await makeAdministrator());
    await moderator.page.goto("/admin/verifications");
    const item = moderator.page
      .getByTestId("verification-request")
      .filter({ hasText: "Re-review after changes" })
      .filter({ hasText: indie.firstName });
    await item.waitFor();
    await expect(item.getByTestId("rereview-changes").textContent()).resolves.toContain("most photos replaced");
    await hydrated(moderator.page);
    await item.getByRole("button", { name: /^Approve Re-review after changes for / }).click();
    await moderator.page.getByText("Request approved.", { exact: false }).waitFor();
    await moderator.context.close();
  });
});
