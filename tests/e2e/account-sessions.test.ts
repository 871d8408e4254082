// In Chromium: the owner sees where they are signed in and signs another browser out, and changes
// the password from /managesub. Accounts are made in the test server's store (not through sign-up) and
// signed in through the login page.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { hydrated, useBrowser } from "./browser";
import { insertAccount, logIn } from "./people";

const b = useBrowser();
const PASSWORD = "kowhai blossom 42";
const NEW_PASSWORD = "pohutukawa summer 7";

/** A fresh Independent account with PASSWORD; answers its e-mail address. */
async function account(firstName: string): Promise<string> {
  return (await insertAccount({ firstName, password: PASSWORD })).email;
}

let twoDevices: string;
let changing: string;
beforeAll(async () => {
  [twoDevices, changing] = [await account("Manaia"), await account("Hine")];
});

async function openSettings(page: Page) {
  await page.goto("/managesub");
  await hydrated(page);
  await page.getByRole("heading", { name: "Where you are signed in" }).waitFor();
}

describe("sessions under the owner's control", () => {
  it("lists both browsers and signs the other one out: its next page load goes to the login page", async () => {
    const first = await b.visitor();
    const second = await b.visitor();
    await logIn(first.page, twoDevices, PASSWORD);
    await logIn(second.page, twoDevices, PASSWORD);

    await openSettings(first.page);
    const sessions = first.page.getByTestId("session");
    await expect(sessions.count()).resolves.toBe(2);
    await expect(first.page.getByTestId("this-device").count()).resolves.toBe(1);
    await expect(sessions.first().getByTestId("this-device").isVisible()).resolves.toBe(true);
    await expect(sessions.nth(1).textContent()).resolves.toContain("Chrome on Linux");

    await sessions
      .nth(1)
      .getByRole("button", { name: /^Sign out/ })
      .click();
    await first.page.getByText("That session has been signed out.").waitFor();
    await expect(first.page.getByTestId("session").count()).resolves.toBe(1);

    await second.page.goto("/managesub");
    await second.page.waitForURL((url) => url.pathname === "/login");
    await second.page.getByText("Your session has expired. Please log in again.").waitFor();
    // The first browser is still signed in.
    await first.page.goto("/dashboard");
    await first.page.waitForURL((url) => url.pathname === "/dashboard");
    await first.context.close();
    await second.context.close();
  });

  it("changes the password from /managesub: a wrong current one is refused beside the field, others are signed out", async () => {
    const here = await b.visitor();
    const elsewhere = await b.visitor();
    await logIn(here.page, changing, PASSWORD);
    await logIn(elsewhere.page, changing, PASSWORD);
    await openSettings(here.page);

    const form = here.page.getByRole("form", { name: "Change password" });
    await form.getByLabel("Current password").fill("not the password");
    await form.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await form.getByLabel("Confirm new password").fill(NEW_PASSWORD);
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(here.page.getByTestId("current-password-error").textContent()).resolves.toBe(
      "That is not your current password.",
    );

    // Mismatched confirmation is caught in the browser before anything is sent.
    await form.getByLabel("Current password").fill(PASSWORD);
    await form.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await form.getByLabel("Confirm new password").fill(`${NEW_PASSWORD}x`);
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(here.page.getByTestId("confirm-password-error").textContent()).resolves.toBe("Passwords do not match");

    await form.getByLabel("Confirm new password").fill(NEW_PASSWORD);
    await form.getByRole("button", { name: "Change password" }).click();
    await here.page.getByText("Your password has been changed. Every other session has been signed out.").waitFor();
    // The passwords just used do not stay in the page.
    await expect(form.getByLabel("Current password").inputValue()).resolves.toBe("");
    await expect(form.getByLabel("New password", { exact: true }).inputValue()).resolves.toBe("");
    await expect(here.page.getByTestId("session").count()).resolves.toBe(1);

    await elsewhere.page.goto("/dashboard");
    await elsewhere.page.waitForURL((url) => url.pathname === "/login");
    await logIn(elsewhere.page, changing, NEW_PASSWORD);
    await here.context.close();
    await elsewhere.context.close();
  });
});
