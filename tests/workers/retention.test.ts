// what the privacy policy promises about how long things are kept runs on the cron. Each
// rule with a fake clock: the cron's scheduledTime is `now`, rows older than the bound go, younger stay.
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { newId } from "~/platform/data/ids";
import {
  PENDING_ID_DOCUMENT_DAYS,
  PENDING_ID_EXPIRED_REASON,
  REPORT_RETENTION_DAYS,
  SECURITY_LOG_RETENTION_DAYS,
  TAKEDOWN_RETENTION_DAYS,
} from "~/features/site/retention";
import worker from "../../workers/app";
import { client } from "./client";
import { insertListing, insertUser } from "./fixtures";
import { eventually } from "./public-fixtures";

const DAY = 24 * 60 * 60_000;
// The fake clock: a fixed moment, nowhere near the real one.
const NOW = Date.UTC(2030, 5, 15, 3, 0, 0);

/** Runs the Worker's cron handler with the trigger time set to `now`. */
async function cron(now = NOW) {
  const controller = createScheduledController({ scheduledTime: new Date(now), cron: "*/30 * * * *" }); // the one trigger in wrangler.toml
  const ctx = createExecutionContext();
  await worker.scheduled!(controller, env, ctx);
  await waitOnExecutionContext(ctx);
}

async function ids(sql: string, ...binds: unknown[]): Promise<string[]> {
  const { results } = await env.DB.prepare(sql)
    .bind(...binds)
    .all<{ id: string }>();
  return results.map((r) => r.id).sort();
}

async function report(listingId: string, status: "open" | "hidden" | "dismissed", createdAt: number): Promise<string> {
  const id = newId();
  await env.DB.prepare(
    "INSERT INTO reports (id, listing_id, reason, status, created_at, handled_at) VALUES (?, ?, 'other', ?, ?, ?)",
  )
    .bind(id, listingId, status, createdAt, status === "open" ? null : createdAt + DAY)
    .run();
  return id;
}

async function idRequest(userId: string, createdAt: number, kind: "id" | "photo" = "id", status = "pending") {
  const listingId = await insertListing({ userId });
  const keys = [0, 1].map(() => `private/verification/${newId(24)}.webp`);
  for (const key of keys) await env.PHOTOS.put(key, new Uint8Array([1, 2, 3]));
  const id = newId();
  await env.DB.prepare(
    "INSERT INTO verification_requests (id, kind, listing_id, user_id, status, r2_keys, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
  )
    .bind(id, kind, listingId, userId, status, JSON.stringify(keys), createdAt)
    .run();
  return { id, keys };
}

const exists = async (key: string) => (await env.PHOTOS.head(key)) !== null;

describe("retention on the cron", () => {
  it("the privacy policy states the periods the cron runs on", async () => {
    const html = (await (await client().get("/privacy")).text()).replace(/<!-- -->/g, "");
    expect(html).toContain(`never more than ${PENDING_ID_DOCUMENT_DAYS} days`);
    expect(html).toContain("a decided report is deleted 2 years after it was made");
    expect(html).toContain(`${SECURITY_LOG_RETENTION_DAYS} days, or until you delete your account`);
    expect(html).toContain("12 months after their subscription expired");
    expect(html).toContain("kept 2 years after the decision, as the record");
    expect(html).toContain("is deleted after 1 day");
    expect(html).toContain("the decision&#x27;s reason) are deleted 2 years after the decision");
  });

  it(`deletes takedown cases ${TAKEDOWN_RETENTION_DAYS} days after their decision, clears old appeals' words, and forgets networks after a day`, async () => {
    const bound = NOW - TAKEDOWN_RETENTION_DAYS * DAY;
    const takedown = async (status: "waiting" | "decided", decidedAt: number | null, createdAt = bound - 10 * DAY) => {
      const id = newId();
      await env.DB.prepare(
        "INSERT INTO takedown_cases (id, listing_name, kind, contact, details, network_hash, status, created_at, decided_at) VALUES (?, 'Aroha', 'listed', 'me@example.nz', 'sealed', 'net', ?, ?, ?)",
      )
        .bind(id, status, createdAt, decidedAt)
        .run();
      return id;
    };
    const appeal = async (
      kind: "id" | "takedown",
      subjectId: string,
      status: "open" | "upheld",
      decidedAt: number | null,
    ) => {
      const id = newId();
      await env.DB.prepare(
        "INSERT INTO appeals (id, kind, subject_id, side, listing_name, refusal, refused_by, message, status, created_at, decided_at, reason) VALUES (?, ?, ?, 'owner', 'Aroha', 'Blurred', 'admin', 'sealed words', ?, ?, ?, 'Still blurred')",
      )
        .bind(id, kind, subjectId, status, bound - 20 * DAY, decidedAt)
        .run();
      return id;
    };
    const oldCase = await takedown("decided", bound - 1);
    const oldCaseAppeal = await appeal("takedown", oldCase, "upheld", bound - 1);
    const appealedCase = await takedown("decided", bound - DAY);
    const openAppeal = await appeal("takedown", appealedCase, "open", null);
    const youngCase = await takedown("decided", bound + DAY);
    const waiting = await takedown("waiting", null);
    const yesterday = await takedown("waiting", null, NOW - DAY / 2);
    const oldIdAppeal = await appeal("id", newId(), "upheld", bound - DAY);
    const youngIdAppeal = await appeal("id", newId(), "upheld", bound + DAY);

    await cron();
    expect(await ids("SELECT id FROM takedown_cases")).toEqual([appealedCase, youngCase, waiting, yesterday].sort());
    expect(await ids("SELECT id FROM appeals")).toEqual([openAppeal, oldIdAppeal, youngIdAppeal].sort());
    expect(await ids("SELECT id FROM appeals")).not.toContain(oldCaseAppeal);
    // The network is forgotten a day after the case; the day's own cases keep it for the limit.
    expect(await ids("SELECT id FROM takedown_cases WHERE network_hash IS NOT NULL")).toEqual([yesterday]);
    // An old appeal keeps only the mark that the one appeal was used.
    const words = await env.DB.prepare(
      "SELECT id, message, refusal, reason, listing_name FROM appeals WHERE kind = 'id'",
    ).all<{
      id: string;
      message: string;
    }>();
    expect(words.results.find((r) => r.id === oldIdAppeal)).toEqual({
      id: oldIdAppeal,
      message: "",
      refusal: "",
      reason: "",
      listing_name: "",
    });
    expect(words.results.find((r) => r.id === youngIdAppeal)?.message).toBe("sealed words");
    // A second run changes nothing more.
    await cron();
    expect(await ids("SELECT id FROM takedown_cases")).toEqual([appealedCase, youngCase, waiting, yesterday].sort());
  });

  it(`removes decided reports older than ${REPORT_RETENTION_DAYS} days; keeps younger ones and every open one`, async () => {
    const listingId = await insertListing({ userId: await insertUser() });
    const bound = NOW - REPORT_RETENTION_DAYS * DAY;
    const oldHidden = await report(listingId, "hidden", bound - DAY);
    const oldDismissed = await report(listingId, "dismissed", bound - 1);
    const youngDismissed = await report(listingId, "dismissed", bound + DAY);
    const oldOpen = await report(listingId, "open", bound - 10 * DAY);
    await cron();
    const left = await ids("SELECT id FROM reports");
    expect(left).toEqual([youngDismissed, oldOpen].sort());
    expect(left).not.toContain(oldHidden);
    expect(left).not.toContain(oldDismissed);
  });

  it("deletes listings 12 months after their subscription lapsed, with their photos; keeps the rest", async () => {
    const userId = await insertUser();
    const lapsed = await insertListing({ userId, live: false, active: false, activeUntil: Date.UTC(2029, 5, 14) });
    const recent = await insertListing({ userId, live: false, active: false, activeUntil: Date.UTC(2029, 5, 16) });
    const current = await insertListing({ userId, active: true, activeUntil: Date.UTC(2030, 8, 1) });
    const never = await insertListing({ userId, activeUntil: null });
    const photo = `listing/${newId(24)}.webp`;
    await env.PHOTOS.put(photo, new Uint8Array([1]));
    await env.DB.prepare(
      "INSERT INTO listing_images (id, listing_id, r2_key, position, width, height, created_at) VALUES (?, ?, ?, 1, 10, 10, ?)",
    )
      .bind(newId(), lapsed, photo, NOW - 400 * DAY)
      .run();
    await cron();
    expect(await ids("SELECT id FROM listings")).toEqual([recent, current, never].sort());
    // The photo leaves R2 through the delete queue, a moment after the run.
    await eventually(async () => !(await exists(photo)), 5000);
    // The owner's security log says it went and why, with no place or device (nobody asked for it).
    const logged = await env.DB.prepare("SELECT event, place, device FROM security_events WHERE user_id = ?")
      .bind(userId)
      .all();
    expect(logged.results).toEqual([{ event: "listing_lapsed_deleted", place: "", device: "" }]);
  });

  it(`closes ID requests pending over ${PENDING_ID_DOCUMENT_DAYS} days and deletes their files from R2; keeps younger ones`, async () => {
    const userId = await insertUser();
    const bound = NOW - PENDING_ID_DOCUMENT_DAYS * DAY;
    const stale = await idRequest(userId, bound - DAY);
    const young = await idRequest(userId, bound + DAY);
    await cron();
    const rows = await env.DB.prepare("SELECT id, status, reason, r2_keys, decided_at FROM verification_requests").all<{
      id: string;
      status: string;
      reason: string;
      r2_keys: string;
      decided_at: number | null;
    }>();
    const byId = new Map(rows.results.map((r) => [r.id, r]));
    expect(byId.get(stale.id)).toMatchObject({
      status: "rejected",
      reason: PENDING_ID_EXPIRED_REASON,
      r2_keys: "[]",
      decided_at: NOW,
    });
    for (const key of stale.keys) expect(await exists(key)).toBe(false);
    expect(byId.get(young.id)).toMatchObject({
      status: "pending",
      r2_keys: JSON.stringify(young.keys),
      decided_at: null,
    });
    for (const key of young.keys) expect(await exists(key)).toBe(true);
  });

  it(`removes security-log rows older than ${SECURITY_LOG_RETENTION_DAYS} days`, async () => {
    const userId = await insertUser();
    const bound = NOW - SECURITY_LOG_RETENTION_DAYS * DAY;
    const put = async (at: number) => {
      const id = newId();
      await env.DB.prepare("INSERT INTO security_events (id, user_id, event, created_at) VALUES (?, ?, 'login', ?)")
        .bind(id, userId, at)
        .run();
      return id;
    };
    await put(bound - 1);
    const young = await put(bound + DAY);
    await cron();
    expect(await ids("SELECT id FROM security_events")).toEqual([young]);
  });
});
