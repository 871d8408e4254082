// An administrator on a phone (390x844, touch): 'Verify' on a grid card asks first and says whether an ID
// request with documents exists; free weeks ask why; each grant is confirmed on the page it returns to.
import { describe, expect, it } from "vitest";
import { newId } from "../../app/platform/data/ids";
import { adminVerifyConfirm } from "../../app/features/moderation/moderation";
import { seriousViolations } from "./axe";
import { hydrated, MOBILE, useBrowser } from "./browser";
import { gridPageShowing } from "./grid";
import { makeAdministrator, signInAdmin } from "./people";
import { useOwnProvider } from "./providers";
import { d1, d1Rows } from "./store";
import { shot } from "./shots";

const b = useBrowser();
const agency = useOwnProvider("agency");
// The agency's unverified listing, under a name only it has.
const NAME = "Kōwhai";

const verified = async (id: string) =>
  (await d1Rows<{ verified: number }>("SELECT verified FROM listings WHERE id = ?", id))[0].verified;

describe("an administrator's confirmations", () => {
  it("asks before a Verify from the grid, saying whether an ID request exists", async () => {
    const coco = agency.listings.find((l) => l.firstName === "Coco")!;
    await d1("UPDATE listings SET first_name = ? WHERE id = ?", NAME, coco.id);
    const { context, page } = await b.visitor({ viewport: MOBILE, touch: true, bypassCSP: true });
    await signInAdmin(context, await makeAdministrator());
    await gridPageShowing(page, "/", NAME);
    const card = page.getByTestId("listing-grid").getByTestId("listing-card").filter({ hasText: NAME });
    await card.getByLabel(`Admin actions for ${NAME}`).tap();
    await card.getByRole("button", { name: `Verify ${NAME}` }).tap();
    const ask = card.getByTestId("verify-confirm");
    await ask.getByText(adminVerifyConfirm(NAME, false)).waitFor();
    // Asked, not done.
    expect(await verified(coco.id)).toBe(0);
    await card.scrollIntoViewIfNeeded();
    await shot(page, "admin-verify-confirm-390");
    expect(await seriousViolations(page)).toEqual([]);
    await ask.getByRole("button", { name: "Cancel" }).tap();
    await expect(card.getByTestId("verify-confirm").count()).resolves.toBe(0);
    expect(await verified(coco.id)).toBe(0);

    // With a request waiting, it points to the review instead.
    await d1(
      `INSERT INTO verification_requests (id, kind, listing_id, user_id, status, created_at, document_type)
        VALUES (?, 'id', ?, ?, 'pending', ?, 'passport')`,
      newId(),
      coco.id,
      agency.id,
      Date.now(),
    );
    await card.getByRole("button", { name: `Verify ${NAME}` }).tap();
    await card.getByTestId("verify-confirm").getByText(adminVerifyConfirm(NAME, true)).waitFor();
    await expect(
      card.getByTestId("verify-confirm").getByRole("link", { name: "Review the request" }).getAttribute("href"),
    ).resolves.toBe("/admin/verifications");
    await card.getByRole("button", { name: "Verify without review" }).tap();
    await page.getByTestId("toast").getByText("Listing verified.").waitFor();
    expect(await verified(coco.id)).toBe(1);
    await d1("DELETE FROM verification_requests WHERE listing_id = ?", coco.id);
  });

  it("asks why free weeks are given, and confirms the grant", async () => {
    const jade = agency.listings.find((l) => l.firstName === "Jade")!;
    const { context, page } = await b.visitor({ viewport: MOBILE, touch: true, bypassCSP: true });
    await signInAdmin(context, await makeAdministrator());
    await page.goto(`/admin/subscriptions?q=${encodeURIComponent(agency.email)}`);
    await hydrated(page);
    const row = page.getByTestId("subscription-row").filter({ hasText: "Jade" });
    await row.getByLabel("Free weeks for Jade", { exact: true }).fill("1");
    await row.getByLabel("Reason for free weeks for Jade").fill("Card trouble, week on us");
    await row.getByRole("button", { name: "Grant", exact: true }).tap();
    const notice = page.getByTestId("grant-notice");
    await notice.getByText("Free weeks granted, with your reason on the audit log.").waitFor();
    const [audit] = await d1Rows<{ detail: string }>(
      "SELECT detail FROM admin_audit WHERE listing_id = ? AND action = 'grant_weeks'",
      jade.id,
    );
    expect(audit.detail).toBe("1 week: Card trouble, week on us");
    await shot(page, "admin-grant-confirmed-390");
    expect(await seriousViolations(page)).toEqual([]);
  });
});
