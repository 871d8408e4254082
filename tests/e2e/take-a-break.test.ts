// In Chromium: a provider takes a break from the dashboard until a date, sees 'Paused until …' and
// the listing gone from its region, then resumes it.
import { describe, expect, it } from "vitest";
import { newId } from "../../app/platform/data/ids";
import { addDays, nzDate, shortDate } from "../../app/platform/time/nz-time";
import { useBrowser } from "./browser";
import { d1, enterAs, insertAccount } from "./people";

const b = useBrowser();
const PASSWORD = "harakeke weaving 9";

describe("Take a break", () => {
  it("pauses a live listing until a date, takes it off the list, and resumes it", async () => {
    const { id: userId } = await insertAccount({ firstName: "Kiri", password: PASSWORD });
    const listingId = newId();
    const name = `Kiri${Date.now() % 100000}`;
    const now = Date.now();
    await d1(`INSERT INTO listings (id, user_id, first_name, location, verified, live, paid, listed_at, created_at, updated_at)
        VALUES ('${listingId}', '${userId}', '${name}', 'Tauranga', 1, 1, 1, ${now}, ${now}, ${now})`);
    const { page, context } = await b.visitor();
    await enterAs(page, { id: userId });
    const card = page.getByTestId("dashboard-card").filter({ hasText: name });
    await expect(card.getByTestId("listing-badge").textContent()).resolves.toBe("LIVE");

    await card.getByText("Take a break").click();
    const back = addDays(nzDate(Date.now()), 3);
    await card.getByLabel("Back on (optional)").fill(back);
    await card.getByRole("button", { name: `Pause listing: ${name}` }).click();
    await card.getByTestId("pause-line").waitFor();
    await expect(card.getByTestId("pause-line").textContent()).resolves.toBe(`Paused until ${shortDate(back)}`);
    await expect(card.getByTestId("listing-badge").textContent()).resolves.toBe("Hidden");

    // Visitors: not listed, and its page is gone (no badge, nothing to say it is on a break).
    const visitor = await b.visitor({ adult: true });
    expect((await visitor.page.goto(`/view/${listingId}`))?.status()).toBe(404);

    await card.getByRole("button", { name: `Resume now: ${name}` }).click();
    await expect.poll(() => card.getByTestId("listing-badge").textContent(), { timeout: 15_000 }).toBe("LIVE");
    await expect(card.getByTestId("pause-panel").count()).resolves.toBe(0);
    expect((await visitor.page.goto(`/view/${listingId}`))?.status()).toBe(200);
    await visitor.page.getByRole("heading", { name }).first().waitFor();
    await context.close();
    await visitor.context.close();
  });
});
