// A passkey in a real browser: Chromium's virtual authenticator (CDP WebAuthn domain) plays a phone with a
// fingerprint reader. A signed-in owner adds a passkey on /managesub, signs out, and signs in again with
// 'Sign in with a passkey' alone. WebAuthn refuses IP addresses as RP IDs, so these pages are opened at
// http://localhost:<port> (the test server listens on 127.0.0.1; the app treats both as local development).
import type { Browser } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, hydrated, sharedBrowser } from "./browser";
import { workerServer } from "./store";
import { insertAccount, logIn } from "./people";

const baseUrl = workerServer().url.replace("//127.0.0.1:", "//localhost:");
let browser: Browser;

beforeAll(async () => {
  browser = await sharedBrowser();
});

describe("passkeys in the browser", () => {
  it("adds a passkey on /managesub, signs out, and signs in with it to the dashboard", async () => {
    const password = "a-long-passkey-test-password";
    const { email } = await insertAccount({ firstName: "Kiri", emailPrefix: "passkey", password });
    const context = await browser.newContext({
      viewport: DESKTOP,
      baseURL: baseUrl,
      extraHTTPHeaders: { "CF-Connecting-IP": `10.99.${1 + Math.floor(Math.random() * 250)}.7` },
    });
    await context.addCookies([{ name: "age_verified", value: "1", url: baseUrl }]);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(String(e)));

    // A platform authenticator that keeps discoverable keys and verifies its user (ctap2, "internal").
    const cdp = await context.newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });

    await logIn(page, email, password);
    await page.goto("/managesub");
    await hydrated(page);
    const section = page.getByTestId("passkeys");
    await section.getByText("You have no passkeys yet.").waitFor();
    await section.getByLabel("Name for the new passkey").fill("Test phone");
    await section.getByLabel("Current password").fill(password);
    await section.getByRole("button", { name: "Add a passkey" }).click();
    await section.getByText("Passkey added. You can now sign in with it.").waitFor();
    await section.getByTestId("passkey").filter({ hasText: "Test phone" }).waitFor();
    const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0].isResidentCredential).toBe(true);
    expect(credentials[0].rpId).toBe("localhost");

    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Sign Out" }).first().click();
    await page.waitForURL((url) => url.pathname === "/login");
    await hydrated(page);
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard");

    // The owner's log says how they came in, and the passkey shows it was used.
    await page.goto("/managesub");
    await page.getByTestId("security-event").filter({ hasText: "Signed in with a passkey" }).first().waitFor();
    await expect(page.getByTestId("passkey").filter({ hasText: "Test phone" }).textContent()).resolves.not.toContain(
      "Last used: never",
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});
