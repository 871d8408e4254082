// The weekly statement's peer figures are stored once per closed week, plan and region (migration 0057): the
// statement then reads one row for its peers instead of a week of daily rows per peer, and the stored figures
// equal the direct computation (docs/decisions/0030-weekly-visibility-statement.md).
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { lastFullWeek, statementOf } from "~/features/insights/statement";
import { loadStatement } from "~/features/insights/statement.server";
import { fillWeekPeerFigures } from "~/features/insights/peer-figures.server";
import { newId } from "~/platform/data/ids";
import { insertListing } from "./fixtures";
import { countingD1 } from "../fixtures/counting-d1";

describe("the weekly statement's stored peer figures", () => {
  it("reads few rows with 300 peers and equals the direct computation", async () => {
    const region = `Region ${newId(8)}`;
    const week = lastFullWeek(Date.now());
    const mine = await insertListing({ location: region });
    const impressions: number[] = [];
    const stmts: D1PreparedStatement[] = [];
    for (let i = 0; i < 300; i++) {
      const id = await insertListing({ location: region });
      for (const day of week.days) {
        stmts.push(
          env.DB.prepare("INSERT INTO listing_daily (listing_id, day, impressions) VALUES (?, ?, ?)").bind(id, day, i),
        );
      }
      impressions.push(7 * i);
    }
    stmts.push(
      env.DB.prepare("INSERT INTO listing_daily (listing_id, day, impressions) VALUES (?, ?, 20)").bind(
        mine,
        week.from,
      ),
    );
    await env.DB.batch(stmts);
    impressions.push(20);
    const ownerRow = await env.DB.prepare("SELECT user_id FROM listings WHERE id = ?")
      .bind(mine)
      .first<string>("user_id");

    const direct = statementOf(week, "standard", region, 20, impressions);
    const first = await loadStatement(env, ownerRow!, mine, Date.now());
    expect(first).toEqual(direct);
    const stored = await env.DB.prepare(
      "SELECT impressions FROM week_peer_figures WHERE week_from = ? AND plan = 'standard' AND region = ?",
    )
      .bind(week.from, region)
      .first<string>("impressions");
    expect(JSON.parse(stored!)).toEqual([...impressions].sort((a, b) => b - a));

    const count = { rows: 0, statements: 0 };
    const second = await loadStatement({ DB: countingD1(env.DB, count) }, ownerRow!, mine, Date.now());
    expect(second).toEqual(direct);
    expect(count.rows).toBeGreaterThan(0);
    expect(count.rows).toBeLessThanOrEqual(20);
  });

  it("is filled by the cron before any statement asks, so the first read is as cheap as the next", async () => {
    const region = `Region ${newId(8)}`;
    const now = Date.now();
    const week = lastFullWeek(now);
    const mine = await insertListing({ location: region });
    const stmts: D1PreparedStatement[] = [];
    const impressions: number[] = [];
    for (let i = 0; i < 40; i++) {
      const id = await insertListing({ location: region });
      for (const day of week.days) {
        stmts.push(
          env.DB.prepare("INSERT INTO listing_daily (listing_id, day, impressions) VALUES (?, ?, ?)").bind(id, day, i),
        );
      }
      impressions.push(7 * i);
    }
    await env.DB.batch(stmts);
    impressions.push(0);
    const owner = await env.DB.prepare("SELECT user_id FROM listings WHERE id = ?").bind(mine).first<string>("user_id");

    expect(await fillWeekPeerFigures(env, now)).toBeGreaterThan(0);
    // A second run finds every group stored and stores nothing.
    expect(await fillWeekPeerFigures(env, now)).toBe(0);
    const count = { rows: 0, statements: 0 };
    const first = await loadStatement({ DB: countingD1(env.DB, count) }, owner!, mine, now);
    expect(first).toEqual(statementOf(week, "standard", region, 0, impressions));
    expect(count.rows).toBeLessThanOrEqual(20);
  });
});
