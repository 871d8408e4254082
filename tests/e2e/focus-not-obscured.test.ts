// What the keyboard reaches is never hidden under the bar stuck to the top of the window (WCAG 2.2, 'Focus Not
// Obscured'): the page's scroll padding is that bar's height (app.css), so the browser stops whatever it
// scrolls to below it. The site header matters most: it slides back over the page on any scroll up, which is
// just when Shift+Tab moves to a link above the window.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP, hydrated, MOBILE, still, useBrowser } from "./browser";
import { enterAs, insertAccount } from "./people";

const b = useBrowser();

/** The page's scroll padding at the top, and the height of the bar marked `kind` (0 when it is not shown). */
function paddingAndBar(page: Page, kind: string) {
  return page.evaluate((kind) => {
    const bar = document.querySelector(`[data-sticky-top="${kind}"]`);
    return {
      padding: parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0,
      bar: bar ? bar.getBoundingClientRect().height : 0,
    };
  }, kind);
}

describe("the bar at the top of the window", () => {
  it("never covers what Shift+Tab moves to on a phone, back up the home page from the eighth card", async () => {
    const { context, page } = await b.visitor({ viewport: MOBILE });
    await page.goto("/");
    await hydrated(page);
    // From the eighth card of the first page up: from the footer, endless scroll adds pages during the walk, and
    // a page arriving with the focus on 'More listings' moves the focus to its first card (useFocusNewCards.ts),
    // out of the walk's order.
    await page.getByTestId("listing-card").nth(7).getByRole("link").first().focus();
    await still(page);
    let above = 0;
    for (let step = 0; step < 40; step++) {
      await page.keyboard.press("Shift+Tab");
      // The header slides back over the page as it scrolls up: look once it has arrived.
      await still(page);
      const seen = await page.evaluate(() => {
        const focused = document.activeElement as HTMLElement;
        const header = document.querySelector('[data-sticky-top="site"]')!;
        const box = focused.getBoundingClientRect();
        return {
          what: `${focused.tagName} ${focused.getAttribute("aria-label") ?? focused.innerText?.slice(0, 40)}`,
          inHeader: header.contains(focused),
          top: box.top,
          headerBottom: header.getBoundingClientRect().bottom,
        };
      });
      if (seen.inHeader) break;
      if (seen.top < seen.headerBottom - 1)
        throw new Error(`${seen.what} is under the header: ${JSON.stringify(seen)}`);
      if (seen.headerBottom > 0) above++;
    }
    // The walk did go up the page with the header shown over it, where the focus used to vanish.
    expect(above).toBeGreaterThan(10);
    await context.close();
  });

  for (const viewport of [MOBILE, DESKTOP])
    it(`is what the page's scroll padding allows for at ${viewport.width} px: site header, editor, dashboard`, async () => {
      const { context, page } = await b.visitor({ viewport });
      await page.goto("/");
      await hydrated(page);
      const site = await paddingAndBar(page, "site");
      expect(site.padding).toBe(site.bar);
      expect(site.bar).toBeGreaterThan(0);
      const person = await insertAccount({ firstName: "Keyboard" });
      await enterAs(page, person, "/profile/new");
      const editor = await paddingAndBar(page, "editor");
      expect(editor.padding).toBe(editor.bar);
      expect(editor.bar).toBeGreaterThan(0);
      await page.goto("/dashboard");
      await hydrated(page);
      // On a phone only: from the md breakpoint the menu is a column beside the page, and nothing is stuck.
      const dashboard = await paddingAndBar(page, "dashboard");
      expect(dashboard.padding).toBe(dashboard.bar);
      expect(dashboard.bar > 0).toBe(viewport === MOBILE);
      await context.close();
    });
});
