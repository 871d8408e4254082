// /dashboard/insights: the owner's own listings only, the range's daily rows, the photo counts and the CSV.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { countDay } from "~/platform/http/client-address";
import { client, signedIn } from "./client";
import { insertListing } from "./fixtures";
import { onNzMorningClock } from "./clock";

const DAY = 86_400_000;

async function daily(listingId: string, daysAgo: number, impressions: number, views: number, contacts = 0) {
  await env.DB.prepare(
    "INSERT INTO listing_daily (listing_id, day, impressions, views, contacts) VALUES (?, ?, ?, ?, ?)",
  )
    .bind(listingId, countDay(Date.now() - daysAgo * DAY), impressions, views, contacts)
    .run();
}

// Days are seeded back from today in 24-hour steps and read as today's: at 06:00 NZ neither a midnight nor a
// daylight-saving change falls between (clock.ts).
onNzMorningClock();

describe("/dashboard/insights", () => {
  it("shows the owner's listing over the range, never another provider's", async () => {
    const owner = await signedIn({ agency: true });
    const mine = await insertListing({ userId: owner.userId, firstName: "Aroha" });
    const other = await insertListing({ firstName: "Stranger" });
    await daily(mine, 0, 200, 20, 2);
    await daily(mine, 10, 100, 10);
    await daily(mine, 95, 999, 999);
    await daily(other, 0, 5000, 500);
    await env.DB.prepare(
      "INSERT INTO listing_photo_daily (listing_id, day, photo, shown, opened) VALUES (?, ?, 'listing/a.webp', 150, 4)",
    )
      .bind(mine, countDay(Date.now()))
      .run();

    const week = await owner.client.get(`/dashboard/insights?listing=${mine}&days=7`);
    expect(week.status).toBe(200);
    expect(week.headers.get("Cache-Control")).toBe("no-store");
    const html = await week.text();
    expect(html).toContain('data-testid="insights-impressions">200<');
    expect(html).toContain('data-testid="insights-views">20<');
    expect(html).toContain('data-testid="insights-view-rate">10%<');
    expect(html).toContain('data-testid="insights-contact-rate">10%<');
    expect(html).toContain("listing/a.webp");
    expect(html).toContain("<caption>Impressions and profile views by day, last 7 days</caption>");

    const month = await (await owner.client.get(`/dashboard/insights?listing=${mine}&days=30`)).text();
    expect(month).toContain('data-testid="insights-impressions">300<');
    // 90 days leaves out what is older.
    expect(await (await owner.client.get(`/dashboard/insights?listing=${mine}&days=90`)).text()).toContain(
      'data-testid="insights-impressions">300<',
    );

    // Another provider's listing id shows the owner's own listing instead.
    const theirs = await (await owner.client.get(`/dashboard/insights?listing=${other}&days=7`)).text();
    expect(theirs).toContain('data-testid="insights-impressions">200<');
    expect(theirs).not.toContain("5000");
  });

  it("downloads the range as CSV, one row a day", async () => {
    const owner = await signedIn();
    const mine = await insertListing({ userId: owner.userId });
    await daily(mine, 1, 40, 4, 1);
    const res = await owner.client.get(`/dashboard/insights.csv?listing=${mine}&days=7`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("text/csv");
    expect(res.headers.get("Content-Disposition")).toContain("attachment");
    const lines = (await res.text()).trim().split("\r\n");
    expect(lines.length).toBe(8);
    expect(lines[6]).toBe(`${countDay(Date.now() - DAY)},40,4,0.1000,1,0.2500,0,0,0`);
  });

  it("asks a visitor to log in", async () => {
    const res = await client().get("/dashboard/insights");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toContain("/login");
  });

  it("sends an expired session to log in again and shows nothing of its listings", async () => {
    const owner = await signedIn();
    await insertListing({ firstName: "Expiredowner", userId: owner.userId });
    await env.DB.prepare("UPDATE sessions SET expires_at = ? WHERE user_id = ?")
      .bind(Date.now() - 1, owner.userId)
      .run();
    const res = await owner.client.get("/dashboard/insights?days=90");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(
      "/login?sessionExpired=true&redirectTo=%2Fdashboard%2Finsights%3Fdays%3D90",
    );
    expect(await res.text()).not.toContain("Expiredowner");
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM sessions WHERE user_id = ?").bind(owner.userId).first("n"),
    ).toBe(0);
  });
});
