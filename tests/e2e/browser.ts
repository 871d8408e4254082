import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";

export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export const DESKTOP = { width: 1280, height: 900 };

// Every browser context is a different visitor to the rate limiters, as real visitors would be: the whole
// suite otherwise shares 127.0.0.1 and trips the 10-logins-a-minute limit. Locally wrangler takes the
// client's CF-Connecting-IP as given; in production Cloudflare sets it.
// Each test file loads this module afresh, so two random octets keep files apart (views, likes and contact
// clicks count once per address a day: two files sharing addresses would see each other's counts).
const fileOctets = `${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
let visitorCount = 0;
function nextVisitorIp() {
  visitorCount++;
  return `10.${fileOctets}.${(visitorCount % 250) + 1}`;
}
export const MOBILE = { width: 390, height: 844 };

/** One Chromium per test file; each test opens its own context (fresh cookies and storage). */
export function useBrowser() {
  const state: { browser: Browser | null } = { browser: null };
  beforeAll(async () => {
    state.browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      args: CHROMIUM_FLAGS,
      headless: true,
    });
  });
  afterAll(async () => {
    await state.browser?.close();
  });
  const baseUrl = inject("baseUrl");
  return {
    baseUrl,
    /** A new visitor; `adult` pre-sets the age confirmation so tests can skip the gate. */
    async visitor(
      opts: {
        viewport?: { width: number; height: number };
        adult?: boolean;
        javaScript?: boolean;
        bypassCSP?: boolean;
        /** Device pixels per CSS pixel (a phone's 3, say); 1 unless given. */
        deviceScaleFactor?: number;
      } = {},
    ): Promise<{ context: BrowserContext; page: Page }> {
      const context = await state.browser!.newContext({
        viewport: opts.viewport ?? DESKTOP,
        deviceScaleFactor: opts.deviceScaleFactor,
        baseURL: baseUrl,
        javaScriptEnabled: opts.javaScript ?? true,
        extraHTTPHeaders: { "CF-Connecting-IP": nextVisitorIp() },
        // Only for injecting axe-core: the site's CSP rightly refuses foreign scripts.
        bypassCSP: opts.bypassCSP ?? false,
      });
      if (opts.adult !== false) {
        await context.addCookies([{ name: "age_verified", value: "1", url: baseUrl }]);
      }
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(String(e)));
      (page as Page & { jsErrors: string[] }).jsErrors = errors;
      return { context, page };
    },
  };
}

/** Waits until React has hydrated (root.tsx sets the marker in an effect), so clicks reach the app. */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}
