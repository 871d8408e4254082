// A burst of full grid beacons beside one contact tap, through the real count queue and its consumer
// (docs/decisions/0044-counting-keys-lanes-and-bytes.md): however many impressions one isolate's window
// gathers, the messages stay under the queue's size limit, and the contact tap, which the server counted
// and whose day mark it already wrote, reaches the day's row whatever happens to the impressions.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { countDay } from "~/platform/http/client-address";
import worker from "../../workers/app";
import { freshIp } from "./client";
import { insertListing } from "./fixtures";
import { rows } from "./public-fixtures";
import { onNzMorningClock } from "./clock";

const CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";

/** The grid's page of listings, each with the cover a card shows. */
async function gridOf(n: number): Promise<{ id: string; cover: string }[]> {
  const out: { id: string; cover: string }[] = [];
  for (let i = 0; i < n; i++) {
    const cover = `listing/burst${String(i).padStart(2, "0")}${"x".repeat(17)}.webp`;
    out.push({ id: await insertListing({ coverKey: cover }), cover });
  }
  return out;
}

/** One request straight into the Worker with this test's env (a window long enough to hold the whole burst). */
async function send(request: Request, testEnv: Env): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch!(request as Request<unknown, IncomingRequestCfProperties>, testEnv, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

async function untilRow(sql: string, binds: unknown[], expected: unknown, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await rows(sql, ...binds);
    if (JSON.stringify(value) === JSON.stringify(expected)) return;
    if (Date.now() > deadline) expect(value).toEqual(expected);
    await new Promise((r) => setTimeout(r, 100));
  }
}

// The burst is read back from 'today's' rows: see clock.ts.
onNzMorningClock();

describe("a burst of beacons", () => {
  it("30 full grid beacons in one window lose neither the contact tap beside them nor any impression", async () => {
    const grid = await gridOf(60);
    const contacted = await insertListing();
    // Every request of the burst lands in one isolate window of 5 seconds (the longest COUNT_WINDOW_MS allows).
    const testEnv = { ...env, COUNT_WINDOW_MS: "5000" } as Env;
    const events = grid.map((g) => ({
      kind: "impression",
      listing: g.id,
      photo: `/photos/${g.cover.replace(".webp", ".w480.webp")}`,
    }));
    const body = JSON.stringify({ events });
    // An ordinary beacon of a scrolled grid: 60 impressions, each with its photo's URL.
    expect(body.length).toBeGreaterThan(5_000);
    const beacons = Array.from({ length: 30 }, () =>
      send(
        new Request("http://localhost/api/insights/events", {
          method: "POST",
          body,
          headers: { "Content-Type": "text/plain", "User-Agent": CHROME, "CF-Connecting-IP": freshIp() },
        }),
        testEnv,
      ),
    );
    const contact = send(
      new Request(`http://localhost/api/visits/incrementContact/${contacted}`, {
        method: "PUT",
        headers: { "User-Agent": CHROME, "CF-Connecting-IP": freshIp() },
      }),
      testEnv,
    );
    const answers = await Promise.all([...beacons, contact]);
    expect(answers.map((r) => r.status)).toEqual([...Array(30).fill(204), 200]);

    const day = countDay(Date.now());
    await untilRow(
      "SELECT contacts FROM listing_daily WHERE listing_id = ? AND day = ?",
      [contacted, day],
      [{ contacts: 1 }],
    );
    // And every visitor's impression of every card, each with the cover it showed.
    await untilRow(
      "SELECT COUNT(*) AS n, SUM(impressions) AS total, MIN(impressions) AS least FROM listing_daily WHERE day = ? AND impressions > 0",
      [day],
      [{ n: 60, total: 1800, least: 30 }],
    );
    expect(
      await rows<{ n: number; shown: number }>(
        "SELECT COUNT(*) AS n, SUM(shown) AS shown FROM listing_photo_daily WHERE day = ?",
        day,
      ),
    ).toEqual([{ n: 60, shown: 1800 }]);
  }, 60_000);
});
