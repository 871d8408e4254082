import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP, hydrated, MOBILE, still, useBrowser } from "./browser";

const b = useBrowser();

/**
 * Waits until the filter chip `name` shows as on or off. A chip's URL changes before the page renders the new
 * filters, and that render scrolls to the count: a click made in between lands on whatever the scroll moved under
 * the pointer (docs/testing.md, 'Flakes and their causes'). The chips change in that same render.
 */
async function chipShows(page: Page, name: string, on: boolean) {
  // Hidden too: with the age filter off, the closed 'All Filters' holds its chips.
  const chip = page.getByRole("link", { name, exact: true, includeHidden: true });
  await expect.poll(() => chip.getAttribute("aria-current")).toBe(on ? "true" : null);
}

/**
 * Clicks the filter chip `name` from the middle of the window. Landing on the count leaves the chips at the
 * window's top edge; a click there scrolls up a few pixels first, and any scroll up brings the hidden header
 * back down over the chips, so the press could end on the header (docs/testing.md, 'Flakes and their causes').
 */
async function clickChip(page: Page, name: string) {
  const chip = page.getByRole("link", { name, exact: true });
  await chip.evaluate((el) => el.scrollIntoView({ block: "center" }));
  await still(page);
  await chip.click();
}

describe("a visitor browses the listings", () => {
  it("passes the age gate without a flash of content or a layout shift", async () => {
    const { context, page } = await b.visitor({ adult: false });
    await page.goto("/");
    const gate = page.getByTestId("age-gate");
    await expect(gate.isVisible()).resolves.toBe(true);
    // The content is rendered behind the gate but inert until the visitor confirms.
    await expect(page.locator("main").getAttribute("inert")).resolves.toBeNull();
    await expect(page.locator("div[inert]").count()).resolves.toBe(1);
    await hydrated(page);
    // The gate's own code loads after the page's (app/ui/clientLazy.tsx); once in, the gate is modal.
    await page.waitForFunction(() => document.querySelector("[data-age-gate]")?.matches(":modal"));
    const before = await page.locator("main h1").boundingBox();
    await page.getByRole("button", { name: "I am 18+ years old" }).click();
    await gate.waitFor({ state: "detached" });
    const after = await page.locator("main h1").boundingBox();
    expect(after).toEqual(before);
    expect(await page.evaluate(() => localStorage.getItem("ageVerified"))).toBe("true");
    await page.reload();
    await expect(page.getByTestId("age-gate").count()).resolves.toBe(0);
    await expect(page.getByRole("link", { name: "Exit Site" }).count()).resolves.toBe(0);
    await context.close();
  });

  it("restores a lost age cookie from storage before the first paint: no gate flash, no reload", async () => {
    const { context, page } = await b.visitor({ adult: false });
    await context.addInitScript(() => localStorage.setItem("ageVerified", "true"));
    // Hold the app's scripts back, so what the visitor sees before hydration can be checked.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await page.locator("main h1").waitFor();
    const gate = page.getByTestId("age-gate");
    await expect(gate.isVisible()).resolves.toBe(false);
    expect((await context.cookies()).some((c) => c.name === "age_verified" && c.value === "1")).toBe(true);
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    release();
    await hydrated(page);
    await expect(gate.count()).resolves.toBe(0);
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    expect(await page.evaluate(() => performance.getEntriesByType("navigation").length)).toBe(1);
    await context.close();
  });

  it("passes the age gate without JavaScript: the button posts and the same page comes back without the gate", async () => {
    const { context, page } = await b.visitor({ adult: false, javaScript: false });
    await page.goto("/locations/Auckland");
    await expect(page.getByTestId("age-gate").isVisible()).resolves.toBe(true);
    await page.getByRole("button", { name: "I am 18+ years old" }).click();
    await page.waitForURL((url) => url.pathname === "/locations/Auckland");
    await page.locator("main h1").waitFor();
    await expect(page.getByTestId("age-gate").count()).resolves.toBe(0);
    await context.close();
  });

  it("passes the age gate before the gate's own code is in: the form posts, and the confirmation is stored", async () => {
    const { context, page } = await b.visitor({ adult: false });
    await page.route(/\/assets\/AgeGate-[^/]*\.js$/, (route) => route.abort());
    await page.goto("/locations/Auckland");
    await hydrated(page);
    await page.getByRole("button", { name: "I am 18+ years old" }).click();
    await page.waitForURL((url) => url.pathname === "/locations/Auckland");
    await hydrated(page);
    await expect(page.getByTestId("age-gate").count()).resolves.toBe(0);
    await page.waitForFunction(() => localStorage.getItem("ageVerified") === "true");
    await context.close();
  });

  it("downloads the age gate's code only for a visitor who has not confirmed", async () => {
    /**
     * The scripts a page load fetched that are the gate's own chunk (vite.config.ts names it AgeGate). By name,
     * not by body: a body read back from a loaded browser can come back empty.
     */
    async function gateScripts(adult: boolean) {
      const { context, page } = await b.visitor({ adult });
      const scripts: string[] = [];
      page.on("response", (r) => {
        if (r.request().resourceType() === "script") scripts.push(new URL(r.url()).pathname);
      });
      await page.goto("/");
      await hydrated(page);
      await page.waitForLoadState("networkidle");
      await context.close();
      expect(scripts.length).toBeGreaterThan(0);
      return scripts.filter((path) => /\/AgeGate-[\w-]+\.js$/.test(path)).length;
    }
    await expect(gateScripts(false)).resolves.toBe(1);
    await expect(gateScripts(true)).resolves.toBe(0);
  });

  it("offers 'Exit Site' to leave", async () => {
    const { context, page } = await b.visitor({ adult: false });
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Exit Site" }).getAttribute("href")).resolves.toBe(
      "https://www.google.com",
    );
    await context.close();
  });

  it("browses home, switches region with the count bar on a wide screen", async () => {
    const { context, page } = await b.visitor({ viewport: DESKTOP });
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("heading", { level: 1, name: "All Escorts", exact: true }).waitFor();
    await expect(page.getByRole("heading", { name: "Featured Girls" }).isVisible()).resolves.toBe(true);
    await expect(page.getByTestId("listing-card").count()).resolves.toBe(8);
    await expect(page.getByTestId("region-dropdown").isVisible()).resolves.toBe(false);
    const bar = page.getByTestId("region-bar");
    // The bar's plain links are followed in the app (useInAppLinks): the document stays the same.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await bar.getByRole("link", { name: /^Wellington/ }).click();
    await page.waitForURL("**/locations/Wellington");
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await page.getByTestId("listing-grid").locator("article").first().waitFor();
    await page.getByRole("heading", { level: 1, name: "Wellington Escorts", exact: true }).waitFor();
    const locations = await page.getByTestId("listing-grid").locator("article").allTextContents();
    expect(locations.length).toBeGreaterThan(0);
    for (const text of locations) expect(text).toContain("Wellington");
    await context.close();
  });

  it("switches region with the dropdown on a narrow screen", async () => {
    const { context, page } = await b.visitor({ viewport: MOBILE });
    await page.goto("/");
    await hydrated(page);
    await expect(page.getByTestId("region-bar").isVisible()).resolves.toBe(false);
    await page.getByLabel("Region", { exact: true }).selectOption("Christchurch");
    await page.waitForURL("**/locations/Christchurch");
    await page.getByRole("heading", { level: 1, name: "Christchurch Escorts", exact: true }).waitFor();
    await page.getByLabel("Region", { exact: true }).selectOption("");
    await page.waitForURL((url) => url.pathname === "/");
    await context.close();
  });

  it("applies and clears filters", async () => {
    const { context, page } = await b.visitor();
    await page.goto("/");
    await hydrated(page);
    await page.getByText("All Filters").click();
    await expect(page.getByText("Show Less").isVisible()).resolves.toBe(true);
    // A filter link is followed in the app (no new document) and lands on the results' count, which
    // filter-count.test.ts holds in view on a phone.
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    await clickChip(page, "18-24");
    await page.waitForURL("**/?age=18-24#results");
    await chipShows(page, "18-24", true);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    // The URL changes as the answer commits; the grid takes its new cards from it just after (useGridPages).
    await page.waitForFunction(() => {
      const ages = [...document.querySelectorAll('[data-testid="listing-grid"] h3')].map((h) =>
        Number(/(\d+)/.exec(h.textContent ?? "")?.[1]),
      );
      return ages.length > 0 && ages.every((age) => age >= 18 && age <= 24);
    });
    // A second filter combines with the first.
    await clickChip(page, "Verified");
    await page.waitForURL("**/?age=18-24&show=verified#results");
    await chipShows(page, "Verified", true);
    // Clicking the active filter clears it.
    await clickChip(page, "18-24");
    await page.waitForURL("**/?show=verified#results");
    await chipShows(page, "18-24", false);
    // 'All Escorts' clears everything.
    await clickChip(page, "All Escorts");
    await page.waitForURL((url) => url.pathname === "/" && url.search === "");
    await chipShows(page, "All Escorts", true);
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="listing-grid"] [data-testid="listing-card"]').length === 8,
    );
    await context.close();
  });

  it("scrolls and gets more cards, then hides the header while scrolling down", async () => {
    const { context, page } = await b.visitor();
    await page.goto("/");
    await hydrated(page);
    await expect(page.getByTestId("listing-grid").getByTestId("listing-card").count()).resolves.toBe(8);
    await page.getByTestId("grid-end").scrollIntoViewIfNeeded();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="listing-grid"] [data-testid="listing-card"]').length >= 16,
    );
    await page.getByTestId("grid-end").scrollIntoViewIfNeeded();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="listing-grid"] [data-testid="listing-card"]').length >= 24,
    );
    const ids = await page
      .getByTestId("listing-grid")
      .locator("a[href^='/view/']")
      .evaluateAll((els) => els.map((e) => e.getAttribute("href")));
    expect(new Set(ids).size).toBe(ids.length);
    // The header slides away while scrolling down past 100 px and comes back on the way up.
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="site-header"]')!.className.includes("-translate-y-full"),
    );
    await page.mouse.wheel(0, -300);
    await page.waitForFunction(
      () => !document.querySelector('[data-testid="site-header"]')!.className.includes("-translate-y-full"),
    );
    await context.close();
  });

  it("takes a keyboard user from 'More listings' to each new page's first card, to the last page", async () => {
    const { context, page } = await b.visitor({ viewport: MOBILE });
    await page.goto("/");
    await hydrated(page);
    const cards = page.getByTestId("listing-grid").getByTestId("listing-card");
    /** Where the focus is: the index of the card whose name link has it, or what else has it. */
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement;
        const all = [...document.querySelectorAll('[data-testid="listing-grid"] [data-testid="listing-card"]')];
        const card = el?.matches("a.card-link") ? el.closest('[data-testid="listing-card"]') : null;
        return card ? all.indexOf(card) : `${el?.tagName.toLowerCase()} ${el?.getAttribute("data-testid") ?? ""}`;
      });
    let pages = 1;
    for (; pages < 20 && (await page.getByTestId("more-link").count()) > 0; pages++) {
      const held = await cards.count();
      // As Tab would (a focus, which wakes the islands, and the scroll that shows it): the grid's end comes into
      // view, endless scroll asks for the next page, and that page's first card takes the focus from the link.
      await page.getByTestId("more-link").focus();
      await expect.poll(focused, { timeout: 10_000 }).toBe(held);
    }
    // The last page took 'More listings' away; the focus was on its first card, not lost to the page.
    expect(pages).toBeGreaterThan(2);
    expect(typeof (await focused())).toBe("number");
    await context.close();
  });

  it("loads the next page with a plain link when JavaScript is off", async () => {
    const { context, page: p } = await b.visitor({ javaScript: false });
    await p.goto("/");
    const first = await p.locator("a[href^='/view/']").first().getAttribute("href");
    await p.getByTestId("more-link").click();
    await p.waitForURL((url) => url.search.startsWith("?page=2&slot="));
    expect(await p.getByTestId("listing-card").count()).toBe(8);
    expect(await p.locator("a[href^='/view/']").first().getAttribute("href")).not.toBe(first);
    // Filters are links too.
    await p.getByRole("link", { name: "Hot", exact: true }).click();
    await p.waitForURL("**/?show=hot#results");
    await context.close();
  });

  it("searches by name only for non-empty text", async () => {
    const { context, page } = await b.visitor();
    await page.goto("/");
    await hydrated(page);
    const box = page.getByLabel("Find by name");
    await box.fill("   ");
    await box.press("Enter");
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe("/");
    await box.fill("  Ruby ");
    await box.press("Enter");
    await page.waitForURL("**/search?q=Ruby");
    await context.close();
  });
});
