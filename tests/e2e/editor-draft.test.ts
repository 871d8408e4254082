// The editor keeps a draft in this browser (provider spec: the current-profile draft): after a reload it
// offers to restore what was typed; 'Add New Listing' asks, and 'Start a new one' starts clean; a successful save clears the draft;
// signing out forgets every draft.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP, hydrated, useBrowser } from "./browser";
import { enterAs, insertAccount } from "./people";
import { useOwnProvider } from "./providers";

const b = useBrowser();
const indie = useOwnProvider("independent");
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\s*\\*?$`));
const unique = () => `${Date.now()}${Math.floor(Math.random() * 1e6)}`;

/** Waits until the editor's debounced draft write has happened. */
async function draftStored(page: Page, key: RegExp, text: string) {
  await page.waitForFunction(
    ([pattern, wanted]) =>
      Object.keys(localStorage).some(
        (k) => new RegExp(pattern).test(k) && (localStorage.getItem(k) ?? "").includes(wanted),
      ),
    [key.source, text] as const,
  );
}

describe("the editor's draft", () => {
  it("offers a new listing's typing back after a reload; Discard and 'Start a new one' start clean", async () => {
    const { context, page } = await b.visitor({ viewport: DESKTOP });
    await enterAs(page, await insertAccount({ firstName: "Draft Agency", emailPrefix: "draft", agency: true }));
    await page.getByRole("link", { name: "Add New Listing" }).click();
    await page.waitForURL((url) => url.pathname === "/profile/new");
    await hydrated(page);

    await field(page, "Display Name").fill("Tui");
    await field(page, "Tagline").fill("Sunny and kind, in the capital");
    await draftStored(page, /^currentProfileDraft$/, "Sunny and kind");

    // A reload (or a crash): the form comes back blank and offers the draft.
    await page.reload();
    await hydrated(page);
    const offer = page.getByTestId("draft-offer");
    await offer.waitFor();
    await expect(field(page, "Display Name").inputValue()).resolves.toBe("");
    await offer.getByRole("button", { name: "Restore changes" }).click();
    await expect(offer.count()).resolves.toBe(0);
    await expect(field(page, "Display Name").inputValue()).resolves.toBe("Tui");
    await expect(field(page, "Tagline").inputValue()).resolves.toBe("Sunny and kind, in the capital");

    // Discard forgets it for good.
    await page.reload();
    await hydrated(page);
    await page.getByTestId("draft-offer").getByRole("button", { name: "Discard" }).click();
    await expect(field(page, "Display Name").inputValue()).resolves.toBe("");
    await page.reload();
    await hydrated(page);
    await page.getByRole("heading", { name: "New Listing" }).waitFor();
    await expect(page.getByTestId("draft-offer").count()).resolves.toBe(0);

    // 'Add New Listing' asks before it clears the new listing's draft (decision 0025); 'Start a new one' does.
    await field(page, "Display Name").fill("Kea");
    await draftStored(page, /^currentProfileDraft$/, "Kea");
    await page.goto("/dashboard");
    await hydrated(page);
    await page.getByRole("link", { name: "Add New Listing" }).click();
    await page.getByTestId("draft-choice").getByRole("button", { name: "Start a new one" }).click();
    await page.waitForURL((url) => url.pathname === "/profile/new");
    await hydrated(page);
    await page.getByRole("heading", { name: "New Listing" }).waitFor();
    await expect(page.getByTestId("draft-offer").count()).resolves.toBe(0);
    await expect(field(page, "Display Name").inputValue()).resolves.toBe("");

    // Signing out forgets every draft in this browser.
    await field(page, "Display Name").fill("Ruru");
    await draftStored(page, /^currentProfileDraft$/, "Ruru");
    await page.goto("/dashboard");
    await hydrated(page);
    await page.getByRole("button", { name: "Sign Out" }).first().click();
    await page.waitForURL((url) => url.pathname === "/login");
    expect(
      await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("currentProfileDraft"))),
    ).toEqual([]);
    await context.close();
  });

  it("keeps an existing listing's edit across a reload, and a successful save clears it", async () => {
    const { context, page } = await b.visitor({ viewport: DESKTOP });
    await enterAs(page, indie);
    const editHref = await page.locator(`a[href^="/profile/edit/"]`).first().getAttribute("href");
    const listingId = editHref!.split("/").pop()!;
    await page.goto(editHref!);
    await hydrated(page);
    await page.getByTestId("editor-edit").click();
    for (let i = 0; i < 2; i++) await page.getByTestId("editor-next").click();
    await page.getByRole("heading", { name: /^Page 3 of 3/ }).waitFor();
    const availability = `Evenings after 6pm (${unique().slice(-4)})`;
    await field(page, "Availability").fill(availability);
    await draftStored(page, new RegExp(`^currentProfileDraft:${listingId}$`), availability);

    await page.reload();
    await hydrated(page);
    await page.getByTestId("draft-offer").getByRole("button", { name: "Restore changes" }).click();
    // Restoring opens the form for editing with the draft's values.
    for (let i = 0; i < 2; i++) await page.getByTestId("editor-next").click();
    await expect(field(page, "Availability").inputValue()).resolves.toBe(availability);
    await page.getByTestId("editor-save").click();
    await page.getByTestId("editor-edit").waitFor();
    await expect(page.getByTestId("editor-toast").textContent()).resolves.toContain("Your changes were saved.");
    expect(await page.evaluate((k) => localStorage.getItem(k), `currentProfileDraft:${listingId}`)).toBeNull();
    await page.reload();
    await hydrated(page);
    await page.getByTestId("editor-edit").waitFor();
    await expect(page.getByTestId("draft-offer").count()).resolves.toBe(0);
    await context.close();
  });
});
