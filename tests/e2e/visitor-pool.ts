// Browser contexts kept for the next visitor. A new page is the most expensive thing the end-to-end tests ask
// of Chromium: its renderer process starts from nothing, about 0.7 s of processor time on this machine before
// the first byte of the app (four page loads cost 2.2 s of the machine's processor time from a new context
// and page, 0.9 s from a kept one, reset; docs/testing.md, 'End to end'). So a
// context a test has finished with is reset, as a new visitor would find it, and handed to the next test that
// asks for the same kind of browser, with its page and that page's renderer still running.
// What a reset puts back: no cookies, no stored data of any kind for the app's origin, no HTTP cache, no tab
// history, no routes, online, no permissions, no listeners the test added, the visitor's window size, a blank
// page. A context a test changed in a way nothing can undo (an init script, an exposed function, a CDP session
// of its own, a WebSocket route, the clock) is closed instead, as is one whose test failed, or whose reset did
// not finish.
import type { Browser, BrowserContext, CDPSession, Page } from "playwright-core";
import { keepPageLog } from "./page-log";

export type ContextKind = {
  baseURL: string;
  viewport: { width: number; height: number };
  deviceScaleFactor?: number;
  hasTouch?: boolean;
  javaScriptEnabled: boolean;
  bypassCSP: boolean;
};

export type PooledContext = {
  context: BrowserContext;
  page: Page;
  /** Set when the test did something a reset cannot undo: the context is closed, not kept. */
  spoilt: boolean;
  /** Closes the context for good (the test's `context.close()` hands it back instead). */
  closeForGood: () => Promise<void>;
  kind: string;
  viewport: ContextKind["viewport"];
  origin: string;
  cdp: CDPSession;
  /** Playwright's own listeners on the context and the page (its close waits on one): kept by a reset. */
  ownListeners: Map<object, Map<string | symbol, unknown[]>>;
};

// Per test worker, beside its one Chromium (browser.ts): the worker's files run one after another.
const holder = globalThis as typeof globalThis & { __e2eIdleContexts?: PooledContext[] };
const idle = (holder.__e2eIdleContexts ??= []);

/** A context of this kind with one blank page: one a finished test left, or a new one. */
export async function takeContext(browser: Browser, kind: ContextKind): Promise<PooledContext> {
  const key = JSON.stringify(kind);
  // The one handed back last: its page was in use a moment ago.
  for (let at = idle.length - 1; at >= 0; at--)
    if (idle[at].kind === key && !idle[at].page.isClosed()) return idle.splice(at, 1)[0];
  const context = await browser.newContext(kind);
  const page = await context.newPage();
  // Before the listeners below are counted as the context's own: the page's log (page-log.ts) is read after a
  // failure in any later test on this page, so the reset must not take its listeners off. Pages a test opens
  // itself (a second tab) keep one too.
  keepPageLog(page);
  context.on("page", keepPageLog);
  const pooled: PooledContext = {
    context,
    page,
    spoilt: false,
    closeForGood: context.close.bind(context),
    kind: key,
    viewport: kind.viewport,
    origin: new URL(kind.baseURL).origin,
    // The project's own session, made before the test's wrappers below: it clears storage and the cache.
    cdp: await context.newCDPSession(page),
    ownListeners: new Map([context, page].map((emitter) => [emitter, listenersOf(emitter)])),
  };
  // A WebSocket route has no way off (unrouteAll leaves it): kept, it would swallow the next visitor's socket.
  spoilOn(pooled, context, ["addInitScript", "exposeBinding", "exposeFunction", "newCDPSession", "routeWebSocket"]);
  spoilOn(pooled, page, ["addInitScript", "exposeBinding", "exposeFunction", "routeWebSocket"]);
  const clock = page.clock;
  Object.defineProperty(page, "clock", {
    get() {
      pooled.spoilt = true;
      return clock;
    },
  });
  return pooled;
}

type Emitter = {
  eventNames(): (string | symbol)[];
  listeners(name: string | symbol): unknown[];
  off(name: string | symbol, listener: unknown): unknown;
};

function listenersOf(emitter: object): Map<string | symbol, unknown[]> {
  const e = emitter as Emitter;
  return new Map(e.eventNames().map((name) => [name, e.listeners(name)]));
}

/** Takes off every listener the tests added to the context and the page, and none of Playwright's own. */
function removeTestListeners(pooled: PooledContext) {
  for (const [emitter, own] of pooled.ownListeners) {
    const e = emitter as Emitter;
    for (const name of e.eventNames())
      for (const listener of e.listeners(name)) if (!own.get(name)?.includes(listener)) e.off(name, listener);
  }
}

/** Wraps `names` of `target` so that calling any of them marks the context spoilt. */
function spoilOn(pooled: PooledContext, target: object, names: string[]) {
  const methods = target as Record<string, (...args: unknown[]) => unknown>;
  for (const name of names) {
    const original = methods[name].bind(target);
    methods[name] = (...args: unknown[]) => {
      pooled.spoilt = true;
      return original(...args);
    };
  }
}

/** Hands the context back for the next visitor, reset; closes it instead when it cannot be reset. */
export async function giveBack(pooled: PooledContext): Promise<void> {
  if (pooled.spoilt || pooled.page.isClosed()) return pooled.closeForGood().catch(() => {});
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tooLong = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("reset took too long")), 15_000);
  });
  try {
    await Promise.race([reset(pooled), tooLong]);
    idle.push(pooled);
  } catch {
    await pooled.closeForGood().catch(() => {});
  } finally {
    clearTimeout(timer);
  }
}

async function reset(pooled: PooledContext) {
  const { context, page, cdp, origin, viewport } = pooled;
  for (const other of context.pages()) if (other !== page) await other.close();
  removeTestListeners(pooled);
  await context.unrouteAll({ behavior: "ignoreErrors" });
  await page.unrouteAll({ behavior: "ignoreErrors" });
  await context.setOffline(false);
  await context.clearPermissions();
  // Leaving a page with unsaved work asks first (the editor's draft): the reset says yes.
  page.on("dialog", (dialog) => void dialog.accept().catch(() => {}));
  await page.goto("about:blank");
  removeTestListeners(pooled);
  await cdp.send("Page.resetNavigationHistory");
  // After the page has gone, so that what it wrote as it went (the router's scroll positions, on pagehide) goes
  // too. "all" takes the tab's sessionStorage with the rest (visitor-pool.test.ts checks it): no page of the
  // origin is needed to clear it, which saved a navigation a test.
  await cdp.send("Storage.clearDataForOrigin", { origin, storageTypes: "all" });
  await cdp.send("Network.clearBrowserCache");
  await context.clearCookies();
  await page.setViewportSize(viewport);
}
