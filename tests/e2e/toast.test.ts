// The site's one toast (app/ui/Toast.tsx) after saving a new listing on a phone: the editor closes
// onto the dashboard, and the toast's live region, in the page from the start, says the listing was saved.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./axe";
import { hydrated, MOBILE, useBrowser } from "./browser";
import { addPhotos, colourPhotos } from "./new-listing";
import { signUp } from "./people";

const b = useBrowser();
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\s*\\*?$`));
let files: string[] = [];

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), "toast-photos-"));
  files = await colourPhotos(dir, [
    { r: 200, g: 60, b: 60 },
    { r: 60, g: 160, b: 80 },
    { r: 60, g: 80, b: 200 },
  ]);
});

describe("the toast after saving a listing", () => {
  it("a new listing saved on a phone is confirmed by the toast, announced by its live region", async () => {
    const { context, page } = await b.visitor({ viewport: MOBILE, bypassCSP: true });
    const stamp = `${Date.now()}`.slice(-6);
    await signUp(page, { firstName: "Tama", email: `toast-${stamp}@example.nz`, password: "a-long-password" });
    await hydrated(page);
    await page.goto("/profile/new");
    await hydrated(page);
    await addPhotos(page, files);
    await field(page, "Display Name").fill(`Tama${stamp}`);
    await field(page, "Service Location").selectOption("Wellington");
    const suburb = page.getByRole("combobox", { name: "Suburb" });
    await suburb.fill("thorn");
    await page.getByRole("option", { name: "Thorndon" }).click();
    await field(page, "Contact phone").fill("021 555 0193");
    await field(page, "Place of service").selectOption("Incall & Outcall");
    await field(page, "Tagline").fill("Warm company in the capital");
    await field(page, "Bio").fill("Relaxed, discreet and always on time. Good coffee and great conversation.");
    await page.getByTestId("editor-next").click();
    await page.getByRole("heading", { name: /^Page 2 of 3/ }).waitFor();
    await field(page, "Age").fill("29");
    await field(page, "Nationality").selectOption("New Zealand");
    await field(page, "Body type").selectOption("Athletic");
    await page.getByTestId("editor-next").click();
    await page.getByRole("heading", { name: /^Page 3 of 3/ }).waitFor();
    await page.getByRole("button", { name: "Add incall rate" }).click();
    await page.getByLabel("Price ($)").first().fill("300");

    // The region is in the page before the save, so the words put in it are announced.
    const region = page.getByTestId("toast-region");
    expect(await region.getAttribute("role")).toBe("status");
    expect(await region.getAttribute("aria-live")).toBe("polite");
    await page.getByTestId("editor-save").click();
    await page.waitForURL((url) => url.pathname === "/dashboard");
    await region.getByText("Your listing was saved.").waitFor();
    expect(await region.evaluate((el) => el.getBoundingClientRect().right <= window.innerWidth)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  }, 90_000);
});
