// A stolen photo at 390 px (docs/decisions/0057-stolen-photos-caught-at-upload.md): an Independent adds a photo;
// another account uploads a cropped copy of it, saves, and sees it held on the dashboard; an administrator sees
// both listings side by side and releases it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { HELD_TEXT } from "../../app/features/verification/verification";
import { MOBILE, hydrated, useBrowser } from "./browser";
import { holdImages } from "./held-images";
import { d1Rows } from "./store";
import { enterAs, makeAdministrator, signInAdmin } from "./people";
import { useOwnProvider } from "./providers";
import type { OwnProvider } from "./providers";
import { shot } from "./shots";

const b = useBrowser();
const indie = useOwnProvider("independent");
const agency = useOwnProvider("agency");
// A picture of this file's own, the fixture mirrored: the second test takes a copy of it down as impersonation,
// and from then on the end-to-end store refuses it at every upload, so it must be no photo another file uploads
// (the mirror is 28 bits from the fixture; the two crops below are 0 bits from the mirror).
let workDir: string;
let ORIGINAL: string;
beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), "photo-matches-"));
  ORIGINAL = join(workDir, "original.jpg");
  await sharp("tests/fixtures/photo-600x800.jpg").flop().jpeg({ quality: 90 }).toFile(ORIGINAL);
});
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

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
    const original = await b.visitor({ viewport: MOBILE });
    await addPhoto(original.page, indie, ORIGINAL);
    await original.context.close();

    // 5 % off the left, saved again as a JPEG: what a copier does.
    const copy = join(workDir, "cropped-copy.jpg");
    await sharp(ORIGINAL).extract({ left: 30, top: 0, width: 570, height: 800 }).jpeg({ quality: 85 }).toFile(copy);
    const thief = await b.visitor({ viewport: MOBILE });
    await addPhoto(thief.page, agency, copy);
    const [held] = await d1Rows<{ listing_id: string }>("SELECT listing_id FROM held_photos");
    expect(held?.listing_id).toBe(agency.listings[0].id);
    await thief.page.goto("/dashboard");
    await hydrated(thief.page);
    await thief.page.getByTestId("held-photos").getByText(HELD_TEXT).waitFor();
    await expect(loaded(thief.page.getByTestId("held-photos").locator("img"))).resolves.toBe(true);
    await shot(thief.page, "1-owner-sees-held-390", { fullPage: true });

    const moderator = await b.visitor({ viewport: MOBILE });
    await signInAdmin(moderator.context, await makeAdministrator());
    await moderator.page.goto("/admin/matches");
    const item = moderator.page.getByTestId("match-item");
    await item.waitFor();
    await expect(item.locator("img").count()).resolves.toBe(2);
    await expect(loaded(item.locator("img").first())).resolves.toBe(true);
    await expect(item.textContent()).resolves.toContain(indie.listings[0].firstName);
    await hydrated(moderator.page);
    await shot(moderator.page, "2-admin-side-by-side-390", { fullPage: true });
    await item.getByRole("button", { name: "Release" }).click();
    await moderator.page.getByText("The photo is released", { exact: false }).waitFor();
    await shot(moderator.page, "3-admin-released-390", { fullPage: true });
    const rows = await d1Rows<{ n: number }>("SELECT count(*) AS n FROM held_photos");
    expect(rows[0].n).toBe(0);
    await moderator.context.close();
    await thief.context.close();
  });

  it("taken down as impersonation, opens a takedown case on the Act's clock", async () => {
    // Another crop of the same original, by the same other account.
    const copy = join(workDir, "second-copy.jpg");
    await sharp(ORIGINAL).extract({ left: 0, top: 40, width: 570, height: 740 }).jpeg({ quality: 80 }).toFile(copy);
    const thief = await b.visitor({ viewport: MOBILE });
    await addPhoto(thief.page, agency, copy);
    const moderator = await b.visitor({ viewport: MOBILE });
    await signInAdmin(moderator.context, await makeAdministrator());
    // The two photos' boxes keep their size when the photos arrive: the decisions below them stay put.
    const photosHeld = await holdImages(moderator.page, "**/photos/**");
    await moderator.page.goto("/admin/matches", { waitUntil: "domcontentloaded" });
    await hydrated(moderator.page);
    const item = moderator.page.getByTestId("match-item");
    await item.getByText("opens a takedown case").waitFor();
    const { before, after } = await photosHeld.heightsBeforeAndAfter(item.locator("img"));
    expect(before).toHaveLength(2);
    expect(before.every((height) => height > 100)).toBe(true);
    expect(after).toEqual(before);
    await item.getByRole("button", { name: "Impersonation" }).click();
    await moderator.page.getByText("Nothing to review.").waitFor();
    const [opened] = await d1Rows<{ id: string; listing_id: string; status: string }>(
      "SELECT id, listing_id, status FROM takedown_cases",
    );
    expect(opened).toMatchObject({ listing_id: agency.listings[0].id, status: "waiting" });
    await moderator.page.goto("/admin/takedowns");
    const card = moderator.page.getByTestId("takedown-case");
    await card.waitFor();
    await expect(card.textContent()).resolves.toContain(agency.listings[0].firstName);
    await shot(moderator.page, "1-admin-impersonation-case-390", { fullPage: true, folder: "impersonation" });
    // The newer listing's owner is told and may answer, as for any case.
    await thief.page.goto(`/dashboard/takedowns/${opened.id}`);
    await hydrated(thief.page);
    await thief.page.getByText("48 hours", { exact: false }).first().waitFor();
    await shot(thief.page, "2-owner-told-of-case-390", { fullPage: true, folder: "impersonation" });
    await moderator.context.close();
    await thief.context.close();
  });
});
