// Two-factor offered at the start, at 390 px (docs/decisions/0056-two-factor-offered-at-the-start.md): a new
// provider confirms the address and is offered the authenticator app or a passkey with one line on why, skips,
// finds the reminder on the dashboard, and rests it with 'Not now'.
import { describe, expect, it } from "vitest";
import { TWO_FACTOR_WHY } from "../../app/features/accounts/second-factor/two-factor-offer";
import { MSG } from "../../app/features/accounts/auth-schemas";
import { MOBILE, hydrated, useBrowser } from "./browser";
import { followConfirmationLink } from "./people";
import { shot } from "./shots";

const b = useBrowser();

describe("two-factor offered at the start", () => {
  it("is offered after confirming, can be skipped, and the dashboard reminds until it is on", async () => {
    const { page } = await b.visitor({ viewport: MOBILE });
    const email = `offer-${Date.now()}@example.nz`;
    await page.goto("/login?action=signup");
    await hydrated(page);
    await page.getByLabel("First Name").fill("Kiri");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel(/^Password\s*\*?$/).fill("a-long-password");
    await page.getByLabel("Independent").check();
    await page.getByRole("button", { name: "Sign Up" }).click();
    await page.getByText(MSG.signupCheckInbox).waitFor();
    await followConfirmationLink(page, email, { skipTwoFactorOffer: false });

    await hydrated(page);
    await expect(page.getByTestId("two-factor-why").textContent()).resolves.toBe(TWO_FACTOR_WHY);
    await expect(page.getByRole("link", { name: "Set up the authenticator app" }).getAttribute("href")).resolves.toBe(
      "/account/two-factor?redirectTo=%2Fdashboard",
    );
    await page.getByTestId("passkeys").waitFor();
    await shot(page, "8-two-factor-offer-390", { fullPage: true });
    await page.getByTestId("two-factor-skip").click();
    await page.waitForURL((url) => url.pathname === "/dashboard");

    const reminder = page.getByTestId("two-factor-reminder");
    await reminder.waitFor();
    await hydrated(page);
    await shot(page, "9-dashboard-reminder-390");
    await reminder.getByRole("button", { name: "Not now" }).click();
    await page.waitForFunction(() => !document.querySelector('[data-testid="two-factor-reminder"]'));
    await page.reload();
    await page.getByTestId("dashboard-listings").or(page.getByText("You have no listings yet.")).first().waitFor();
    await expect(reminder.count()).resolves.toBe(0);
  });
});
