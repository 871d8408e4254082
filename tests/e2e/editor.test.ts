// The listing editor in Chromium: a new Agency creates a listing through all three pages with real photo
// files, reorders the photos by drag and by keyboard, saves, finds it on the dashboard, edits it (the
// photo order by keyboard alone), and deletes it from /managesub.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, hydrated, MOBILE, useBrowser } from "./browser";
import { signUp } from "./people";

const b = useBrowser();
const unique = () => `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
const COLOURS: [string, [number, number, number]][] = [
  ["red", [220, 40, 40]],
  ["green", [40, 180, 60]],
  ["blue", [40, 70, 220]],
  ["yellow", [230, 210, 40]],
];
let dir = "";
let files: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "editor-photos-"));
  files = [];
  for (const [name, [r, g, bl]] of COLOURS) {
    const path = join(dir, `${name}.jpg`);
    await sharp({ create: { width: 900, height: 1200, channels: 3, background: { r, g, b: bl } } })
      .jpeg({ quality: 85 })
      .toFile(path);
    files.push(path);
  }
  writeFileSync(join(dir, "notes.jpg"), "this is a text file wearing a .jpg name");
});

/** The dominant colour name of each photo tile, in display order (read from the pixels near a corner). */
async function tileColours(page: Page): Promise<string[]> {
  const rgb = await page.getByTestId("photo-tile").evaluateAll(async (tiles) => {
    const out: number[][] = [];
    for (const tile of tiles) {
      const img = tile.querySelector("img")!;
      if (!img.complete) await new Promise((r) => img.addEventListener("load", r, { once: true }));
      const canvas = document.createElement("canvas");
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const ctx = canvas.getContext("2d")!;
      ctx.drawImage(img, 0, 0);
      out.push([...ctx.getImageData(10, 10, 1, 1).data].slice(0, 3));
    }
    return out;
  });
  return rgb.map((c) => {
    let best = "";
    let bestDistance = Infinity;
    for (const [name, ref] of COLOURS) {
      const d = ref.reduce((sum, v, i) => sum + (v - c[i]) ** 2, 0);
      if (d < bestDistance) [best, bestDistance] = [name, d];
    }
    return best;
  });
}

/** A form control by its label, which may end in the required asterisk. */
/**
 * Space, ArrowRight, Space on the focused first handle. Each key waits for the announcement of the one
 * before: an arrow pressed before the pick-up has taken effect is ignored, as it would be for a person.
 */
async function moveFirstPhotoOneLaterByKeyboard(page: Page) {
  const announcement = page.getByTestId("photo-announcement");
  await page.keyboard.press("Space");
  await announcement.filter({ hasText: "Picked up photo 1 of 4." }).waitFor();
  await page.keyboard.press("ArrowRight");
  await announcement.filter({ hasText: "Photo moved to position 2 of 4." }).waitFor();
  await page.keyboard.press("Space");
  await announcement.filter({ hasText: "dropped at position 2 of 4" }).waitFor();
}

const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\s*\\*?$`));

async function waitForUploads(page: Page, count: number) {
  await page.waitForFunction(
    (n) =>
      document.querySelectorAll('[data-testid="photo-tile"]').length === n &&
      !document.querySelector('[data-testid="photo-tile"] [role="status"]'),
    count,
    { timeout: 30_000 },
  );
}

describe("the listing editor", () => {
  it("creates a listing over three pages, reorders photos, saves, edits it and deletes it", async () => {
    const { context, page } = await b.visitor({ viewport: DESKTOP });
    const email = `editor-${unique()}@example.nz`;
    const name = `Kahu${unique().slice(-5)}`;

    // Sign up as an Agency.
    await signUp(page, { firstName: "Harbour Agency", email, password: "a-long-password", agency: true });

    // A blank form in edit mode; Next checks page 1 first.
    await hydrated(page);
    await page.getByRole("link", { name: "Add New Listing" }).click();
    await page.waitForURL((url) => url.pathname === "/profile/new");
    await hydrated(page);
    await page.getByRole("heading", { name: "New Listing" }).waitFor();
    await expect(page.getByRole("link", { name: "Back to dashboard" }).getAttribute("href")).resolves.toBe(
      "/dashboard",
    );
    await page.getByTestId("editor-next").click();
    await expect(page.getByTestId("error-firstName").textContent()).resolves.toBe("Display Name is required.");
    await expect(page.getByTestId("error-images").textContent()).resolves.toBe("A minimum of 3 photos is required.");
    await expect(page.getByTestId("error-contactPhone").textContent()).resolves.toBe("Contact phone is required");
    await page.getByRole("heading", { name: /^Page 1 of 3/ }).waitFor();

    // Real photo files, plus a text file named .jpg that is refused by its bytes, by name.
    await page.getByTestId("photo-input").setInputFiles([...files, join(dir, "notes.jpg")]);
    await page.getByTestId("photo-refusals").waitFor();
    // The spec's text (provider §5), then the file by name with its reason.
    await expect(page.getByTestId("photo-refusal-heading").allTextContents()).resolves.toEqual([
      "1 files were skipped due to invalid type or size.",
    ]);
    await expect(page.getByTestId("photo-refusal").allTextContents()).resolves.toEqual([
      "notes.jpg: not a JPEG, PNG or WebP image",
    ]);
    await waitForUploads(page, 4);
    expect(await tileColours(page)).toEqual(["red", "green", "blue", "yellow"]);

    // Drag the last photo onto the first place. In steps, as a hand moves: the first few pixels only pick
    // the photo up (so a click is never a drag), and it follows the pointer from there.
    await page.getByTestId("photo-tile").nth(3).dragTo(page.getByTestId("photo-tile").nth(0), { steps: 10 });
    expect(await tileColours(page)).toEqual(["yellow", "red", "green", "blue"]);
    // Keyboard: pick up photo 1, move it one place later, drop it.
    await page.getByTestId("photo-handle").nth(0).focus();
    await moveFirstPhotoOneLaterByKeyboard(page);
    expect(await tileColours(page)).toEqual(["red", "yellow", "green", "blue"]);
    await expect(page.getByTestId("photo-announcement").textContent()).resolves.toContain("position 2 of 4");
    await expect(
      page.getByTestId("photo-tile").evaluateAll((t) => t.map((el) => el.getAttribute("data-position"))),
    ).resolves.toEqual(["1", "2", "3", "4"]);

    // Page 1 fields; the suburb waits for a region and is cleared when the region changes.
    await field(page, "Display Name").fill(name);
    await expect(page.getByRole("combobox", { name: "Suburb" }).isDisabled()).resolves.toBe(true);
    await field(page, "Service Location").selectOption("Wellington");
    const suburb = page.getByRole("combobox", { name: "Suburb" });
    await suburb.fill("zzz");
    await page.getByText("No suburbs found.").waitFor();
    await suburb.fill("TE A");
    await page.getByRole("option", { name: "Te Aro" }).click();
    await expect(suburb.inputValue()).resolves.toBe("Te Aro");
    await field(page, "Service Location").selectOption("Auckland");
    await expect(suburb.inputValue()).resolves.toBe("");
    await field(page, "Service Location").selectOption("Wellington");
    // And by keyboard: once the list is down to its one match, that match is highlighted and Enter chooses it.
    await suburb.fill("thorn");
    const matches = page.getByTestId("suburb-options").getByRole("option");
    await expect.poll(() => matches.count()).toBe(1);
    const thorndon = matches.filter({ hasText: "Thorndon" });
    await expect(suburb.getAttribute("aria-activedescendant")).resolves.toBe(await thorndon.getAttribute("id"));
    await suburb.press("Enter");
    await expect(suburb.inputValue()).resolves.toBe("Thorndon");
    await expect(suburb.getAttribute("aria-expanded")).resolves.toBe("false");
    await field(page, "Contact phone").fill("021 555 0191");
    await field(page, "Place of service").selectOption("Incall & Outcall");
    await field(page, "Tagline").fill("Warm company in the capital");
    await expect(page.getByTestId("counter-tagLine").textContent()).resolves.toContain("27 / 100");
    await field(page, "Bio").fill(
      "Relaxed, discreet and always on time. I love good coffee, long walks on the waterfront and great conversation.",
    );

    // The live preview (desktop) follows the form after its debounce and rings the changed field.
    const preview = page.getByTestId("editor-preview");
    await preview.getByRole("heading", { name, exact: true }).waitFor();
    await preview.getByText("Warm company in the capital").waitFor();
    await preview.locator(".ring-accent").first().waitFor();

    await page.getByTestId("editor-next").click();
    await page.getByRole("heading", { name: /^Page 2 of 3/ }).waitFor();
    await page.getByTestId("editor-next").click();
    await expect(page.getByTestId("error-age").textContent()).resolves.toBe("Age is required.");
    await field(page, "Age").fill("29");
    await field(page, "Nationality").selectOption("New Zealand");
    await field(page, "Body type").selectOption("Athletic");
    await page.getByTestId("multi-services").getByText("GFE", { exact: true }).click();
    await page.getByTestId("multi-services").getByText("Massage", { exact: true }).click();
    await page.getByTestId("multi-interests").getByText("Yoga", { exact: true }).click();
    await page.getByTestId("editor-next").click();

    await page.getByRole("heading", { name: /^Page 3 of 3/ }).waitFor();
    await page.getByRole("button", { name: "Add incall rate" }).click();
    await expect(page.getByLabel("Duration").first().inputValue()).resolves.toBe("1hr");
    await page.getByLabel("Price ($)").first().fill("300");
    await page.getByRole("button", { name: "Add outcall rate" }).click();
    await page.getByLabel("Price ($)").nth(1).fill("420");
    await field(page, "Availability").fill("Weekdays from 10am");
    await page.getByTestId("editor-save").click();

    // Saved: on the dashboard, hidden until its worker consents (an agency listing: docs/decisions/0058).
    await page.waitForURL((url) => url.pathname === "/dashboard");
    await page.getByText(name).first().waitFor();
    await page.getByText("Hidden - Waiting for the worker").first().waitFor();

    // Edit it: view mode first, then Edit Profile.
    const editHref = await page.locator(`a[href^="/profile/edit/"]`).first().getAttribute("href");
    expect(editHref).toMatch(/^\/profile\/edit\/[0-9a-z]{16}$/);
    await page.goto(editHref!);
    await hydrated(page);
    await page.getByRole("heading", { name: `Edit Listing: ${name}` }).waitFor();
    await waitForUploads(page, 4);
    // The saved photos kept the order chosen before the save.
    expect(await tileColours(page)).toEqual(["red", "yellow", "green", "blue"]);
    await expect(field(page, "Tagline").isDisabled()).resolves.toBe(true);
    await page.getByTestId("editor-edit").click();
    // The keyboard alone reorders saved photos too, and screen readers hear each step.
    await page.getByTestId("photo-handle").nth(0).focus();
    await moveFirstPhotoOneLaterByKeyboard(page);
    await expect(page.getByTestId("photo-announcement").textContent()).resolves.toContain(
      "Photo 1 dropped at position 2 of 4.",
    );
    expect(await tileColours(page)).toEqual(["yellow", "red", "green", "blue"]);
    await field(page, "Tagline").fill("Warm company in the capital, now booking");
    await page.getByTestId("editor-next").click();
    await page.getByTestId("editor-next").click();
    await page.getByTestId("editor-save").click();
    await page.getByTestId("editor-edit").waitFor();
    await expect(page.getByTestId("editor-toast").textContent()).resolves.toContain("Your changes were saved.");
    await page.reload();
    await hydrated(page);
    await expect(field(page, "Tagline").inputValue()).resolves.toBe("Warm company in the capital, now booking");
    // The saved order is the one chosen with the keyboard.
    await waitForUploads(page, 4);
    expect(await tileColours(page)).toEqual(["yellow", "red", "green", "blue"]);

    // On a phone the preview is not shown.
    await page.setViewportSize(MOBILE);
    await expect(page.getByTestId("editor-preview").isVisible()).resolves.toBe(false);
    await page.setViewportSize(DESKTOP);

    // Delete it from /managesub.
    await page.goto("/managesub");
    await hydrated(page);
    page.once("dialog", (d) => void d.accept());
    await page.getByRole("button", { name: `Delete Listing ${name}` }).click();
    await page.getByText("The listing has been deleted.").waitFor();
    await page.goto(editHref!);
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
    expect((page as Page & { jsErrors: string[] }).jsErrors).toEqual([]);
    await context.close();
  }, 180_000);

  it("refuses a batch of more than 20 files", async () => {
    const { context, page } = await b.visitor({ viewport: DESKTOP });
    await signUp(page, {
      firstName: "Batch",
      email: `batch-${unique()}@example.nz`,
      password: "a-long-password",
      agency: true,
    });
    await page.goto("/profile/new");
    await hydrated(page);
    await page.getByTestId("photo-input").setInputFiles(Array.from({ length: 21 }, () => files[0]));
    await expect(page.getByTestId("editor-toast").textContent()).resolves.toContain(
      "You can only upload up to 20 images at once.",
    );
    await expect(page.getByTestId("photo-tile").count()).resolves.toBe(0);
    await context.close();
  });
});
