import { describe, expect, it } from "vitest";
import { seriousViolations } from "./axe";
import { DESKTOP, hydrated, MOBILE, useBrowser } from "./browser";

const b = useBrowser();

describe("information pages", () => {
  it.each([
    ["/faq", "Frequently Asked Questions", ["General", "Verification", "Subscriptions", "Contact Support"]],
    [
      "/about",
      "About",
      ["Community", "Nationwide access", "Respect and discretion", "Auckland", "South Island", "Get Started"],
    ],
    [
      "/contact",
      "Contact",
      ["Monday to Friday", "9:00 AM to 6:00 PM", "Saturday", "10:00 AM to 4:00 PM", "Sunday", "24/7"],
    ],
    ["/terms", "Terms", ["Last updated March 20, 2025", "18."]],
    [
      "/privacy",
      "Privacy",
      ["Last updated November 28, 2026", "Privacy Act 2020", "Harmful Digital Communications Act 2015"],
    ],
    [
      "/subscriptions",
      "Choose Your Subscription",
      ["Standard", "$35.00", "Featured", "$75.00", "Recommended", "PCI DSS"],
    ],
  ])("%s shows its heading and texts", async (path, heading, texts) => {
    const { context, page } = await b.visitor();
    // The server's HTML says it all: no need to wait for the page's images and scripts.
    await page.goto(path, { waitUntil: "domcontentloaded" });
    const h1 = await page.getByRole("heading", { level: 1 }).textContent();
    expect(h1).toContain(heading);
    // textContent, not innerText: CSS may show a word upper-case ('Recommended' as a badge).
    const body = (await page.locator("main").textContent()) ?? "";
    for (const text of texts) expect(body, text).toContain(text);
    await context.close();
  });

  it("FAQ opens one question at a time, with and without JavaScript", async () => {
    for (const javaScript of [true, false]) {
      const { context, page } = await b.visitor({ javaScript });
      await page.goto("/faq");
      if (javaScript) await hydrated(page);
      const questions = page.locator("main details");
      expect(await questions.count()).toBeGreaterThan(3);
      await questions.nth(0).locator("summary").click();
      await questions.nth(2).locator("summary").click();
      await page.waitForFunction(() => document.querySelectorAll("main details[open]").length === 1);
      expect(await questions.nth(2).getAttribute("open")).not.toBeNull();
      expect(await questions.nth(0).getAttribute("open")).toBeNull();
      await page.getByRole("link", { name: "Contact Support" }).click();
      await page.waitForURL("**/contact");
      await context.close();
    }
  });

  it("an anonymous subscribe goes through login and comes back with the tier kept", async () => {
    const { context, page } = await b.visitor();
    await page.goto("/subscriptions");
    await hydrated(page);
    await page.getByRole("button", { name: "Choose Featured" }).click();
    await page.waitForURL(
      (url) => url.pathname === "/login" && url.searchParams.get("redirectTo") === "/subscriptions?tier=featured",
    );
    await hydrated(page);
    await page.getByLabel("Email").fill("independent@demo.test");
    await page.getByLabel("Password", { exact: true }).fill("demo-indie-2025");
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL((url) => url.pathname === "/subscriptions" && url.searchParams.get("tier") === "featured");
    await page.getByRole("button", { name: "Featured selected: continue" }).click();
    // Then checkout (docs/billing.md): the test gateway's page; for a listing on a paid Standard plan (the
    // demo Independent's), its upgrade with the amount first; for one already Featured, why not.
    await Promise.race([
      page.waitForURL((url) => url.pathname.startsWith("/dev/gateway/checkout/")),
      page.waitForURL((url) => url.pathname === "/managesub" && url.searchParams.has("upgrade")),
      page.getByText("This listing already has an active subscription.").waitFor(),
    ]);
    await context.close();
  });
});

describe("accessibility (axe-core, WCAG 2.2 AA)", () => {
  const pages: [string, string][] = [
    ["home", "/"],
    ["a region", "/locations/Auckland"],
    ["login", "/login"],
    ["sign-up", "/login?action=signup"],
    ["an unusable confirmation link", "/confirm-email/not-a-token"],
    ["subscriptions", "/subscriptions"],
    ["faq", "/faq"],
  ];
  // One load per page, checked at both widths: the layout follows the window's width (CSS and the media
  // queries the parts listen to), so the page narrowed to a phone's width is the phone's page.
  it.each(pages)(
    `%s at ${DESKTOP.width} and ${MOBILE.width} px has no serious or critical violations`,
    async (_name, path) => {
      const { context, page } = await b.visitor({ bypassCSP: true, viewport: DESKTOP });
      await page.goto(path);
      await hydrated(page);
      expect(await seriousViolations(page), `${DESKTOP.width} px`).toEqual([]);
      await page.setViewportSize(MOBILE);
      await page.waitForFunction((width) => window.innerWidth === width, MOBILE.width);
      expect(await seriousViolations(page), `${MOBILE.width} px`).toEqual([]);
      await context.close();
    },
  );

  it("a profile has no serious or critical violations", async () => {
    const { context, page } = await b.visitor({ bypassCSP: true });
    await page.goto("/");
    const href = await page.getByTestId("listing-card").first().locator("a").first().getAttribute("href");
    await page.goto(href!);
    await hydrated(page);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it("the age gate traps focus and is accessible", async () => {
    const { context, page } = await b.visitor({ bypassCSP: true, adult: false });
    await page.goto("/");
    await hydrated(page);
    expect(await seriousViolations(page)).toEqual([]);
    const focused = async () => page.evaluate(() => document.activeElement?.textContent?.trim());
    // The gate moves focus to its confirm button once React has mounted it.
    await page.waitForFunction(() => document.activeElement?.textContent?.trim() === "I am 18+ years old");
    await page.keyboard.press("Tab");
    expect(await focused()).toBe("Exit Site");
    await page.keyboard.press("Tab");
    expect(await focused()).toBe("I am 18+ years old");
    await context.close();
  });
});

describe("accessibility of the listing editor", () => {
  it("has no serious or critical violations on /profile/new and on each page of an existing listing", async () => {
    const { context, page } = await b.visitor({ bypassCSP: true });
    await page.goto("/login?redirectTo=%2Fprofile%2Fnew");
    await hydrated(page);
    await page.getByLabel("Email").fill("agency@demo.test");
    await page.getByLabel("Password", { exact: true }).fill("demo-agency-2025");
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL("**/profile/new");
    await hydrated(page);
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto("/dashboard");
    const edit = await page.getByRole("link", { name: /^Edit/ }).first().getAttribute("href");
    await page.goto(edit!);
    await hydrated(page);
    for (const n of [1, 2, 3]) {
      await page.getByRole("heading", { name: new RegExp(`^Page ${n} of 3`) }).waitFor();
      expect(await seriousViolations(page), `page ${n}`).toEqual([]);
      if (n < 3) await page.getByRole("button", { name: "Next" }).click();
    }
    await page.getByRole("button", { name: "Edit Profile" }).click();
    expect(await seriousViolations(page), "edit mode").toEqual([]);
    await context.close();
  });
});
