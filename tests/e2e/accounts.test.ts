import { describe, expect, it } from "vitest";
import { MSG } from "../../app/features/accounts/auth-schemas";
import { DESKTOP, hydrated, useBrowser } from "./browser";
import { chooseFeaturedThenSignUp, followConfirmationLink, insertAccount, logIn, signUp } from "./people";

const b = useBrowser();
const unique = () => `${Date.now()}${Math.floor(Math.random() * 1e6)}`;

describe("accounts in the browser", () => {
  it("keeps the account menu open when its code arrives after the menu was opened", async () => {
    const { context, page } = await b.visitor({ viewport: DESKTOP });
    const password = "a-long-password";
    const { email } = await insertAccount({ firstName: "Menu", password });
    await logIn(page, email, password);
    // The menu's code comes after hydration (a lazy chunk): hold it until the menu has been opened.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    await page.route(/\/assets\/AccountMenu-[^/]+\.js$/, async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    await page.goto("/");
    await hydrated(page);
    const menu = page.getByTestId("account-menu");
    await page.getByLabel(/^Account menu for/).click();
    await menu.getByRole("link", { name: "Dashboard" }).waitFor();
    await expect.poll(() => asked).toBe(true);
    const loaded = page.waitForResponse(/\/assets\/AccountMenu-/);
    release();
    await loaded;
    // React has taken the menu over once its element carries React's own properties.
    await page.waitForFunction(() => {
      const el = document.querySelector('[data-testid="account-menu"]');
      return !!el && Object.keys(el).some((k) => k.startsWith("__reactFiber$"));
    });
    await expect(menu.evaluate((d) => (d as HTMLDetailsElement).open)).resolves.toBe(true);
    await menu.getByRole("link", { name: "Dashboard" }).waitFor();
    // And the code works: Escape closes it.
    await page.keyboard.press("Escape");
    await expect.poll(() => menu.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    await context.close();
  });

  it("signs up as an Agency, signs out, is sent to login for /dashboard and lands back there", async () => {
    const { context, page } = await b.visitor();
    const email = `agency-${unique()}@example.nz`;
    await page.goto("/login?action=signup");
    await hydrated(page);
    await page.getByRole("heading", { name: "Create an Account" }).waitFor();
    await page.getByText("Join the #1 platform in New Zealand.").waitFor();
    // Sent empty: each field says what it needs, beside it (checked in the browser before anything is sent).
    await page.getByRole("button", { name: "Sign Up" }).click();
    await page.locator("#auth-signup-firstName-error").getByText("First name is required").waitFor();
    await page.locator("#auth-signup-email-error").waitFor();
    await page.locator("#auth-signup-agency-error").waitFor();
    // The form refuses to go without the Independent / Agency choice.
    await page.getByLabel("First Name").fill("Harbour");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("a-long-password");
    await page.getByLabel("Agency").check();
    await page.getByRole("button", { name: "Sign Up" }).click();
    // Nobody is signed in yet: the page asks to confirm the address, and the dashboard still needs a login.
    await page.getByRole("heading", { name: "Check Your Inbox" }).waitFor();
    await page.getByText(MSG.signupCheckInbox).waitFor();
    // Where the link went, as typed.
    await expect(page.getByTestId("sent-to").textContent()).resolves.toContain(email);
    expect(new URL(page.url()).pathname).toBe("/login");
    await page.goto("/dashboard");
    await page.waitForURL((url) => url.pathname === "/login");
    // The link in the mailbox confirms the address and signs in.
    await followConfirmationLink(page, email);
    await page.waitForURL("**/dashboard");

    // Sign Out is a POST and lands on /login.
    await page.getByRole("button", { name: "Sign Out" }).first().click();
    await page.waitForURL("**/login");
    await page.getByRole("heading", { name: "Welcome Back" }).waitFor();

    // A protected page sends the visitor to login carrying where they were going.
    await page.goto("/about");
    await page.goto("/dashboard");
    await page.waitForURL((url) => url.pathname === "/login" && url.searchParams.get("redirectTo") === "/dashboard");
    await hydrated(page);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("wrong-password");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByTestId("auth-error").textContent()).resolves.toContain("Invalid email or password");
    await page.getByLabel("Password", { exact: true }).fill("a-long-password");
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard");
    // Login attempts replace their history entry: going back does not return to the login form.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === "/about");
    await context.close();
  });

  it("a plan chosen while signed out survives sign-up and the confirmation link", async () => {
    const { context, page } = await b.visitor();
    const email = `plan-${unique()}@example.nz`;
    await chooseFeaturedThenSignUp(page, { firstName: "Tui", email });
    await hydrated(page);
    await page.getByRole("button", { name: "Featured selected: continue" }).click();
    await page.getByTestId("plan-request-notice").waitFor();
    await context.close();
  });

  it("signs up without JavaScript: the notice, then the link signs in", async () => {
    const { context, page } = await b.visitor({ javaScript: false });
    const email = `nojs-${unique()}@example.nz`;
    await page.goto("/login?action=signup");
    await page.getByLabel("First Name").fill("Kōwhai");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("a-long-password");
    await page.getByLabel("Independent").check();
    await page.getByRole("button", { name: "Sign Up" }).click();
    await page.getByText(MSG.signupCheckInbox).waitFor();
    const link = await followConfirmationLink(page, email, { javaScript: false });
    await page.waitForURL("**/dashboard");
    // A used link is a clear page, not an error.
    const again = await page.goto(link);
    expect(again!.status()).toBe(400);
    await page.getByText(MSG.confirmTokenInvalid).waitFor();
    await page.getByRole("link", { name: "Log in" }).waitFor();
    await context.close();
  });

  it("shows the session-expired notice once and clears it from the address bar", async () => {
    const { context, page } = await b.visitor();
    await page.goto("/login?sessionExpired=true");
    await hydrated(page);
    await page.getByText("Your session has expired. Please log in again.").waitFor();
    await page.waitForFunction(() => !window.location.search.includes("sessionExpired"));
    await context.close();
  });

  it("resets a password through the link in the outbox", async () => {
    const { context, page } = await b.visitor();
    const email = `indie-${unique()}@example.nz`;
    await signUp(page, { firstName: "Ivy", email, password: "first-password" });
    await page.getByRole("button", { name: "Sign Out" }).first().click();
    await page.waitForURL("**/login");

    await hydrated(page);
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await page.getByRole("heading", { name: "Reset Password" }).waitFor();
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await page
      .getByText("If an account exists with this email, you will receive reset instructions shortly.")
      .waitFor();

    await page.goto("/dev/outbox");
    const message = page.getByTestId("outbox-message").filter({ hasText: email }).first();
    const link = await message.locator("a[href*='/reset-password/'], a[href*='/login/']").first().getAttribute("href");
    expect(link).toBeTruthy();
    await page.goto(link!);
    await hydrated(page);
    await page.getByRole("heading", { name: "Set a New Password" }).waitFor();
    await page.getByLabel("New Password", { exact: true }).fill("second-password");
    await page.getByLabel("Confirm New Password").fill("different-password");
    await page.getByRole("button", { name: "Update Password" }).click();
    await page.getByText("Passwords do not match").waitFor();
    await page.getByLabel("Confirm New Password").fill("second-password");
    await page.getByRole("button", { name: "Update Password" }).click();
    await page.getByText("Password reset successful! Redirecting to login...").waitFor();
    await page.waitForURL((url) => url.pathname === "/login", { timeout: 10_000 });

    await hydrated(page);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("second-password");
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL("**/dashboard");
    await context.close();
  });
});
