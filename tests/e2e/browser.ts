import type { Browser, BrowserContext, Page } from "playwright-core";
import { mkdirSync, writeFileSync } from "node:fs";
import { afterEach, beforeAll } from "vitest";
import { launchChromium } from "./chromium";
import { markPageLog, pageLog, pageState } from "./page-log";
import { workerServer } from "./store";
import { giveBack, takeContext } from "./visitor-pool";
import type { PooledContext } from "./visitor-pool";

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
 * process); each visitor gets a context of its own, fresh or reset (visitor-pool.ts).
 */
export function sharedBrowser(): Promise<Browser> {
  holder.__e2eBrowser ??= launchChromium();
  return holder.__e2eBrowser;
}

export function useBrowser() {
  const state: { browser: Browser | null } = { browser: null };
  // Contexts a test holds: when it fails, a screenshot of each of their pages goes to test-results/e2e/; any
  // it did not hand back are handed back (closed for good after a failure), so none leaks into the next test.
  const open = new Map<BrowserContext, PooledContext>();
  beforeAll(async () => {
    state.browser = await sharedBrowser();
  });
  afterEach(async ({ task }) => {
    const failed = task.result?.state === "fail";
    if (failed) {
      mkdirSync("test-results/e2e", { recursive: true });
      const name = `${task.file.name.split("/").pop()}-${task.name}`.replace(/[^\w.-]+/g, "-").slice(0, 120);
      let n = 0;
      for (const context of open.keys())
        for (const page of context.pages()) {
          // Read before the screenshot: a whole-page screenshot resizes the window, and with it the scroll.
          const state = await pageState(page);
          await page.screenshot({ path: `test-results/e2e/${name}-${++n}.png`, fullPage: true }).catch(() => {});
          writeFileSync(`test-results/e2e/${name}-${n}.log.txt`, `${page.url()}\n${state}\n${pageLog(page)}\n`);
        }
    }
    // A failed test's contexts are not kept: whatever went wrong stays out of the next test.
    for (const pooled of open.values()) pooled.spoilt ||= failed;
    await Promise.all([...open.values()].map(giveBack));
    open.clear();
  });
  const baseUrl = workerServer().url;
  return {
    baseUrl,
    /**
     * A new visitor: fresh cookies, storage and cache, and a blank page (visitor-pool.ts keeps contexts between
     * tests, reset; `context.close()` hands one back). `adult` pre-sets the age confirmation so tests can skip
     * the gate.
     */
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
      const pooled = await takeContext(state.browser!, {
        viewport: opts.viewport ?? DESKTOP,
        deviceScaleFactor: opts.deviceScaleFactor,
        hasTouch: opts.touch,
        baseURL: baseUrl,
        javaScriptEnabled: opts.javaScript ?? true,
        // Only for injecting axe-core: the site's CSP rightly refuses foreign scripts.
        bypassCSP: opts.bypassCSP ?? false,
      });
      const { context, page } = pooled;
      open.set(context, pooled);
      // The test's `context.close()` ends its visit: the context goes back for the next visitor, reset.
      context.close = async () => {
        if (!open.delete(context)) return;
        await giveBack(pooled);
      };
      await context.setExtraHTTPHeaders({ "CF-Connecting-IP": nextVisitorIp() });
      if (opts.adult !== false) {
        await context.addCookies([{ name: "age_verified", value: "1", url: baseUrl }]);
      }
      // Under a loaded machine (the workerd suite runs beside this one) a first render can pass 30 s;
      // a test still has its own 60 s limit.
      page.setDefaultNavigationTimeout(45_000);
      page.setDefaultTimeout(30_000);
      // The page keeps its log from its first visitor on (visitor-pool.ts): this marks where this one's begins.
      markPageLog(page, "a new visitor");
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(String(e)));
      (page as Page & { jsErrors: string[] }).jsErrors = errors;
      return { context, page };
    },
  };
}

/**
 * Waits until the page has stopped moving: the same scroll position and no CSS transition running for five
 * frames and 100 ms together. The header slides in over the top of the page on any scroll up (Header.tsx), so
 * a click made while it moves can go down on a link and come up on the header, which is no click at all
 * (docs/testing.md, 'Flakes and their causes').
 */
export async function still(page: Page) {
  await page.evaluate(() => delete (window as unknown as { stillSince?: unknown }).stillSince);
  await page.waitForFunction(() => {
    const w = window as unknown as { stillSince?: { y: number; at: number; frames: number } };
    const moving = document.getAnimations().some((a) => a instanceof CSSTransition && a.playState === "running");
    const last = w.stillSince;
    if (last && last.y === window.scrollY && !moving) last.frames += 1;
    else w.stillSince = { y: window.scrollY, at: performance.now(), frames: 0 };
    const since = w.stillSince!;
    return since.frames >= 5 && performance.now() - since.at >= 100;
  });
}

/** Waits until React has hydrated (root.tsx sets the marker in an effect), so clicks reach the app. */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

/** Waits until the page's realtime socket has joined its room (Realtime.tsx sets the marker on open). */
export async function listening(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.realtime === "open");
}
