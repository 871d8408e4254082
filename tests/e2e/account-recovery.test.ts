// In Chromium: someone who knows an owner's password asks, from their own browser, to move the account to their
// own address. The owner takes the account back (a password reset from the login page), and the link waiting in
// the other person's mailbox no longer moves it. Or the owner stops the change straight from the notice their
// own mailbox got, without signing in. Mailboxes are the development outbox (read from the store).
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ACCOUNT_MSG } from "~/features/accounts/settings/account-settings";
import { NOTICE } from "~/features/site/messages";
import { hydrated, useBrowser } from "./browser";
import { d1Rows, insertAccount, logIn } from "./people";

const b = useBrowser();
const PASSWORD = "kowhai blossom 42";
const NEW_PASSWORD = "pohutukawa summer 7";

/** The newest link of `pattern` mailed to `to` whose subject has `subject`, waiting for the mail to go out. */
async function linkMailedTo(to: string, subject: string, pattern: RegExp): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [mail] = await d1Rows<{ text_body: string }>(
      "SELECT text_body FROM dev_outbox WHERE to_address = ? AND subject LIKE ? ORDER BY created_at DESC LIMIT 1",
      to,
      `%${subject}%`,
    );
    const href = mail?.text_body.match(pattern)?.[0];
    if (href) return href;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} about "${subject}"`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const accountEmail = async (id: string) =>
  (await d1Rows<{ email: string }>("SELECT email FROM users WHERE id = ?", id))[0]?.email;

/** Signed in with the owner's password in a browser of their own, the other person asks for their address. */
async function askToMoveAccount(page: Page, ownerEmail: string, takerEmail: string) {
  await logIn(page, ownerEmail, PASSWORD);
  await page.goto("/managesub");
  await hydrated(page);
  const form = page.getByRole("form", { name: "Change e-mail address" });
  await form.getByLabel("New e-mail address").fill(takerEmail);
  await form.getByLabel("Current password").fill(PASSWORD);
  await form.getByRole("button", { name: "Send confirmation link" }).click();
  await page.getByText(NOTICE.emailChangeSent).waitFor();
}

/** The other person opens the link from their own mailbox: the page says it cannot be used, and a POST moves nothing. */
async function expectLinkDead(page: Page, takerEmail: string) {
  const link = await linkMailedTo(takerEmail, "Confirm your new", /https?:\/\/\S+\/account\/email\/[A-Za-z0-9_-]{43}/);
  await page.goto(link);
  await page.getByText(ACCOUNT_MSG.emailLinkInvalid).waitFor();
  await expect(page.getByRole("button", { name: "Use this address" }).count()).resolves.toBe(0);
  // The button is gone, but the form's POST could still be made by hand: it is refused too.
  const status = await page.evaluate(
    async (href) => (await fetch(href, { method: "POST", body: new URLSearchParams() })).status,
    link,
  );
  expect(status).toBe(404);
}

describe("a pending e-mail change and the owner taking the account back", () => {
  it("the owner's password reset ends the change: the link in the other person's mailbox moves nothing", async () => {
    const owner = await insertAccount({ firstName: "Mere", password: PASSWORD });
    const takerEmail = `taker-${owner.id}@example.nz`;
    const taker = await b.visitor();
    await askToMoveAccount(taker.page, owner.email, takerEmail);

    // The owner resets the password from the login page, through the link in their own mailbox.
    const { page } = await b.visitor();
    await page.goto("/login");
    await hydrated(page);
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await page.getByRole("heading", { name: "Reset Password" }).waitFor();
    await page.getByLabel("Email").fill(owner.email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await page
      .getByText("If an account exists with this email, you will receive reset instructions shortly.")
      .waitFor();
    await page.goto(await linkMailedTo(owner.email, "Reset your", /https?:\/\/\S+\/reset-password\/[A-Za-z0-9_-]{43}/));
    await hydrated(page);
    await page.getByLabel("New Password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel("Confirm New Password").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Update Password" }).click();
    await page.getByText("Password reset successful! Redirecting to login...").waitFor();

    // The other person's browser was signed out by the reset, and their link is dead.
    await taker.page.goto("/managesub");
    await taker.page.waitForURL((url) => url.pathname === "/login");
    await expectLinkDead(taker.page, takerEmail);
    expect(await accountEmail(owner.id)).toBe(owner.email);

    // The account is the owner's: the old address and the new password sign in.
    await page.waitForURL((url) => url.pathname === "/login", { timeout: 10_000 });
    await logIn(page, owner.email, NEW_PASSWORD);
  });

  it("the old address is told at once and cancels the change from the notice, without signing in", async () => {
    const owner = await insertAccount({ firstName: "Tama", password: PASSWORD });
    const takerEmail = `taker-${owner.id}@example.nz`;
    const taker = await b.visitor();
    await askToMoveAccount(taker.page, owner.email, takerEmail);

    const { page } = await b.visitor();
    const cancel = await linkMailedTo(
      owner.email,
      "asked to change your",
      /https?:\/\/\S+\/account\/email\/cancel\/[A-Za-z0-9_-]{43}/,
    );
    await page.goto(cancel);
    await hydrated(page);
    await page.getByRole("button", { name: "Cancel the change" }).click();
    await page.getByText(ACCOUNT_MSG.emailChangeCancelled).waitFor();

    await expectLinkDead(taker.page, takerEmail);
    expect(await accountEmail(owner.id)).toBe(owner.email);
  });
});
