// A stolen photo at 390 px (docs/decisions/0057-stolen-photos-caught-at-upload.md): an Independent adds a photo;
// another account uploads a cropped copy of it, saves, and sees it held on the dashboard; an administrator sees
// both listings side by side and releases it.
import { mkdirSync } from "node:fs";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { HELD_TEXT } from "../../app/features/verification/verification";
import { MOBILE, hydrated, useBrowser } from "./browser";
import { d1Rows } from "./store";
import { enterAs, makeAdministrator, signInAdmin } from "./people";
import { useOwnProvider } from "./providers";
import type { OwnProvider } from "./providers";

const b = useBrowser();
const indie = useOwnProvider("independent");
const agency = useOwnProvider("agency");
const SHOTS = "/work/wt/shots/i40m";
const ORIGINAL = "tests/fixtures/photo-600x800.jpg";

async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}`, fullPage: true });
}

/** Whether a photo arrived (its owner and administrators may see a held photo; visitors may not). */
function loaded(img: Locator): Promise<boolean> {
  return img.evaluate(
    (el: HTMLImageElement) =>
      new Promise<boolean>((done) => {
        if (el.complete) done(el.naturalWidth > 0);
        else el.addEventListener("load", () => done(el.naturalWidth > 0), { once: true });
        el.addEventListener("error", () => done(false), { once: true });
      }),
  );
}

/** Adds one photo in the editor of the provider's first listing and saves. */
async function addPhoto(page: Page, who: OwnProvider, file: string) {
  await enterAs(page, who, `/profile/edit/${who.listings[0].id}`);
  await page.getByTestId("editor-edit").click();
  const before = await page.getByTestId("photo-tile").count();
  await page.getByTestId("photo-input").setInputFiles([file]);
  await page.waitForFunction(
    (n) =>
      document.querySelectorAll('[data-testid="photo-tile"]').length === n &&
      !document.querySelector('[data-testid="photo-tile"] [role="status"]'),
    before + 1,
    { timeout: 60_000 },
  );
  for (let i = 0; i < 2; i++) await page.getByTestId("editor-next").click();
  await page.getByTestId("editor-save").click();
  await page.getByTestId("editor-edit").waitFor({ timeout: 30_000 });
}

describe("a copy of another account's photo", () => {
  it("is held at upload, shown to its owner as under review, and decided side by side", async () => {
    mkdirSync(SHOTS, { recursive: true });
    const original = await b.visitor({ viewport: MOBILE });
    await addPhoto(original.page, indie, ORIGINAL);
    await original.context.close();

    // 8 % off the left and 2 % off the top, saved again as a JPEG: what a copier does.
    const copy = `${SHOTS}/cropped-copy.jpg`;
    await sharp(ORIGINAL).extract({ left: 48, top: 16, width: 552, height: 784 }).jpeg({ quality: 85 }).toFile(copy);
    const thief = await b.visitor({ viewport: MOBILE });
    await addPhoto(thief.page, agency, copy);
    const [held] = await d1Rows<{ listing_id: string }>("SELECT listing_id FROM held_photos");
    expect(held?.listing_id).toBe(agency.listings[0].id);
    await thief.page.goto("/dashboard");
    await hydrated(thief.page);
    await thief.page.getByTestId("held-photos").getByText(HELD_TEXT).waitFor();
    await expect(loaded(thief.page.getByTestId("held-photos").locator("img"))).resolves.toBe(true);
    await shot(thief.page, "1-owner-sees-held-390.png");

    const moderator = await b.visitor({ viewport: MOBILE });
    await signInAdmin(moderator.context, await makeAdministrator());
    await moderator.page.goto("/admin/matches");
    const item = moderator.page.getByTestId("match-item");
    await item.waitFor();
    await expect(item.locator("img").count()).resolves.toBe(2);
    await expect(loaded(item.locator("img").first())).resolves.toBe(true);
    await expect(item.textContent()).resolves.toContain(indie.listings[0].firstName);
    await hydrated(moderator.page);
    await shot(moderator.page, "2-admin-side-by-side-390.png");
    await item.getByRole("button", { name: "Release" }).click();
    await moderator.page.getByText("The photo is released", { exact: false }).waitFor();
    await shot(moderator.page, "3-admin-released-390.png");
    const rows = await d1Rows<{ n: number }>("SELECT count(*) AS n FROM held_photos");
    expect(rows[0].n).toBe(0);
    await moderator.context.close();
    await thief.context.close();
  });
});
