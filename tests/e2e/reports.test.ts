import { describe, expect, it } from "vitest";
import { hydrated, useBrowser } from "./browser";
import { makeAdministrator, signInAdmin } from "./people";

const b = useBrowser();

describe("reporting a listing", () => {
  it("a visitor reports a profile, an administrator hides it from the queue, and visitors no longer see it", async () => {
    const visitor = await b.visitor();
    const admin = await b.visitor();
    // A listing from the last region page, so the cards other tests open first stay put.
    await visitor.page.goto("/locations/South%20Island");
    await hydrated(visitor.page);
    const card = visitor.page.getByTestId("listing-grid").getByTestId("listing-card").last();
    const name = (await card.locator("h3 span.truncate").textContent())!;
    await card.locator("a").first().click();
    await visitor.page.waitForURL("**/view/*");
    const listingId = new URL(visitor.page.url()).pathname.split("/").pop()!;
    try {
      await hydrated(visitor.page);
      await visitor.page.getByRole("link", { name: /^Report/ }).click();
      await visitor.page.waitForURL(`**/report/${listingId}`);
      await hydrated(visitor.page);
      await visitor.page.getByLabel("Reason").selectOption("fake");
      const details = `Photos appear on another site ${Date.now()}`;
      await visitor.page.getByLabel("Details (optional)").fill(details);
      await visitor.page.getByRole("button", { name: "Send report" }).click();
      await visitor.page.getByText("Thank you. Your report has been sent to our team").waitFor();

      await signInAdmin(admin.context, await makeAdministrator());
      await admin.page.goto("/admin/reports");
      await hydrated(admin.page);
      const report = admin.page.getByTestId("report").filter({ hasText: details });
      await report.waitFor();
      expect(await report.textContent()).toContain("Fake or misleading listing");
      await report.getByRole("button", { name: `Hide listing ${name}` }).click();
      await admin.page.getByText("The listing is hidden (no longer live) and its open reports are closed.").waitFor();

      const res = await visitor.page.goto(`/view/${listingId}`);
      expect(res!.status()).toBe(404);
      await visitor.page.getByText("Error loading profile: Model not found").waitFor();
    } finally {
      // Put the listing back for the other tests that share this store.
      const state = await admin.page.request.get(`/api/model/${listingId}`);
      if (state.ok() && (await state.json()).live === false)
        await admin.page.request.put(`/api/admin/profiles/${listingId}/toggle-live`);
      await visitor.context.close();
      await admin.context.close();
    }
  });
});
