// What a page did lately (navigations, requests and their answers, console errors), kept for a failed test's
// report beside its screenshot: a flake's screenshot shows where the page stood, this shows how it got there
// (a request that never answered, a navigation that did not start). docs/testing.md, 'Flakes and their causes'.
import type { Page } from "playwright-core";

const KEPT = 80;
const logs = new WeakMap<Page, string[]>();

/**
 * Starts keeping `page`'s recent events, for as long as the page lives (across tests: the pool keeps it). The pool
 * starts it for every page of its contexts before it counts their own listeners (visitor-pool.ts), so a reset
 * leaves it on; a second call is a no-op.
 */
export function keepPageLog(page: Page) {
  if (logs.has(page)) return;
  const log: string[] = [];
  logs.set(page, log);
  const t0 = Date.now();
  const add = (line: string) => {
    log.push(`${String(Date.now() - t0).padStart(7)} ms  ${line}`);
    if (log.length > KEPT) log.shift();
  };
  const short = (url: string) => url.replace(/^https?:\/\/[^/]+/, "").slice(0, 160);
  page.on("framenavigated", (frame) => frame === page.mainFrame() && add(`navigated ${short(frame.url())}`));
  // Photos and styles only when they fail: they would push the app's own requests out of the log.
  const kept = (type: string) => !["image", "stylesheet", "font", "media"].includes(type);
  page.on("request", (r) => kept(r.resourceType()) && add(`→ ${r.method()} ${short(r.url())} (${r.resourceType()})`));
  // The answer is read after the event: by then the page or its context may be closed (the log lives as long as
  // the page, across tests), and the read fails; that answer is then left out rather than thrown unhandled.
  page.on("requestfinished", (r) => {
    r.response().then(
      (response) => {
        const status = response?.status() ?? 0;
        if (kept(r.resourceType()) || status >= 400) add(`← ${status || "?"} ${short(r.url())}`);
      },
      () => {},
    );
  });
  page.on("requestfailed", (r) => add(`✗ ${short(r.url())}: ${r.failure()?.errorText ?? "failed"}`));
  page.on("console", (m) => m.type() === "error" && add(`console error: ${m.text().slice(0, 200)}`));
  page.on("pageerror", (e) => add(`page error: ${String(e).slice(0, 200)}`));
}

/** The page's recent events, oldest first. */
export function pageLog(page: Page): string {
  return (logs.get(page) ?? []).join("\n");
}

/** Marks the start of a test in the page's log (the log outlives a test when its context is kept). */
export function markPageLog(page: Page, what: string) {
  logs.get(page)?.push(`——— ${what}`);
}

/**
 * Where the page stands at a failure, beside its log: the islands' states (a click inside one not yet live is
 * held until it is: app/ui/island.tsx), the element with focus and the window's scroll.
 */
export async function pageState(page: Page): Promise<string> {
  return page
    .evaluate(() => {
      const islands = [...document.querySelectorAll<HTMLElement>("[data-island]")].map((e) => e.dataset.island);
      const focus = document.activeElement;
      const focused =
        !focus || focus === document.body
          ? "none"
          : `${focus.tagName.toLowerCase()} ${focus.textContent?.trim().slice(0, 40) ?? ""}`;
      return `islands: ${islands.join(", ") || "none"}; focus: ${focused}; scrollY ${Math.round(scrollY)}`;
    })
    .catch((error: unknown) => `state not read: ${String(error).slice(0, 120)}`);
}
