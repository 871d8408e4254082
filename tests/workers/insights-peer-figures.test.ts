// The weekly statement's groups are stored once per closed week, plan and region (migrations 0057, 0064): the
// statement then reads one row for its peers instead of a week of daily rows and spans per peer, and the stored
// figures equal the direct computation (docs/decisions/0030-weekly-visibility-statement.md, 0051).
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { DAY_MS, statementWeek, weekSpan } from "~/features/insights/statement/exposure-days";
import { partOf } from "~/features/insights/statement/statement";
import type { Member } from "~/features/insights/statement/statement";
import { loadStatement } from "~/features/insights/statement/statement.server";
import { fillWeekPeerFigures } from "~/features/insights/statement/peer-figures.server";
import { newId } from "~/platform/data/ids";
import { insertListing } from "./fixtures";
import { countingD1 } from "../fixtures/counting-d1";

/** `n` listings public all week in one region, the i-th seen i times a day; and the owner's, seen `own` once. */
async function group(n: number, own: number) {
  const region = `Region ${newId(8)}`;
  const now = Date.now();
  const week = statementWeek(now);
  const long = now - 30 * DAY_MS;
  // Public all week: its NZ days, an hour shorter or longer than 7 × 24 h on a week the clocks change.
  const { start, end } = weekSpan(week);
  const allWeek = end - start;
  const mine = await insertListing({ location: region, listedAt: long });
  const members: Member[] = [];
  const stmts: D1PreparedStatement[] = [];
  for (let i = 0; i < n; i++) {
    const id = await insertListing({ location: region, listedAt: long });
    for (const day of week.days) {
      stmts.push(
        env.DB.prepare("INSERT INTO listing_daily (listing_id, day, impressions) VALUES (?, ?, ?)").bind(id, day, i),
      );
    }
    members.push({ listingId: id, impressions: 7 * i, publicMs: allWeek });
  }
  if (own > 0) {
    stmts.push(
      env.DB.prepare("INSERT INTO listing_daily (listing_id, day, impressions) VALUES (?, ?, ?)").bind(
        mine,
        week.from,
        own,
      ),
    );
  }
  await env.DB.batch(stmts);
  const ownFigure = {
    listingId: mine,
    plan: "standard" as const,
    region,
    days: week.days,
    publicMs: allWeek,
    impressions: own,
  };
  members.push(ownFigure);
  const owner = await env.DB.prepare("SELECT user_id FROM listings WHERE id = ?").bind(mine).first<string>("user_id");
  return { now, week, region, mine, owner: owner!, direct: partOf(ownFigure, members) };
}

describe("the weekly statement's stored groups", () => {
  it("reads few rows with 300 peers and equals the direct computation", async () => {
    const { now, week, region, mine, owner, direct } = await group(300, 20);
    const first = await loadStatement(env, owner, mine, now);
    expect(first!.parts).toEqual([direct]);
    expect(direct).toMatchObject({ peers: 301, rank: 298, impressions: 20 });
    const stored = await env.DB.prepare(
      "SELECT members FROM week_peer_figures WHERE week_from = ? AND plan = 'standard' AND region = ?",
    )
      .bind(week.from, region)
      .first<string>("members");
    expect(JSON.parse(stored!)).toHaveLength(301);

    const count = { rows: 0, statements: 0 };
    const second = await loadStatement({ DB: countingD1(env.DB, count) }, owner, mine, now);
    expect(second).toEqual(first);
    expect(count.rows).toBeGreaterThan(0);
    expect(count.rows).toBeLessThanOrEqual(20);
  });

  it("is filled by the cron before any statement asks, so the first read is as cheap as the next", async () => {
    const { now, mine, owner, direct } = await group(40, 0);
    expect(await fillWeekPeerFigures(env, now)).toBeGreaterThan(0);
    // A second run finds the week stored and stores nothing.
    expect(await fillWeekPeerFigures(env, now)).toBe(0);
    const count = { rows: 0, statements: 0 };
    const first = await loadStatement({ DB: countingD1(env.DB, count) }, owner, mine, now);
    expect(first!.parts).toEqual([direct]);
    expect(direct.rank).toBeNull();
    expect(count.rows).toBeLessThanOrEqual(20);
  });
});
