import type { Browser, BrowserContext, Page } from "playwright-core";
import { mkdirSync } from "node:fs";
import { afterEach, beforeAll } from "vitest";
import { launchChromium } from "./chromium";
import { workerServer } from "./store";

export const DESKTOP = { width: 1280, height: 900 };

// Every browser context is a different visitor to the rate limiters, as real visitors would be: the whole
// suite otherwise shares 127.0.0.1 and trips the 10-logins-a-minute limit. Locally wrangler takes the
// client's CF-Connecting-IP as given; in production Cloudflare sets it.
// A worker runs many files against its own server; a random start and a counter over three octets keep every
// context of the worker a different address (views, likes and contact clicks count once per address a day).
const holder = globalThis as typeof globalThis & { __e2eVisitors?: number; __e2eBrowser?: Promise<Browser> };
holder.__e2eVisitors ??= Math.floor(Math.random() * 200) * 65_536;
function nextVisitorIp() {
  const n = ++holder.__e2eVisitors!;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}
export const MOBILE = { width: 390, height: 844 };

/**
 * One Chromium per test worker, launched by the first file that asks (Playwright ends it with the worker's
 * process); each test opens its own context (fresh cookies and storage).
 */
export function sharedBrowser(): Promise<Browser> {
  holder.__e2eBrowser ??= launchChromium();
  return holder.__e2eBrowser;
}

export function useBrowser() {
  const state: { browser: Browser | null } = { browser: null };
  // Contexts a test opened: when it fails, a screenshot of each of their pages goes to test-results/e2e/,
  // and any it left open are closed, so a failure neither hides what the page showed nor leaks a context.
  const open = new Set<BrowserContext>();
  beforeAll(async () => {
    state.browser = await sharedBrowser();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === "fail") {
      mkdirSync("test-results/e2e", { recursive: true });
      const name = `${task.file.name.split("/").pop()}-${task.name}`.replace(/[^\w.-]+/g, "-").slice(0, 120);
      let n = 0;
      for (const context of open)
        for (const page of context.pages())
          await page.screenshot({ path: `test-results/e2e/${name}-${++n}.png`, fullPage: true }).catch(() => {});
    }
    await Promise.all([...open].map((context) => context.close().catch(() => {})));
    open.clear();
  });
  const baseUrl = workerServer().url;
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
        /** A touch screen (locator.tap()), as a phone has. */
        touch?: boolean;
      } = {},
    ): Promise<{ context: BrowserContext; page: Page }> {
      const context = await state.browser!.newContext({
        viewport: opts.viewport ?? DESKTOP,
        deviceScaleFactor: opts.deviceScaleFactor,
        hasTouch: opts.touch,
        baseURL: baseUrl,
        javaScriptEnabled: opts.javaScript ?? true,
        extraHTTPHeaders: { "CF-Connecting-IP": nextVisitorIp() },
        // Only for injecting axe-core: the site's CSP rightly refuses foreign scripts.
        bypassCSP: opts.bypassCSP ?? false,
      });
      open.add(context);
      context.on("close", () => open.delete(context));
      if (opts.adult !== false) {
        await context.addCookies([{ name: "age_verified", value: "1", url: baseUrl }]);
      }
      const page = await context.newPage();
      // Under a loaded machine (the workerd suite runs beside this one) a first render can pass 30 s;
      // a test still has its own 60 s limit.
      page.setDefaultNavigationTimeout(45_000);
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

/** Waits until the page's realtime socket has joined its room (Realtime.tsx sets the marker on open). */
export async function listening(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.realtime === "open");
}
