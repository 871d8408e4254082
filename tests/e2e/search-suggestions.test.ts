// The header's 'Find by name' suggestions, by keyboard only: type, arrow down, Enter opens the profile;
// Escape closes the list; Enter on the text alone still searches.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousViolations } from "./axe";
import { DESKTOP, hydrated, MOBILE, useBrowser } from "./browser";

const b = useBrowser();

/**
 * Waits until the list answers all the box holds. A pause in the typing sends a lookup for part of the name,
 * and its answer shows until the answer for the whole arrives (aria-busy meanwhile).
 */
async function settledList(page: Page) {
  const list = page.getByRole("listbox", { name: "Suggested names" });
  await list.waitFor();
  await expect.poll(() => list.getAttribute("aria-busy")).toBe("false");
  return list;
}

/** A live listing's name, read from the grid as a visitor would see it. */
async function aListedName(page: Page): Promise<{ name: string; id: string }> {
  const card = page.getByTestId("listing-grid").getByTestId("listing-card").first();
  const link = card.getByRole("link").first();
  const id = (await link.getAttribute("href"))!.split("/").pop()!;
  const name = (await card.locator("h3 span.truncate").first().textContent())!.trim();
  return { name, id };
}

describe("search suggestions", () => {
  it("are a combobox used by keyboard alone", async () => {
    const { context, page } = await b.visitor({ viewport: DESKTOP });
    await page.goto("/");
    await hydrated(page);
    const { name, id } = await aListedName(page);
    const box = page.getByRole("combobox", { name: "Find by name" });
    await box.focus();
    await page.keyboard.type(name.toLowerCase(), { delay: 30 });
    const list = await settledList(page);
    await expect(box.getAttribute("aria-expanded")).resolves.toBe("true");
    const options = list.getByRole("option");
    const count = await options.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(5);
    // An exact name is shown alone or first (spec §5), so the listing read from the grid is among them.
    await expect(list.textContent()).resolves.toContain(name);

    await page.keyboard.press("ArrowDown");
    const firstId = await options.first().getAttribute("id");
    await expect(box.getAttribute("aria-activedescendant")).resolves.toBe(firstId);
    await expect(options.first().getAttribute("aria-selected")).resolves.toBe("true");
    // Up from the first option goes back to the text; down again comes back to the first.
    await page.keyboard.press("ArrowUp");
    await expect(box.getAttribute("aria-activedescendant")).resolves.toBeNull();
    await page.keyboard.press("ArrowDown");

    // Pick the grid's listing: move down until it is the highlighted one.
    for (let i = 0; i < count; i++) {
      const active = page.locator(`[role="option"][aria-selected="true"]`);
      if (((await active.textContent()) ?? "").startsWith(name)) break;
      await page.keyboard.press("ArrowDown");
    }
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === `/view/${id}`);
    // The box no longer has the focus: on a phone its keyboard would stay up over the profile.
    await expect(box.evaluate((el) => el === document.activeElement)).resolves.toBe(false);
    await context.close();
  });

  it("keep the highlight on the same name when typing on still suggests it", async () => {
    const { context, page } = await b.visitor({ viewport: DESKTOP });
    await page.goto("/");
    await hydrated(page);
    const { name } = await aListedName(page);
    const box = page.getByRole("combobox", { name: "Find by name" });
    await box.focus();
    await page.keyboard.type(name.slice(0, -1).toLowerCase(), { delay: 30 });
    const list = await settledList(page);
    const active = list.locator(`[role="option"][aria-selected="true"]`);
    const highlighted = async () => ((await active.count()) ? ((await active.textContent()) ?? "") : "");
    for (let i = 0; i < 6 && !(await highlighted()).startsWith(name); i++) await page.keyboard.press("ArrowDown");
    expect(await highlighted()).toMatch(new RegExp(`^${name}`));
    // The last letter: a new answer, which still holds that name (an exact name comes first).
    await page.keyboard.type(name.slice(-1).toLowerCase());
    await settledList(page);
    expect(await highlighted()).toMatch(new RegExp(`^${name}`));
    await expect(box.getAttribute("aria-activedescendant")).resolves.toBe(await active.getAttribute("id"));
    await context.close();
  });

  it("Escape closes the list, then clears the text; Enter on the text searches", async () => {
    const { context, page } = await b.visitor({ viewport: MOBILE, bypassCSP: true });
    await page.goto("/");
    await hydrated(page);
    const { name } = await aListedName(page);
    const box = page.getByRole("combobox", { name: "Find by name" });
    await box.focus();
    await page.keyboard.type(name.slice(0, 3), { delay: 30 });
    const list = await settledList(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await list.waitFor({ state: "hidden" });
    await expect(box.getAttribute("aria-expanded")).resolves.toBe("false");
    await expect(box.inputValue()).resolves.toBe(name.slice(0, 3));
    await page.keyboard.press("Escape");
    await expect(box.inputValue()).resolves.toBe("");

    await page.keyboard.type(name.slice(0, 3), { delay: 30 });
    await list.waitFor();
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/search" && url.searchParams.get("q") === name.slice(0, 3));
    await context.close();
  });
});
