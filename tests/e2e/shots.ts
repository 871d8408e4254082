// Screenshots of a journey for a person to look at (docs/testing.md, 'Looking at a journey'). Taken only when
// SHOTS_DIR names a folder: no test reads them, and a full-page capture of a phone page costs Chromium more than
// most checks do, on every run. A failed test's screenshots are a different thing (browser.ts takes those).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";

/**
 * Saves `name`.png under SHOTS_DIR (in its folder `folder` when given), of the whole page with `fullPage`, or of
 * one element when given a locator; does nothing without SHOTS_DIR.
 */
export async function shot(
  target: Page | Locator,
  name: string,
  opts: { fullPage?: boolean; folder?: string } = {},
): Promise<void> {
  const root = process.env.SHOTS_DIR;
  if (!root) return;
  const dir = opts.folder ? join(root, opts.folder) : root;
  mkdirSync(dir, { recursive: true });
  const path = join(dir, name.endsWith(".png") ? name : `${name}.png`);
  if (!("goto" in target)) return void (await target.screenshot({ path }));
  if (opts.fullPage) {
    // From the top, so the sticky header is where a visitor sees it: it hides while scrolling down and slides
    // back on the way up, so wait until it is all in view.
    await target.evaluate(() => window.scrollTo(0, 0));
    await target.waitForFunction(() =>
      [...document.querySelectorAll("header")].every((h) => h.getBoundingClientRect().top >= 0),
    );
  }
  await target.screenshot({ path, fullPage: opts.fullPage ?? false });
}
