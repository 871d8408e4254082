// The one way this project starts Chromium: Debian's package (Playwright's own download does not work here),
// with the flags the guide names. The end-to-end tests and the bench's browser measurements share it, so a
// flag changed here changes what every measurement and test runs against.
import { chromium } from "playwright-core";
import type { Browser } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || process.env.CHROME_PATH || "/usr/bin/chromium";

export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
}
