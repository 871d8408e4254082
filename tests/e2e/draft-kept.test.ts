// A draft is never thrown away silently (docs/decisions/0025-drafts-kept-with-their-photos.md), on a phone:
// a new Independent starts a listing with a photo, goes back to the dashboard, presses 'Add New Listing' and
// is asked: Continue brings the typing and the photo back; 'Start a new one' gives an empty form. Cancel asks
// before discarding, 'Save Draft' on an incomplete listing lists what is missing, and refused files are
// named with their reasons.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./axe";
import { hydrated, MOBILE, useBrowser } from "./browser";
import { enterAs, insertAccount } from "./people";

const b = useBrowser();
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\s*\\*?$`));
let dir = "";

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "draft-kept-"));
  await sharp({ create: { width: 900, height: 1200, channels: 3, background: { r: 220, g: 40, b: 40 } } })
    .jpeg({ quality: 85 })
    .toFile(join(dir, "red.jpg"));
  writeFileSync(join(dir, "notes.jpg"), "this is a text file wearing a .jpg name");
  // A JPEG's first bytes, then 11 MB: over the limit whatever it holds.
  const huge = Buffer.alloc(11 * 1024 * 1024);
  huge.set([0xff, 0xd8, 0xff, 0xe0]);
  writeFileSync(join(dir, "huge.jpg"), huge);
});

/** Photo tiles shown, once every one has finished uploading and its picture has loaded. */
async function loadedPhotos(page: Page, count: number) {
  await page.waitForFunction(
    (n) => {
      const tiles = [...document.querySelectorAll('[data-testid="photo-tile"]')];
      return (
        tiles.length === n &&
        !document.querySelector('[data-testid="photo-tile"] [role="status"]') &&
        tiles.every((t) => (t.querySelector("img") as HTMLImageElement | null)?.naturalWidth)
      );
    },
    count,
    { timeout: 30_000 },
  );
}

async function toDashboard(page: Page) {
  await page.getByTestId("editor-back").click();
  await page.waitForURL((url) => url.pathname === "/dashboard");
  await hydrated(page);
}

describe("the draft kept through 'Add New Listing'", () => {
  it("Continue brings the fields and the photo back; 'Start a new one' is empty; Cancel asks", async () => {
    const { context, page } = await b.visitor({ viewport: MOBILE, bypassCSP: true });
    await enterAs(page, await insertAccount({ firstName: "Moana", emailPrefix: "draftkept" }));

    // No draft yet: the button opens the editor at once.
    await page.getByRole("link", { name: "Add New Listing" }).click();
    await page.waitForURL((url) => url.pathname === "/profile/new");
    await hydrated(page);
    await page
      .getByTestId("photo-input")
      .setInputFiles([join(dir, "red.jpg"), join(dir, "notes.jpg"), join(dir, "huge.jpg")]);

    // Each refused file by name, with its reason.
    const refusals = page.getByTestId("photo-refusals");
    await refusals.waitFor();
    await expect(refusals.textContent()).resolves.toContain("2 files were skipped due to invalid type or size.");
    await expect(page.getByTestId("photo-refusal").allTextContents()).resolves.toEqual([
      "notes.jpg: not a JPEG, PNG or WebP image",
      "huge.jpg: larger than the 10 MB limit",
    ]);
    await loadedPhotos(page, 1);
    await field(page, "Display Name").fill("Moana");
    await field(page, "Tagline").fill("Warm and calm, in the capital");
    await page.waitForFunction(() => /"photos":\[\{"uploadId"/.test(localStorage.getItem("currentProfileDraft") ?? ""));
    await page.waitForFunction(() => (localStorage.getItem("currentProfileDraft") ?? "").includes("Warm and calm"));

    // Back on the dashboard, 'Add New Listing' asks instead of wiping the draft.
    await toDashboard(page);
    await page.getByRole("link", { name: "Add New Listing" }).click();
    const choice = page.getByTestId("draft-choice");
    await choice.waitFor();
    await expect(choice.textContent()).resolves.toContain("with 1 photo");
    expect(await seriousViolations(page)).toEqual([]);
    await choice.getByRole("button", { name: /^Continue your unsaved listing from / }).click();
    await page.waitForURL((url) => url.pathname === "/profile/new");
    await hydrated(page);
    await expect.poll(() => field(page, "Display Name").inputValue()).toBe("Moana");
    await expect(field(page, "Tagline").inputValue()).resolves.toBe("Warm and calm, in the capital");
    await loadedPhotos(page, 1);
    await expect(page.getByTestId("draft-offer").count()).resolves.toBe(0);

    // 'Save Draft' keeps the incomplete listing as a draft and says what is still missing.
    await page.getByTestId("editor-save").click();
    const gaps = page.getByTestId("draft-gaps");
    await gaps.waitFor();
    await expect(gaps.textContent()).resolves.toContain("A minimum of 3 photos is required.");
    await expect(gaps.textContent()).resolves.toContain("Contact phone is required");
    expect(page.url()).toMatch(/\/profile\/new$/);

    // Cancel asks before discarding; 'Keep editing' keeps everything.
    await page.getByTestId("editor-cancel").click();
    const ask = page.getByTestId("discard-dialog");
    await ask.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await ask.getByRole("button", { name: "Keep editing" }).click();
    await expect(ask.count()).resolves.toBe(0);
    await expect(field(page, "Display Name").inputValue()).resolves.toBe("Moana");

    // 'Start a new one' gives an empty form, and the old draft is gone.
    await toDashboard(page);
    await page.getByRole("link", { name: "Add New Listing" }).click();
    await page.getByTestId("draft-choice").getByRole("button", { name: "Start a new one" }).click();
    await page.waitForURL((url) => url.pathname === "/profile/new");
    await hydrated(page);
    await page.getByRole("heading", { name: "New Listing" }).waitFor();
    await expect(field(page, "Display Name").inputValue()).resolves.toBe("");
    await expect(page.getByTestId("photo-tile").count()).resolves.toBe(0);
    await expect(page.getByTestId("draft-offer").count()).resolves.toBe(0);

    // Cancel on a form with typing asks; 'Discard listing' forgets it, so the next 'Add New Listing' does not ask.
    await field(page, "Display Name").fill("Kea");
    await page.waitForFunction(() => (localStorage.getItem("currentProfileDraft") ?? "").includes("Kea"));
    await page.getByTestId("editor-cancel").click();
    await page.getByTestId("discard-dialog").getByRole("button", { name: "Discard listing" }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard");
    await hydrated(page);
    expect(await page.evaluate(() => localStorage.getItem("currentProfileDraft"))).toBeNull();
    await page.getByRole("link", { name: "Add New Listing" }).click();
    await page.waitForURL((url) => url.pathname === "/profile/new");
    await expect(page.getByTestId("draft-choice").count()).resolves.toBe(0);
    await context.close();
  });
});
