import { describe, expect, it } from "vitest";
import { hydrated, MOBILE, useBrowser } from "./browser";
import { insertAccount } from "./people";

const b = useBrowser();

// A wrong password comes back empty, with or without JavaScript, and is never written back into the page.
describe("a wrong password on the sign-in form", () => {
  it("empties the password and keeps the e-mail (JavaScript on)", async () => {
    const { context, page } = await b.visitor({ viewport: MOBILE });
    const { email } = await insertAccount({ firstName: "Wrong" });
    await page.goto("/login");
    await hydrated(page);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("wrong-password");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByTestId("auth-error").textContent()).resolves.toContain("Invalid email or password");
    await expect(page.getByLabel("Email").inputValue()).resolves.toBe(email);
    await expect(page.getByLabel("Password", { exact: true }).inputValue()).resolves.toBe("");
    await context.close();
  });

  it("empties the password and keeps the e-mail (JavaScript off)", async () => {
    const { context, page } = await b.visitor({ viewport: MOBILE, javaScript: false });
    const { email } = await insertAccount({ firstName: "Wrong" });
    await page.goto("/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("wrong-password-nojs");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByTestId("auth-error").textContent()).resolves.toContain("Invalid email or password");
    await expect(page.getByLabel("Email").inputValue()).resolves.toBe(email);
    await expect(page.getByLabel("Password", { exact: true }).inputValue()).resolves.toBe("");
    // The re-rendered page does not carry the password anywhere in its HTML.
    expect(await page.content()).not.toContain("wrong-password-nojs");
    await context.close();
  });
});
