// In Chromium at 390 px: the demo agency downloads a copy of its data from /managesub, after its password.
import { readFileSync } from "node:fs";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { seriousViolations } from "./axe";
import { hydrated, MOBILE, useBrowser } from "./browser";
import { enterAs } from "./people";
import { useOwnProvider } from "./providers";
import { shot } from "./shots";

const b = useBrowser();
const agency = useOwnProvider("agency");

describe("Download my data", () => {
  it("asks for the password again, then downloads one zip with the account, its listings and their photos", async () => {
    const { page, context } = await b.visitor({ viewport: MOBILE, bypassCSP: true });
    await enterAs(page, agency);
    await page.goto("/managesub");
    await hydrated(page);
    await page.getByTestId("your-data-link").click();
    await page.waitForURL((url) => url.pathname === "/account/your-data");
    await hydrated(page);
    // The address changes a moment before the new page replaces /managesub (whose forms also ask for the
    // current password): wait for this page's own button.
    await page.getByTestId("download-data").waitFor();

    // A wrong password is refused beside the field, and nothing is downloaded.
    await page.getByLabel("Current password").fill("not the password");
    await page.getByTestId("download-data").click();
    await page.getByText("That is not your current password.").waitFor();

    await page.getByLabel("Current password").fill(agency.password);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("download-data").click()]);
    expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
    const account = JSON.parse(strFromU8(files["account.json"]));
    expect(account.account.email).toBe(agency.email);
    const listings = Object.keys(files).filter((name) => name.endsWith("/listing.json"));
    expect(listings.length).toBeGreaterThanOrEqual(4);
    const photos = Object.keys(files).filter((name) => /\/photos\/\d+\.webp$/.test(name));
    expect(photos.length).toBeGreaterThanOrEqual(4);
    // The browser stays on the page, which now says the download started, and no longer that the password was
    // wrong; the password is not left in its field.
    expect(new URL(page.url()).pathname).toBe("/account/your-data");
    await page.getByTestId("download-started").getByText("Your download has started.").waitFor();
    await expect(page.getByText("That is not your current password.").count()).resolves.toBe(0);
    await expect(page.getByLabel("Current password").inputValue()).resolves.toBe("");
    await shot(page, "your-data-downloaded-390");
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
