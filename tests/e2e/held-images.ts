// Images held back until a test has measured the boxes they will fill: a box that grows when its image arrives
// moves everything under it, and a tap whose finger goes down on a button and comes up after the move reaches
// nothing (docs/testing.md, 'Approve that approved nothing').
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";

/** From now on, `page`'s requests for `pattern` wait until `heightsBeforeAndAfter` lets them through. */
export async function holdImages(page: Page, pattern: string) {
  let letThrough = () => {};
  const held = new Promise<void>((go) => (letThrough = go));
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return {
    /** The heights of `images` while their files are held, and again once every one has arrived. */
    async heightsBeforeAndAfter(images: Locator): Promise<{ before: number[]; after: number[] }> {
      const heights = () => images.evaluateAll((imgs) => imgs.map((img) => img.getBoundingClientRect().height));
      const before = await heights();
      letThrough();
      await expect
        .poll(() =>
          images.evaluateAll((imgs) => imgs.every((img) => img instanceof HTMLImageElement && img.naturalWidth > 0)),
        )
        .toBe(true);
      return { before, after: await heights() };
    },
  };
}
