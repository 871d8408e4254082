// The public review times (docs/decisions/0064-review-times-and-appeals.md): the median and the 90th
// percentile of the last 7 days' decisions, from submitted to decided, per kind; linked from the FAQ.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { newId } from "~/platform/data/ids";
import { listingOf } from "./admin-fixtures";
import { cast, client } from "./client";

const H = 3_600_000;
const text = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");

function card(html: string, kind: string): string {
  return html.match(new RegExp(`data-testid="wait-${kind}"[\\s\\S]*?</li>`))?.[0] ?? "";
}

describe("the review times page", () => {
  it("gives each kind's median and 90th percentile over the last 7 days of decisions", async () => {
    const { provider } = await cast();
    const listingId = await listingOf(provider);
    const now = Date.now();
    const request = (kind: string, waitedHours: number, decidedHoursAgo: number, rereview = 0) =>
      env.DB.prepare(
        "INSERT INTO verification_requests (id, kind, listing_id, user_id, status, created_at, decided_at, rereview) VALUES (?, ?, ?, ?, 'approved', ?, ?, ?)",
      )
        .bind(
          newId(),
          kind,
          listingId,
          provider.userId,
          now - (decidedHoursAgo + waitedHours) * H,
          now - decidedHoursAgo * H,
          rereview,
        )
        .run();
    // ID checks: ten decisions this week waiting 1..10 hours; one older than the week and one re-review that
    // do not count; one still pending.
    for (let h = 1; h <= 10; h++) await request("id", h, 2);
    await request("id", 300, 8 * 24);
    await request("id", 300, 1, 1);
    await env.DB.prepare(
      "INSERT INTO verification_requests (id, kind, listing_id, user_id, status, created_at) VALUES (?, 'photo', ?, ?, 'pending', ?)",
    )
      .bind(newId(), listingId, provider.userId, now - 500 * H)
      .run();
    // Photo checks: two decisions, 3 and 50 hours.
    await request("photo", 3, 5);
    await request("photo", 50, 5);
    // Takedown cases: one decided by the clock 49 hours after it was filed.
    await env.DB.prepare(
      "INSERT INTO takedown_cases (id, listing_name, kind, contact, details, status, created_at, outcome, decided_by, decided_at) VALUES (?, 'Mia', 'listed', 'x@example.nz', 'sealed', 'decided', ?, 'taken_down', 'clock', ?)",
    )
      .bind(newId(), now - 60 * H, now - 11 * H)
      .run();

    const html = await text(await client().get("/review-times"));
    expect(card(html, "id")).toMatch(/data-testid="median">5 hours</);
    expect(card(html, "id")).toMatch(/data-testid="p90">9 hours</);
    expect(card(html, "id")).toMatch(/Decisions counted<\/dt><dd>10</);
    expect(card(html, "photo")).toMatch(/data-testid="median">3 hours</);
    expect(card(html, "photo")).toMatch(/data-testid="p90">2 days 2 hours</);
    expect(card(html, "takedown")).toMatch(/data-testid="median">2 days 1 hour</);
  });

  it("says when there were no decisions, and the FAQ links to it", async () => {
    const html = await text(await client().get("/review-times"));
    expect(card(html, "id")).toContain("No decisions in the last 7 days.");
    expect(await text(await client().get("/faq"))).toContain('href="/review-times"');
  });
});
