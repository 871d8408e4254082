// A new listing on another account's number at 390 px (docs/decisions/0067-new-listings-number-held.md): an
// agency builds a listing with the number of an Independent's listing; it is saved, held as a whole, and its
// card says what waits; the administrator sees both numbers side by side and releases it.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { NUMBER_HELD_TEXT } from "../../app/features/listings/owner-steps";
import { HELD_NUMBER_TEXT } from "../../app/features/verification/verification";
import { newId } from "../../app/platform/data/ids";
import { hydrated, MOBILE, useBrowser } from "./browser";
import { colourPhotos, fillNewListing } from "./new-listing";
import { d1Rows, enterAs, makeAdministrator, signInAdmin } from "./people";
import { useOwnProvider } from "./providers";
import { shot } from "./shots";

const b = useBrowser();
const indie = useOwnProvider("independent");
const agency = useOwnProvider("agency");
const NAME = `Mere${newId(4).replace(/[^a-z]/g, "x")}`;

describe("a new listing on another account's number", () => {
  it("is saved but held, its card says what waits, and the administrator releases it", async () => {
    const photos = await colourPhotos(mkdtempSync(join(tmpdir(), "number-held-")), [
      { r: 30, g: 90, b: 150 },
      { r: 150, g: 40, b: 90 },
      { r: 90, g: 150, b: 40 },
    ]);
    const [theirs] = await d1Rows<{ contact_phone: string }>(
      "SELECT contact_phone FROM listings WHERE id = ?",
      indie.listings[0].id,
    );
    const { page, context } = await b.visitor({ viewport: MOBILE });
    await enterAs(page, agency, "/dashboard");
    await hydrated(page);
    await fillNewListing(page, photos, { name: NAME, phone: theirs.contact_phone, age: "26", price: "300" });
    await page.getByTestId("editor-save").click();
    await page.waitForURL((url) => url.pathname === "/dashboard");
    await hydrated(page);
    const [held] = await d1Rows<{ id: string; number_held: number; live: number }>(
      "SELECT id, number_held, live FROM listings WHERE first_name = ?",
      NAME,
    );
    expect(held).toMatchObject({ number_held: 1, live: 0 });
    const card = page.getByTestId("dashboard-card").filter({ hasText: NAME });
    await card.getByTestId("setup-step-number").getByText(NUMBER_HELD_TEXT).waitFor();
    await card.getByTestId("held-number").getByText(HELD_NUMBER_TEXT).waitFor();
    await card.scrollIntoViewIfNeeded();
    await shot(card, "3-owner-card-number-held-390");

    const moderator = await b.visitor({ viewport: MOBILE });
    await signInAdmin(moderator.context, await makeAdministrator());
    await moderator.page.goto("/admin/matches");
    await hydrated(moderator.page);
    const item = moderator.page.getByTestId("match-item").filter({ hasText: NAME });
    await expect(item.getByTestId("match-phone").count()).resolves.toBe(2);
    await shot(moderator.page, "4-admin-number-side-by-side-390", { fullPage: true });
    await item.getByRole("button", { name: "Release" }).click();
    await moderator.page.getByTestId("match-item").filter({ hasText: NAME }).waitFor({ state: "detached" });
    const [released] = await d1Rows<{ number_held: number }>("SELECT number_held FROM listings WHERE id = ?", held.id);
    expect(released.number_held).toBe(0);
    await moderator.context.close();
    await context.close();
  });
});
