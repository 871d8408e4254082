// The Safety Net at 390 px (docs/decisions/0023-safety-net.md): a verified provider reports an incident, an
// administrator publishes the alert from the queue, another verified provider in the region sees it and
// checks the number; and a person who thinks an alert is about them uses the correction route from the
// contact page. Axe on each screen, and nothing wider than the phone.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousViolations } from "./axe";
import { hydrated, MOBILE, useBrowser } from "./browser";
import { enterAs, makeAdministrator, signInAdmin } from "./people";
import { useOwnProvider } from "./providers";

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
    await other.page.getByTestId("check-result").getByText("No reports").waitFor();

    // The reporter withdraws it (a second, deliberate press): the alert and its hashes go at once.
    const report = mine.page.getByTestId("my-report").filter({ hasText: description });
    await report.getByText("Withdraw this report").click();
    await report.getByRole("button", { name: "Withdraw and delete it" }).click();
    await mine.page.getByTestId("safety-notice").getByText("withdrawn and deleted").waitFor();
    await other.page.goto("/dashboard/safety-net");
    await hydrated(other.page);
    expect(await other.page.getByTestId("safety-alert").filter({ hasText: alertText }).count()).toBe(0);
    await other.page.getByLabel("Phone number or e-mail address").fill(NUMBER);
    await other.page.getByRole("button", { name: "Check" }).click();
    await other.page.getByTestId("check-result").getByText("No reports").waitFor();
  });

  it("the correction route: from the contact page to the administrators' queue", async () => {
    const message = `An alert about my number is wrong ${Date.now()}`;
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

    const admin = await b.visitor({ viewport: MOBILE });
    await signInAdmin(admin.context, await makeAdministrator("Corrections"));
    await admin.page.goto("/admin/safety-net");
    await hydrated(admin.page);
    const request = admin.page.getByTestId("safety-correction").filter({ hasText: message });
    await request.waitFor();
    // The demo number is on one seeded alert (docs/demo-data.md): the administrator sees which.
    expect(await request.textContent()).toContain("Matches this alert");
    await request.getByRole("button", { name: "Mark handled" }).click();
    await admin.page.getByText("The correction request is marked handled.").waitFor();
    await admin.page.getByTestId("safety-correction").filter({ hasText: message }).waitFor({ state: "detached" });
  });
});
