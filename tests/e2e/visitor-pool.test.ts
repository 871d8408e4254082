// A context kept between tests (visitor-pool.ts) must come back as a new visitor would find it: whatever one
// visitor left (cookies, stored data, the tab's history, routes, offline, a changed window) reaches no other.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { hydrated, listening, MOBILE, useBrowser } from "./browser";
import { pageLog } from "./page-log";

const b = useBrowser();

describe("a kept browser context", () => {
  it("comes back to the next visitor with nothing of the last one", async () => {
    const first = await b.visitor({ viewport: MOBILE });
    await first.page.goto("/faq");
    await first.page.goto("/");
    await hydrated(first.page);
    await first.page.evaluate(() => {
      document.cookie = "left=behind; path=/";
      localStorage.setItem("left", "behind");
      sessionStorage.setItem("left", "behind");
    });
    await first.page.route("**/faq", (route) => route.abort());
    await first.context.setOffline(true);
    await first.page.setViewportSize({ width: 700, height: 500 });
    let heardAfter = 0;
    first.page.on("request", () => heardAfter++);
    await first.context.close();

    const second = await b.visitor({ viewport: MOBILE });
    // The same context and page, reset: otherwise this test would prove nothing about the reset.
    expect(second.context).toBe(first.context);
    expect(second.page).toBe(first.page);
    const { page, context } = second;
    expect(page.url()).toBe("about:blank");
    expect(page.viewportSize()).toEqual(MOBILE);
    expect((await context.cookies()).map((c) => c.name)).toEqual(["age_verified"]);
    await page.goto("/");
    await hydrated(page);
    expect(heardAfter).toBe(0);
    const left = await page.evaluate(() => ({
      cookie: document.cookie.includes("left="),
      local: localStorage.getItem("left"),
      session: sessionStorage.getItem("left"),
      online: navigator.onLine,
    }));
    expect(left).toEqual({ cookie: false, local: null, session: null, online: true });
    // Back from the first page leads to no page of the last visitor's.
    await page.goBack();
    expect(page.url()).not.toContain("/faq");
    // No route of the last visitor's is left: the page it aborted comes.
    expect((await page.goto("/faq"))?.status()).toBe(200);
    await context.close();
  });

  it("keeps the page's log for every visitor, not the first alone (what a failed test leaves)", async () => {
    const first = await b.visitor({ viewport: MOBILE });
    await first.page.goto("/faq");
    await first.context.close();
    const second = await b.visitor({ viewport: MOBILE });
    expect(second.page).toBe(first.page);
    await second.page.goto("/about");
    const log = pageLog(second.page);
    const mine = log.slice(log.lastIndexOf("——— a new visitor"));
    expect(mine).toContain("→ GET /about (document)");
    expect(mine).toContain("navigated /about");
    await second.context.close();
  });

  it("is not kept when its test added what a reset cannot take off", async () => {
    const spoilers: [string, (page: Page) => Promise<unknown>][] = [
      ["an init script", (page) => page.addInitScript(() => localStorage.setItem("init", "script"))],
      // A route that swallows the realtime socket (as dashboard.test.ts's does): unrouteAll leaves it.
      ["a WebSocket route", (page) => page.routeWebSocket(/\/parties\//, () => {})],
    ];
    for (const [what, spoil] of spoilers) {
      const first = await b.visitor();
      await spoil(first.page);
      await first.context.close();
      const second = await b.visitor();
      expect(second.context, what).not.toBe(first.context);
      await second.page.goto("/");
      await hydrated(second.page);
      expect(await second.page.evaluate(() => localStorage.getItem("init")), what).toBeNull();
      await listening(second.page);
      await second.context.close();
    }
  });
});
