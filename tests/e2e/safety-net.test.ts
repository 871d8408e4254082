// The Safety Net at 390 px (docs/decisions/0023-safety-net.md, 0043-safety-net-second-pass.md): a verified
// provider reports an incident, an administrator publishes the alert from the queue, another verified provider
// in the region sees it and checks the number, and the reporter, on a break, still finds and withdraws their
// report; and a person who thinks an alert is about them uses the correction route from the contact page and
// is found by the administrator among a flood of junk requests. Axe on each screen, nothing wider than the phone.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousViolations } from "./axe";
import { hydrated, MOBILE, useBrowser } from "./browser";
import { d1, enterAs, makeAdministrator, signInAdmin } from "./people";
import { useOwnProvider } from "./providers";
import { shot } from "./shots";

const b = useBrowser();
const reporter = useOwnProvider("independent"); // Ruby's copy: verified, Auckland
const colleague = useOwnProvider("agency"); // verified listings in Auckland and Wellington

const NUMBER = "027 444 1234";
const nzToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Pacific/Auckland" }).format(new Date());

async function screenIsSound(page: Page, name: string) {
  expect(await seriousViolations(page), name).toEqual([]);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${name} is wider than the phone`).toBeLessThanOrEqual(MOBILE.width);
}

describe("Safety Net", () => {
  it("report, moderation, the alert seen by another verified provider in the region, then a number check", async () => {
    const description = `He became violent when asked to leave ${Date.now()}`;
    const alertText = `Became violent when asked to leave. Meet in public first ${Date.now()}`;

    // The reporter finds the Safety Net in the dashboard's menu.
    const mine = await b.visitor({ viewport: MOBILE, bypassCSP: true });
    await enterAs(mine.page, reporter);
    await mine.page.getByTestId("drawer-open").click();
    await mine.page.getByRole("link", { name: "Safety Net" }).click();
    await mine.page.waitForURL("**/dashboard/safety-net");
    await hydrated(mine.page);
    await screenIsSound(mine.page, "Safety Net");

    await mine.page.getByRole("link", { name: "Report an incident" }).click();
    await mine.page.waitForURL("**/dashboard/safety-net/report");
    await hydrated(mine.page);
    await screenIsSound(mine.page, "report form");
    await mine.page.getByLabel("Date it happened").fill(nzToday());
    await mine.page.getByLabel("Region").selectOption("Auckland");
    await mine.page.getByLabel("What happened", { exact: true }).selectOption({ label: "Violence" });
    await mine.page.getByLabel("Tell us what happened").fill(description);
    // An unreadable number is refused beside its field.
    await mine.page.getByLabel("Phone numbers").fill("027 44x 1234");
    await mine.page.getByRole("button", { name: "Send the report" }).click();
    await mine.page.locator("#phones-error").getByText("Phone number 1 cannot be read").waitFor();
    await screenIsSound(mine.page, "report form with an error");
    await mine.page.getByLabel("Phone numbers").fill(NUMBER);
    await mine.page.getByRole("button", { name: "Send the report" }).click();
    await mine.page.getByTestId("report-sent").waitFor();
    // The NZPC text is made in this browser from what was typed, for the provider to send themselves.
    await mine.page.getByText("Prepare this for NZPC Ugly Mugs").click();
    expect(await mine.page.getByLabel("Report text").inputValue()).toContain(NUMBER);
    await screenIsSound(mine.page, "report sent");

    // An administrator publishes it from the queue.
    const admin = await b.visitor({ viewport: MOBILE, bypassCSP: true });
    await signInAdmin(admin.context, await makeAdministrator("Safety"));
    await admin.page.goto("/admin/safety-net");
    await hydrated(admin.page);
    const item = admin.page.getByTestId("safety-queue-item").filter({ hasText: description });
    await item.waitFor();
    await screenIsSound(admin.page, "moderation queue");
    await item.getByLabel("Alert text").fill(alertText);
    await item.getByRole("button", { name: "Publish" }).click();
    await admin.page.getByText("The alert is published.").waitFor();
    await admin.page.getByTestId("safety-published").filter({ hasText: alertText }).waitFor();

    // The reporter's page says so.
    await mine.page.goto("/dashboard/safety-net");
    await hydrated(mine.page);
    await mine.page.getByTestId("my-report").filter({ hasText: "Published as an alert" }).waitFor();

    // Another verified provider in Auckland sees the alert, and checks the number written another way.
    const other = await b.visitor({ viewport: MOBILE, bypassCSP: true });
    await enterAs(other.page, colleague, "/dashboard/safety-net");
    await other.page.getByTestId("safety-alert").filter({ hasText: alertText }).waitFor();
    await other.page.getByLabel("Phone number or e-mail address").fill("+64 27 444 1234");
    await other.page.getByRole("button", { name: "Check" }).click();
    const answer = other.page.getByTestId("check-result");
    await answer.waitFor();
    expect(await answer.textContent()).toContain("1 published alert");
    expect(await answer.textContent()).toContain("Violence");
    expect(await answer.textContent()).not.toContain(alertText);
    await screenIsSound(other.page, "number check answer");
    await other.page.getByLabel("Phone number or e-mail address").fill("027 444 1235");
    await other.page.getByRole("button", { name: "Check" }).click();
    await other.page
      .getByTestId("check-result")
      .getByText("Nobody has reported this number here. That does not mean they are safe.")
      .waitFor();

    // The reporter takes a break: the alerts and the check are gone, but the menu still leads to the report,
    // which they withdraw (a second, deliberate press); the alert and its hashes go at once.
    await d1("UPDATE listings SET paused_at = ?, live = 0 WHERE user_id = ?", Date.now(), reporter.id);
    await mine.page.goto("/dashboard");
    await hydrated(mine.page);
    await mine.page.getByTestId("drawer-open").click();
    await mine.page.getByRole("link", { name: "Safety Net" }).click();
    await mine.page.waitForURL("**/dashboard/safety-net");
    await hydrated(mine.page);
    await mine.page.getByTestId("safety-no-access").waitFor();
    expect(await mine.page.getByTestId("safety-alert").count()).toBe(0);
    expect(await mine.page.getByLabel("Phone number or e-mail address").count()).toBe(0);
    await screenIsSound(mine.page, "Safety Net on a break");
    const report = mine.page.getByTestId("my-report").filter({ hasText: description });
    await report.getByText("Withdraw this report").click();
    await report.getByRole("button", { name: "Withdraw and delete it" }).click();
    // It was their only report: without access there is no Safety Net page left, so the dashboard says it.
    await mine.page.waitForURL((url) => url.pathname === "/dashboard");
    await mine.page.getByText("Your Safety Net report is withdrawn and deleted").waitFor();
    await other.page.goto("/dashboard/safety-net");
    await hydrated(other.page);
    expect(await other.page.getByTestId("safety-alert").filter({ hasText: alertText }).count()).toBe(0);
    await other.page.getByLabel("Phone number or e-mail address").fill(NUMBER);
    await other.page.getByRole("button", { name: "Check" }).click();
    await other.page
      .getByTestId("check-result")
      .getByText("Nobody has reported this number here. That does not mean they are safe.")
      .waitFor();
  });

  it("the correction route: from the contact page to the administrators' queue, past a flood of junk", async () => {
    const message = `An alert about my number is wrong ${Date.now()}`;
    // 45 junk requests from as many senders, three days old (the review's flood, written straight to the store).
    const junk = `junk-${Date.now()}`;
    const threeDaysAgo = Date.now() - 3 * 86_400_000;
    await d1(
      Array.from(
        { length: 45 },
        (_, i) =>
          `INSERT INTO safety_corrections (id, contact, message, created_at) VALUES ('${junk}-${i}', 'spam${i}@spam.test', 'Junk request ${i}, ignore it.', ${threeDaysAgo + i});`,
      ).join("\n"),
    );
    try {
      const visitor = await b.visitor({ viewport: MOBILE, bypassCSP: true });
      await visitor.page.goto("/contact");
      await hydrated(visitor.page);
      await visitor.page.getByRole("link", { name: "Safety Net correction" }).click();
      await visitor.page.waitForURL("**/contact/safety-net-correction");
      await hydrated(visitor.page);
      await screenIsSound(visitor.page, "correction form");
      await visitor.page.getByRole("button", { name: "Send the request" }).click();
      await visitor.page.locator("#contact-error").waitFor();
      await visitor.page.getByLabel("Your e-mail address or phone number").fill("someone@person.test");
      await visitor.page.getByLabel(/^The phone number or e-mail address you think/).fill("021 000 0101");
      await visitor.page.getByLabel("What is wrong").fill(message);
      await visitor.page.getByRole("button", { name: "Send the request" }).click();
      await visitor.page.getByTestId("correction-sent").waitFor();
      await screenIsSound(visitor.page, "correction sent");

      // The administrator sees how many there are, and the request that matches an alert first.
      const admin = await b.visitor({ viewport: MOBILE, bypassCSP: true });
      await signInAdmin(admin.context, await makeAdministrator("Corrections"));
      await admin.page.goto("/admin/safety-net");
      await hydrated(admin.page);
      const heading = admin.page.getByRole("heading", { name: /^Correction requests \(\d+\)$/ });
      expect(Number((await heading.textContent())!.match(/\d+/)![0])).toBeGreaterThanOrEqual(46);
      const first = admin.page.getByTestId("safety-correction").first();
      expect(await first.textContent()).toContain(message);
      // The demo number is on one seeded alert (docs/demo-data.md): the administrator sees which.
      expect(await first.textContent()).toContain("Matches a current alert");
      expect(await admin.page.getByTestId("safety-correction").filter({ hasText: "Overdue" }).count()).toBeGreaterThan(
        0,
      );
      await screenIsSound(admin.page, "correction requests");
      await admin.page.getByRole("heading", { name: /^Correction requests/ }).scrollIntoViewIfNeeded();
      await shot(admin.page, "safety-net-corrections-390");
      // Every request is reachable: the next page holds more of the flood.
      const pager = admin.page.getByTestId("corrections-pager");
      await pager.getByRole("link", { name: "Next" }).click();
      await admin.page.waitForURL("**/admin/safety-net?corrections=2*");
      await pager.getByText(/^Page 2 of \d+$/).waitFor();
      expect(await admin.page.getByTestId("safety-correction").filter({ hasText: message }).count()).toBe(0);
      await pager.scrollIntoViewIfNeeded();
      await shot(admin.page, "safety-net-corrections-pager-390");
      await screenIsSound(admin.page, "correction requests, page 2");
      await pager.getByRole("link", { name: "Previous" }).click();
      await admin.page.waitForURL((url) => !url.search.includes("corrections="));
      const request = admin.page.getByTestId("safety-correction").filter({ hasText: message });
      await request.getByRole("button", { name: "Mark handled" }).click();
      await admin.page.getByText("The correction request is marked handled.").waitFor();
      await admin.page.getByTestId("safety-correction").filter({ hasText: message }).waitFor({ state: "detached" });
    } finally {
      await d1(`DELETE FROM safety_corrections WHERE id LIKE '${junk}-%'`);
    }
  });
});
