// The weekly visibility statement: its figures on /dashboard/insights from seeded listing_daily rows, the e-mail
// opt-in (a form POST), the cron's send (once a week, only to those who opted in) and /admin/exposure.
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { lastFullWeek } from "~/features/insights/statement";
import type { Week } from "~/features/insights/statement";
import { sendWeeklyStatements } from "~/features/insights/statement.server";
import { newId } from "~/platform/data/ids";
import { addDays } from "~/platform/time/nz-time";
import { count } from "./auth-fixtures";
import { client, signedIn } from "./client";
import { insertListing } from "./fixtures";
import { rows } from "./public-fixtures";
import worker from "../../workers/app";

const WEEK_MS = 7 * 86_400_000;
/** The page's text with React's comment separators removed. */
const text = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");

/** A week's impressions spread over its days, as the count queue's flush would have written them. */
async function seen(listingId: string, week: Week, impressions: number) {
  const first = Math.floor(impressions / 2);
  for (const [day, n] of [
    [week.days[0], first],
    [week.days[6], impressions - first],
  ] as const) {
    await env.DB.prepare("INSERT INTO listing_daily (listing_id, day, impressions) VALUES (?, ?, ?)")
      .bind(listingId, day, n)
      .run();
  }
}

/** One region of its own (other tests' listings stay out of its medians): Standard 30, 10, 50, 10; Featured 5, 100. */
async function region(ownerId: string) {
  const name = `Region ${newId(8)}`;
  const week = lastFullWeek(Date.now());
  const mine = await insertListing({ userId: ownerId, firstName: "Aroha", location: name });
  await seen(mine, week, 30);
  // The days either side of the week are not in it.
  await env.DB.prepare("INSERT INTO listing_daily (listing_id, day, impressions) VALUES (?, ?, 900), (?, ?, 900)")
    .bind(mine, addDays(week.from, -1), mine, addDays(week.to, 1))
    .run();
  for (const n of [10, 50, 10]) await seen(await insertListing({ location: name }), week, n);
  const lowFeatured = await insertListing({ firstName: "Lowfeat", location: name, featured: true });
  await seen(lowFeatured, week, 5);
  await seen(await insertListing({ firstName: "Highfeat", location: name, featured: true }), week, 100);
  // Elsewhere: not a peer.
  await seen(await insertListing({ location: `Elsewhere ${newId(8)}` }), week, 5000);
  return { name, mine, lowFeatured };
}

describe("the weekly statement on /dashboard/insights", () => {
  it("shows last week's impressions against the median Standard listing of the region", async () => {
    const owner = await signedIn();
    const { name, mine } = await region(owner.userId);
    const html = await text(await owner.client.get(`/dashboard/insights?listing=${mine}`));
    expect(html).toContain('data-testid="statement-impressions">30<');
    expect(html).toContain(
      `That is more than the median Standard listing there (20). You were 2nd of 4 Standard listings in ${name} by impressions.`,
    );
    expect(html).toContain(
      "Your share of the group&#x27;s impressions: 30.0%. An even split would give each listing 25.0%.",
    );
  });

  it("turns the e-mail on and off with a form POST, and refuses anything else", async () => {
    const owner = await signedIn();
    await insertListing({ userId: owner.userId });
    const on = await owner.client.post("/dashboard/insights", { form: { intent: "statement-email", on: "1" } });
    expect(on.status).toBe(200);
    expect(await count("statement_emails", "user_id = ?", owner.userId)).toBe(1);
    const page = await text(await owner.client.get("/dashboard/insights"));
    expect(page).toContain("You get this statement by e-mail every Monday.");
    // Twice on stays one opt-in.
    await owner.client.post("/dashboard/insights", { form: { intent: "statement-email", on: "1" } });
    expect(await count("statement_emails", "user_id = ?", owner.userId)).toBe(1);
    const bad = await owner.client.post("/dashboard/insights", { form: { intent: "statement-email", on: "yes" } });
    expect(bad.status).toBe(400);
    expect(await text(bad)).toContain("Choose to turn the weekly e-mail on or off.");
    await owner.client.post("/dashboard/insights", { form: { intent: "statement-email", on: "0" } });
    expect(await count("statement_emails", "user_id = ?", owner.userId)).toBe(0);
    const anonymous = await client().post("/dashboard/insights", { form: { intent: "statement-email", on: "1" } });
    expect(anonymous.status).toBe(302);
  });
});

describe("the weekly statement by e-mail", () => {
  it("goes once a week, only to providers who opted in, with a discreet subject", async () => {
    const reader = await signedIn();
    const quiet = await signedIn();
    await region(reader.userId);
    await region(quiet.userId);
    await reader.client.post("/dashboard/insights", { form: { intent: "statement-email", on: "1" } });
    const mail = () =>
      rows<{ subject: string; text_body: string }>(
        "SELECT subject, text_body FROM dev_outbox WHERE to_address = ?",
        reader.email,
      );

    // The week that just ended when they opted in is not sent: the first statement is next week's.
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now() }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await mail()).toHaveLength(0);

    const nextWeek = Date.now() + WEEK_MS;
    await sendWeeklyStatements(env, "https://example.test", nextWeek);
    await sendWeeklyStatements(env, "https://example.test", nextWeek + 3_600_000);
    const sent = await mail();
    expect(sent).toHaveLength(1);
    expect(sent[0].subject).toBe("Your weekly statement from Kiwi Companions");
    expect(sent[0].subject).not.toMatch(/Aroha|Region/);
    // Next week's figures: the row seeded on the day after last week.
    expect(sent[0].text_body).toContain("Aroha: 900 impressions, 100.0% of the group's");
    expect(sent[0].text_body).toContain("https://example.test/dashboard/insights");
    expect(await count("dev_outbox", "to_address = ?", quiet.email)).toBe(0);

    // The week after, one more.
    await sendWeeklyStatements(env, "https://example.test", nextWeek + WEEK_MS);
    expect(await mail()).toHaveLength(2);
  });
});

describe("/admin/exposure", () => {
  it("is for administrators only, and is among the admin links", async () => {
    const provider = await signedIn();
    expect((await provider.client.get("/admin/exposure")).status).toBe(404);
    const anonymous = await client().get("/admin/exposure");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toContain("/login");
    const admin = await signedIn({ admin: true });
    expect(await text(await admin.client.get("/admin"))).toContain('href="/admin/exposure"');
  });

  it("shows each plan and region's spread and the Featured listings below the Standard median", async () => {
    const owner = await signedIn();
    const { name, lowFeatured } = await region(owner.userId);
    const admin = await signedIn({ admin: true });
    const res = await admin.client.get("/admin/exposure");
    expect(res.status).toBe(200);
    const html = await text(res);
    // Featured: 5 and 100 (20×, a spread of 95 / 105); Standard: 10, 10, 30, 50 (5×, 40 / 100).
    expect(html).toMatch(
      new RegExp(
        `<td[^>]*>Featured</td><td[^>]*>${name}</td><td[^>]*>2</td><td[^>]*>105</td><td[^>]*>52.5</td><td[^>]*>20.0×</td><td[^>]*>90.5%</td>`,
      ),
    );
    expect(html).toMatch(
      new RegExp(
        `<td[^>]*>Standard</td><td[^>]*>${name}</td><td[^>]*>4</td><td[^>]*>100</td><td[^>]*>20</td><td[^>]*>5.0×</td><td[^>]*>40.0%</td>`,
      ),
    );
    expect(html).toContain(`href="/view/${lowFeatured}"`);
    expect(html).toContain(`in ${name}: 5 impressions; the Standard median there was 20.`);
    expect(html).not.toContain("Highfeat");
  });
});
