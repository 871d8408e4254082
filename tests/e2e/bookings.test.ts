// Booking requests at 390 px (docs/decisions/0052-booking-requests.md): a visitor with no account asks Ruby for
// a time from her profile, types the code texted to them (read from the development outbox), and the request
// appears in Ruby's open inbox by itself with 'Nobody has reported this number here'; she accepts and the visitor's text is in the outbox.
// A request from a number on a published Safety Net alert shows the alert. A number Ruby blocks never reaches
// her again, and its sender, without JavaScript, gets the very page any sender gets. Axe on each screen,
// nothing wider than the phone. With SHOTS_DIR set, the form, the code step, the inbox and a screened request
// are saved there as PNGs.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_SAFETY_NUMBER } from "../../drizzle/seed/safety-net";
import { seriousViolations } from "./axe";
import { hydrated, MOBILE, useBrowser } from "./browser";
import { d1Rows, enterAs } from "./people";
import { useOwnProvider } from "./providers";
import { shot } from "./shots";

const b = useBrowser();
const ruby = useOwnProvider("independent"); // Ruby's copy: verified, Auckland, takes requests as seeded

const nzDate = (daysAhead: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Pacific/Auckland" }).format(
    new Date(Date.now() + daysAhead * 86_400_000),
  );

async function fitsThePhone(page: Page, name: string) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${name} is wider than the phone`).toBeLessThanOrEqual(MOBILE.width);
}

async function screenIsSound(page: Page, name: string) {
  expect(await seriousViolations(page), name).toEqual([]);
  await fitsThePhone(page, name);
}

/** The newest text in the development outbox to this number (E.164). */
async function lastText(e164: string): Promise<string> {
  const [row] = await d1Rows<{ text_body: string }>(
    "SELECT text_body FROM dev_outbox WHERE channel = 'sms' AND to_address = ? ORDER BY created_at DESC, rowid DESC LIMIT 1",
    e164,
  );
  return row?.text_body ?? "";
}

/** Fills the form's first step as a visitor would. */
async function fillForm(page: Page, o: { name: string; phone: string; message?: string }) {
  await page.getByLabel("Name to use").fill(o.name);
  await page.getByLabel("Date").fill(nzDate(2));
  await page.getByLabel("Time").fill("19:30");
  await page.getByLabel("How long").selectOption({ label: "1 hour" });
  await page.getByLabel("Outcall: you come to me").check();
  await page.getByLabel("Your suburb (for an outcall)").fill("Ponsonby");
  if (o.message) await page.getByLabel("Short message (optional)").fill(o.message);
  await page.getByLabel("Your mobile number").fill(o.phone);
}

/** The code step: the code from the outbox, then the answer every sent request gets. */
async function typeCodeFromOutbox(page: Page, e164: string) {
  await page.getByTestId("booking-code-step").waitFor();
  const code = /^(\d{6}) is your code/.exec(await lastText(e164))?.[1];
  expect(code, "a code in the outbox").toBeTruthy();
  await page.getByLabel("Code from the text").fill(code!);
  await page.getByRole("button", { name: "Send the request" }).click();
  await page.getByTestId("booking-sent").waitFor();
}

describe("booking requests", () => {
  it("a visitor's request reaches the open inbox by itself, screened; accepting texts the visitor", async () => {
    const listingId = ruby.listings[0].id;
    // Ruby keeps her inbox open.
    const inbox = await b.visitor({ viewport: MOBILE, bypassCSP: true });
    await enterAs(inbox.page, ruby, "/dashboard/requests");
    await inbox.page.waitForFunction(() => document.documentElement.dataset.inbox === "open");
    expect(await inbox.page.getByTestId("booking-request").count()).toBe(0);
    // ...and her dashboard, in another tab: its menu counts new requests, and keeps counting while open.
    const dashboard = await inbox.context.newPage();
    await dashboard.goto("/dashboard");
    await hydrated(dashboard);
    await dashboard.waitForFunction(() => document.documentElement.dataset.inbox === "open");
    const menuSays = (label: string) =>
      dashboard.waitForFunction((l) => [...document.querySelectorAll("a")].some((a) => a.textContent === l), label);
    await menuSays("Booking requests");

    // A visitor finds the button beside the SMS one on her profile.
    const visitor = await b.visitor({ viewport: MOBILE, bypassCSP: true });
    await visitor.page.goto(`/view/${listingId}`);
    await hydrated(visitor.page);
    await visitor.page.getByTestId("sms-button").waitFor();
    await visitor.page.getByTestId("request-booking").click();
    await visitor.page.waitForURL(`**/view/${listingId}/request`);
    await hydrated(visitor.page);
    await screenIsSound(visitor.page, "the form");

    // A landline is refused beside its field, and nothing else is lost.
    await fillForm(visitor.page, { name: "Sam", phone: "09 123 4567", message: "First time. Is there parking?" });
    await visitor.page.getByRole("button", { name: "Text me a code" }).click();
    await visitor.page.locator("#phone-error").getByText("Enter a New Zealand mobile number").waitFor();
    expect(await visitor.page.getByLabel("Name to use").inputValue()).toBe("Sam");
    await screenIsSound(visitor.page, "the form with a refusal");
    await shot(visitor.page, "form", { fullPage: true });
    await visitor.page.getByLabel("Your mobile number").fill("021 555 3101");
    await visitor.page.getByRole("button", { name: "Text me a code" }).click();
    await visitor.page.getByTestId("booking-code-step").waitFor();
    await visitor.page.getByText("021 ••• •101").waitFor();
    await screenIsSound(visitor.page, "the code step");
    await shot(visitor.page, "code-step", { fullPage: true });
    // A wrong code says how many tries are left, beside the field.
    await visitor.page.getByLabel("Code from the text").fill("12345");
    await visitor.page.getByRole("button", { name: "Send the request" }).click();
    await visitor.page.locator("#code-error").getByText("Enter the 6-digit code").waitFor();
    await typeCodeFromOutbox(visitor.page, "+64215553101");
    await screenIsSound(visitor.page, "sent");

    // The inbox shows it without a reload: the Safety Net found nothing, the number is there while it is open.
    const request = inbox.page.getByTestId("booking-request").filter({ hasText: "Sam" });
    await request.waitFor();
    expect(await request.getByTestId("screen-result").textContent()).toContain(
      "Nobody has reported this number here. That does not mean they are safe.",
    );
    expect(await request.getByTestId("number").textContent()).toBe("021 555 3101");
    expect(await request.textContent()).toContain("First time. Is there parking?");
    await menuSays("Booking requests (1 new)");
    await dashboard.close();
    await screenIsSound(inbox.page, "the inbox");
    await shot(inbox.page, "inbox", { fullPage: true });

    await request.getByRole("button", { name: "Accept" }).click();
    await inbox.page.getByTestId("request-answer").getByText("Accepted. They have been sent a text.").waitFor();
    await request.getByTestId("status").getByText("Accepted").waitFor();
    expect(await lastText("+64215553101")).toMatch(/^Confirmed: .*7:30 pm, 1 hour\..* - Ruby$/);
    // The notice to Ruby carried a link and nothing else.
    const [mail] = await d1Rows<{ text_body: string }>(
      "SELECT text_body FROM dev_outbox WHERE to_address = ? ORDER BY created_at DESC LIMIT 1",
      ruby.email,
    );
    expect(mail.text_body).toContain("/dashboard/requests");
    expect(mail.text_body).not.toContain("Sam");
  });

  it("a request from a number on a published alert shows the alert's category and month", async () => {
    const listingId = ruby.listings[0].id;
    const visitor = await b.visitor({ viewport: MOBILE });
    await visitor.page.goto(`/view/${listingId}/request`);
    await hydrated(visitor.page);
    await fillForm(visitor.page, { name: "Flagged", phone: DEMO_SAFETY_NUMBER });
    await visitor.page.getByRole("button", { name: "Text me a code" }).click();
    await typeCodeFromOutbox(visitor.page, "+64210000101");

    const inbox = await b.visitor({ viewport: MOBILE, bypassCSP: true });
    await enterAs(inbox.page, ruby, "/dashboard/requests");
    const request = inbox.page.getByTestId("booking-request").filter({ hasText: "Flagged" });
    const screen = request.getByTestId("screen-result");
    await screen.getByText("1 published alert").waitFor();
    expect(await screen.textContent()).toMatch(/Theft or refusal to pay, \w+ \d{4}/);
    await request.scrollIntoViewIfNeeded();
    await screenIsSound(inbox.page, "a screened request");
    await shot(request, "screened-request", { fullPage: true });
  });

  it("a blocked number never reaches the inbox, and its sender (without JavaScript) gets the same answer", async () => {
    const listingId = ruby.listings[0].id;
    const ask = async (name: string) => {
      const visitor = await b.visitor({ viewport: MOBILE, javaScript: false });
      await visitor.page.goto(`/view/${listingId}/request`);
      await fillForm(visitor.page, { name, phone: "027 555 3102" });
      await visitor.page.getByRole("button", { name: "Text me a code" }).click();
      await typeCodeFromOutbox(visitor.page, "+64275553102");
      // Axe needs scripts; the same screens were checked with them above.
      await fitsThePhone(visitor.page, `sent without JavaScript (${name})`);
      return (await visitor.page.locator("main").textContent()) ?? "";
    };
    const first = await ask("Pest");

    const inbox = await b.visitor({ viewport: MOBILE, bypassCSP: true });
    await enterAs(inbox.page, ruby, "/dashboard/requests");
    const request = inbox.page.getByTestId("booking-request").filter({ hasText: "Pest" });
    await request.getByRole("button", { name: "Block this number" }).click();
    await inbox.page.getByTestId("request-answer").getByText("Blocked.").waitFor();
    await inbox.page.getByTestId("block").filter({ hasText: "Pest, number ending 102" }).waitFor();
    const shown = await inbox.page.getByTestId("booking-request").count();

    const second = await ask("Pest again");
    expect(second).toBe(first);
    await inbox.page.reload();
    await hydrated(inbox.page);
    expect(await inbox.page.getByTestId("booking-request").count()).toBe(shown);
    expect(await inbox.page.getByTestId("booking-request").filter({ hasText: "Pest again" }).count()).toBe(0);
    await screenIsSound(inbox.page, "the inbox with a block");
  });
});
