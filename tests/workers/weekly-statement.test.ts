// The weekly visibility statement against real D1 (docs/decisions/0030-weekly-visibility-statement.md, 0051): the
// triggers that record when a listing is public and in which group; the hand-worked week of
// tests/unit/weekly-statement.test.ts made by the app's own writers (the visibility rule's writer, a Featured
// grant) and read on /dashboard/insights and /admin/exposure, which agree on each group; a new listing's first
// statement; the e-mail opt-in (a form POST) and the cron's send (once a week, only to those who opted in).
// The days are NZ days (docs/decisions/0075-statement-days-are-nz-days.md).
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { statementWeek, weekCloses, weekFinal } from "~/features/insights/statement/exposure-days";
import { dayWords, lastFullWeek, nextStatementDay } from "~/features/insights/statement/statement";
import { loadStatement, sendWeeklyStatements } from "~/features/insights/statement/statement.server";
import { prunePublicSpans } from "~/features/insights/statement/peer-figures.server";
import { grantFeatured } from "~/features/billing/featured-grants.server";
import { visibilitySet } from "~/features/listings/visibility.server";
import type { VisibilityChange } from "~/features/listings/visibility.server";
import { getDb, schema } from "~/platform/data/db.server";
import { newId } from "~/platform/data/ids";
import { addDays, nzDayStart, nzWallTime } from "~/platform/time/nz-time";
import { count } from "./auth-fixtures";
import { client, signedIn } from "./client";
import { onClockFrom } from "./clock";
import { insertListing } from "./fixtures";
import { rows } from "./public-fixtures";

const H = 3_600_000;
const DAY = 24 * H;
const ctx = { waitUntil: (p: Promise<unknown>) => void p.catch(() => {}) };
/** The page's text with React's comment separators and the entities a reader does not see. */
const text = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "").replace(/&#x27;/g, "'");
/** `hour` o'clock on an NZ date (0: its midnight), as the daily rows' days are NZ days (decision 0054). */
const at = (date: string, hour = 0) => nzWallTime(date, hour * 60);

// The statement's week follows the clock, and twice a year its Sunday is 23 or 25 hours long (the clocks
// change), which would move every figure below by an hour's worth. So the file runs on a clock set to 06:00 NZ
// on Wednesday 25 November 2026, moving on in real time: the statement's week is then 16-22 November, the week
// of tests/unit/weekly-statement.test.ts. (The Worker shares the tests' isolate, and so their Date.)
onClockFrom(() => at("2026-11-25", 6));

/** The visibility rule's one writer, at a moment of the test's choosing. */
const write = (listingId: string, change: VisibilityChange, now: number) =>
  getDb(env).update(schema.listings).set(visibilitySet(change, now)).where(eq(schema.listings.id, listingId));

const counted = (listingId: string, day: string, impressions: number) =>
  env.DB.prepare("INSERT INTO listing_daily (listing_id, day, impressions) VALUES (?, ?, ?)")
    .bind(listingId, day, impressions)
    .run();

type SpanRow = { started_at: number; ended_at: number | null; featured: number; location: string };
const spansOf = (listingId: string) =>
  rows<SpanRow>(
    "SELECT started_at, ended_at, featured, location FROM listing_public_spans WHERE listing_id = ? ORDER BY started_at, rowid",
    listingId,
  );

describe("when a listing was public", () => {
  it("is recorded by the database as the listing goes public, changes plan or region, and is hidden", async () => {
    const t = Date.now() - 10 * DAY;
    const id = await insertListing({ live: false, verified: false, subscription: "none", location: "Otago" });
    await env.DB.prepare("UPDATE listings SET paid = 1 WHERE id = ?").bind(id).run();
    expect(await spansOf(id)).toEqual([]);
    await write(id, { verified: true }, t);
    // A new region while public (as an edit saves it, with its own clock in updated_at).
    await env.DB.prepare("UPDATE listings SET location = 'Nelson', updated_at = ? WHERE id = ?")
      .bind(t + H, id)
      .run();
    await env.DB.prepare("UPDATE listings SET featured = 1, updated_at = ? WHERE id = ?")
      .bind(t + 2 * H, id)
      .run();
    await write(id, { switchedOff: true }, t + 3 * H);
    // Changes while hidden record nothing; public again opens a new stretch.
    await env.DB.prepare("UPDATE listings SET featured = 0, updated_at = ? WHERE id = ?")
      .bind(t + 4 * H, id)
      .run();
    await write(id, { switchedOff: false }, t + 5 * H);
    expect(await spansOf(id)).toEqual([
      { started_at: t, ended_at: t + H, featured: 0, location: "Otago" },
      { started_at: t + H, ended_at: t + 2 * H, featured: 0, location: "Nelson" },
      { started_at: t + 2 * H, ended_at: t + 3 * H, featured: 1, location: "Nelson" },
      { started_at: t + 5 * H, ended_at: null, featured: 0, location: "Nelson" },
    ]);
  });

  it("is kept as long as the daily rows of its days, from the NZ midnight that starts the first one kept", async () => {
    // At 18:00 NZ on 25 November 2026 the daily rows keep 400 NZ days back: from 21 October 2025.
    const now = at("2026-11-25", 18);
    const firstKept = addDays("2026-11-25", -400);
    expect(firstKept).toBe("2025-10-21");
    const id = await insertListing({ live: false });
    for (const ended of [at(firstKept) - 1, at(firstKept, 6)]) {
      await env.DB.prepare(
        "INSERT INTO listing_public_spans (listing_id, started_at, ended_at, featured, location) VALUES (?, ?, ?, 0, 'Otago')",
      )
        .bind(id, ended - H, ended)
        .run();
    }
    expect(await prunePublicSpans(env, now)).toBe(1);
    expect((await spansOf(id)).map((s) => s.ended_at)).toEqual([at(firstKept, 6)]);
  });

  it("a listing stored public from the start has been public since it was listed", async () => {
    const listedAt = Date.now() - 20 * DAY;
    const id = await insertListing({ listedAt, featured: true, location: "Otago" });
    expect(await spansOf(id)).toEqual([{ started_at: listedAt, ended_at: null, featured: 1, location: "Otago" }]);
  });
});

/**
 * The hand-worked week of tests/unit/weekly-statement.test.ts, on the statement's week as it is now, made by
 * the app's writers: A goes public (approved) on Thursday at 12:00 NZ as Standard and is granted Featured on
 * Saturday at 06:00; D is switched off on Wednesday at 00:00; E was hidden the week before.
 */
async function handWorkedWeek() {
  const week = statementWeek(Date.now());
  const d = week.days;
  const region = `Region ${newId(8)}`;
  const long = at(d[0]) - 20 * DAY;
  const owner = await signedIn({ firstName: "Aroha" });
  const a = await insertListing({
    userId: owner.userId,
    firstName: "Aroha",
    live: false,
    verified: false,
    subscription: "none",
    location: region,
  });
  await env.DB.prepare("UPDATE listings SET paid = 1 WHERE id = ?").bind(a).run();
  await write(a, { verified: true }, at(d[3], 12));
  const admin = await signedIn({ admin: true });
  const grant = await grantFeatured(env, ctx, { id: admin.userId, isAdmin: true }, a, 2, "Launch week", at(d[5], 6));
  expect(grant.ok).toBe(true);
  const b = await insertListing({ firstName: "Bea", location: region, listedAt: long });
  await insertListing({ firstName: "Cleo", location: region, listedAt: long });
  const dd = await insertListing({ firstName: "Dana", location: region, listedAt: long });
  await write(dd, { switchedOff: true }, at(d[2]));
  const e = await insertListing({ firstName: "Erin", location: region, listedAt: long });
  await write(e, { switchedOff: true }, at(d[0]) - 5 * DAY);
  const f = await insertListing({ firstName: "Fern", featured: true, location: region, listedAt: long });
  const h = await insertListing({ firstName: "Hine", location: `Elsewhere ${newId(8)}`, listedAt: long });
  for (const [id, day, n] of [
    [a, d[0], 9],
    [a, d[3], 6],
    [a, d[4], 18],
    [a, d[5], 30],
    [a, d[6], 20],
    [dd, d[0], 15],
    [dd, d[1], 25],
    [e, d[1], 3],
    // The days either side of the week are not in it.
    [b, addDays(d[0], -1), 900],
    [b, addDays(d[6], 1), 900],
  ] as const)
    await counted(id, day, n);
  for (const day of d) {
    await counted(b, day, 10);
    await counted(f, day, 20);
    await counted(h, day, 100);
  }
  return { week, region, owner, a, e, f };
}

describe("the hand-worked week", () => {
  it("the statement tells the days public, in the plan and region of each day, against those groups", async () => {
    const { region, owner, a, e } = await handWorkedWeek();
    const statement = (await loadStatement(env, owner.userId, a, Date.now()))!;
    expect(statement.parts).toHaveLength(2);
    expect(statement.parts[0]).toMatchObject({
      plan: "standard",
      region,
      impressions: 24,
      publicMs: 36 * H,
      perDay: 16,
      peers: 4,
      medianPerDay: 13,
      rank: 2,
    });
    expect(statement.parts[1]).toMatchObject({
      plan: "featured",
      impressions: 50,
      publicMs: 48 * H,
      perDay: 25,
      peers: 2,
      medianPerDay: 22.5,
      rank: 1,
    });
    // Hidden all week: no statement, for all it was counted once.
    const erin = await env.DB.prepare("SELECT user_id FROM listings WHERE id = ?").bind(e).first<string>("user_id");
    expect((await loadStatement(env, erin!, e, Date.now()))!.parts).toEqual([]);

    const html = await text(await owner.client.get(`/dashboard/insights?listing=${a}`));
    expect(html).toContain(
      `Your listing was public from Thursday to Friday (1.5 days in all), as one of the Standard listings in ${region}.`,
    );
    expect(html).toContain(
      `That is more than the median Standard listing there (13 a day). You were 2nd of 4 Standard listings in ${region} by impressions a day while public.`,
    );
    expect(html).toContain(
      "Your share of the group's impressions: 17.9%. An even split by time public would give you 8.6%.",
    );
    expect(html).toContain(`You were 1st of 2 Featured listings in ${region} by impressions a day while public.`);
  });

  it("the administrators' page counts the same groups the statements compare with", async () => {
    const { week, region, f } = await handWorkedWeek();
    const admin = await signedIn({ admin: true });
    const res = await admin.client.get("/admin/exposure");
    expect(res.status).toBe(200);
    const html = await text(res);
    // Standard: 16, 10, 0, 20 a day (134 impressions; none for the lowest; (20 - 0) / 46); Featured: 25, 20.
    expect(html).toMatch(
      new RegExp(
        `<td[^>]*>Standard</td><td[^>]*>${region}</td><td[^>]*>4</td><td[^>]*>134</td><td[^>]*>13</td><td[^>]*>– \\(one had none\\)</td><td[^>]*>43.5%</td>`,
      ),
    );
    expect(html).toMatch(
      new RegExp(
        `<td[^>]*>Featured</td><td[^>]*>${region}</td><td[^>]*>2</td><td[^>]*>190</td><td[^>]*>22.5</td><td[^>]*>1.3×</td><td[^>]*>11.1%</td>`,
      ),
    );
    // Fern's 20 a day is above the Standard median of 13: nobody is behind.
    expect(html).not.toContain(`href="/view/${f}"`);
    // Stored once for the closed week, and read back by both.
    const stored = await rows<{ plan: string }>(
      "SELECT plan FROM week_peer_figures WHERE week_from = ? AND region = ? ORDER BY plan",
      week.from,
      region,
    );
    expect(stored).toEqual([{ plan: "featured" }, { plan: "standard" }]);
  });
});

describe("a new listing's first statement", () => {
  it("says there is none for a week before it was public, and when its first one comes", async () => {
    const owner = await signedIn();
    const id = await insertListing({ userId: owner.userId, live: false, verified: false, subscription: "none" });
    // Public last week's peers: a statement for them exists, and the new listing is not ranked among them.
    await insertListing({ listedAt: Date.now() - 30 * DAY });
    await env.DB.prepare("UPDATE listings SET paid = 1 WHERE id = ?").bind(id).run();
    await write(id, { verified: true }, Date.now());
    const html = await text(await owner.client.get(`/dashboard/insights?listing=${id}`));
    expect(html).toContain("Your listing was not public that week, so there is nothing to compare");
    expect(html).toContain(
      `It is public now: the statement of the days it is public this week comes on ${dayWords(nextStatementDay(Date.now()))}.`,
    );
    expect(html).not.toMatch(/You were \d/);
    expect(html).not.toContain('data-testid="statement-impressions"');
  });
});

describe("the weekly statement by e-mail", () => {
  it("turns on and off with a form POST, and refuses anything else", async () => {
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

  it("goes once a week once the week's figures are final, only to providers who opted in, with a discreet subject", async () => {
    const reader = await signedIn();
    const quiet = await signedIn();
    const now = Date.now();
    const justEnded = lastFullWeek(now);
    // Public since well before; counted on the Monday after the week that just ended.
    const long = now - 30 * DAY;
    const mine = await insertListing({ userId: reader.userId, firstName: "Aroha", listedAt: long });
    await insertListing({ userId: quiet.userId, listedAt: long });
    await counted(mine, addDays(justEnded.to, 1), 900);
    await reader.client.post("/dashboard/insights", { form: { intent: "statement-email", on: "1" } });
    const mail = () =>
      rows<{ subject: string; text_body: string }>(
        "SELECT subject, text_body FROM dev_outbox WHERE to_address = ?",
        reader.email,
      );

    // The week that had just ended when they opted in is not sent, even once its figures are final.
    await sendWeeklyStatements(env, "https://example.test", weekFinal(justEnded) + H);
    expect(await mail()).toHaveLength(0);
    // The next week: not at the NZ midnight that closes it, while its last counts may still be in the count
    // queue; from 01:00 NZ on the Monday, once.
    const next = lastFullWeek(nzDayStart(addDays(justEnded.to, 8)));
    expect(next.from).toBe(addDays(justEnded.from, 7));
    await sendWeeklyStatements(env, "https://example.test", weekCloses(next));
    await sendWeeklyStatements(env, "https://example.test", weekFinal(next) - 1);
    expect(await mail()).toHaveLength(0);
    await sendWeeklyStatements(env, "https://example.test", weekFinal(next));
    await sendWeeklyStatements(env, "https://example.test", weekFinal(next) + H);
    const sent = await mail();
    expect(sent).toHaveLength(1);
    expect(sent[0].subject).toBe("Your weekly statement from Kiwi Companions");
    expect(sent[0].subject).not.toMatch(/Aroha|Auckland/);
    expect(sent[0].text_body).toContain("Aroha: 900 impressions while public");
    expect(sent[0].text_body).toContain("https://example.test/dashboard/insights");
    expect(await count("dev_outbox", "to_address = ?", quiet.email)).toBe(0);

    // The week after, one more.
    await sendWeeklyStatements(env, "https://example.test", nzWallTime(addDays(next.to, 8), 60));
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

  it("lists a Featured listing below the Standard median of its region, by impressions a day", async () => {
    const week = statementWeek(Date.now());
    const region = `Region ${newId(8)}`;
    const long = Date.now() - 30 * DAY;
    const low = await insertListing({ firstName: "Lowfeat", featured: true, location: region, listedAt: long });
    for (const n of [10, 30]) {
      const id = await insertListing({ location: region, listedAt: long });
      for (const day of week.days) await counted(id, day, n);
    }
    await counted(low, week.days[0], 35);
    const admin = await signedIn({ admin: true });
    const html = await text(await admin.client.get("/admin/exposure"));
    expect(html).toContain(`href="/view/${low}"`);
    expect(html).toContain(
      `in ${region}: 35 impressions, 5 a day while public; the Standard median there was 20 a day.`,
    );
  });
});
