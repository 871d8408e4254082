// The cron's job table (app/jobs/jobs.server.ts): every trigger in wrangler.toml runs jobs, every job is on a
// trigger, every job runs against the real (migrated) stores, and one that fails leaves the others running.
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import wranglerToml from "../../wrangler.toml?raw";
import { EVERY_HALF_HOUR, JOBS } from "~/jobs/jobs.server";
import type { Job } from "~/jobs/jobs.server";
import { jobsFor, runJobs } from "~/jobs/run-jobs.server";
import worker from "../../workers/app";

/** The crons of wrangler.toml's [triggers] table. */
function triggerCrons(toml: string): string[] {
  const triggers = toml.split(/^\[triggers\]\s*$/m)[1]?.split(/^\[/m)[0] ?? "";
  const list = /^crons\s*=\s*\[([^\]]*)\]/m.exec(triggers)?.[1] ?? "";
  return [...list.matchAll(/"([^"]+)"/g)].map((m) => m[1]);
}

describe("the cron's job table", () => {
  afterEach(() => vi.restoreAllMocks());

  it("maps every trigger in wrangler.toml to jobs, and puts every job on a trigger", () => {
    const crons = triggerCrons(wranglerToml);
    expect(crons).toContain(EVERY_HALF_HOUR);
    for (const cron of crons) expect(jobsFor(JOBS, cron).length, cron).toBeGreaterThan(0);
    for (const job of JOBS) expect(crons, job.name).toContain(job.schedule);
    expect(new Set(JOBS.map((j) => j.name)).size).toBe(JOBS.length);
  });

  it("runs every job on the trigger's cron, and each one succeeds", async () => {
    const errors = vi.spyOn(console, "error");
    const ctx = createExecutionContext();
    const controller = createScheduledController({ scheduledTime: Date.now(), cron: EVERY_HALF_HOUR });
    const outcomes = await runJobs(JOBS, controller, env, ctx);
    await waitOnExecutionContext(ctx);
    expect(outcomes).toEqual(JOBS.map((job) => ({ name: job.name, ok: true })));
    expect(errors.mock.calls.filter(([first]) => String(first).endsWith(" failed"))).toEqual([]);
  });

  it("isolates a failure: a job that throws or rejects is logged, and the others still run", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const ran: string[] = [];
    const job = (name: string, run: Job["run"]): Job => ({ name, schedule: EVERY_HALF_HOUR, run });
    const jobs = [
      job("first", async () => void ran.push("first")),
      job("throws", () => {
        throw new Error("at once");
      }),
      job("rejects", () => Promise.reject(new Error("later"))),
      job("last", async () => void ran.push("last")),
      job("elsewhere", async () => void ran.push("elsewhere")),
    ];
    jobs[4] = { ...jobs[4], schedule: "0 3 * * *" };
    const ctx = createExecutionContext();
    const controller = createScheduledController({ scheduledTime: Date.now(), cron: EVERY_HALF_HOUR });
    const outcomes = await runJobs(jobs, controller, env, ctx);
    await waitOnExecutionContext(ctx);
    expect(ran.sort()).toEqual(["first", "last"]);
    expect(outcomes).toEqual([
      { name: "first", ok: true },
      { name: "throws", ok: false },
      { name: "rejects", ok: false },
      { name: "last", ok: true },
    ]);
    expect(errors).toHaveBeenCalledWith("throws failed", expect.any(Error));
    expect(errors).toHaveBeenCalledWith("rejects failed", expect.any(Error));
  });

  it("a run by hand (no cron named) runs every job", () => {
    expect(jobsFor(JOBS, "")).toBe(JOBS);
  });

  it("the Worker's scheduled handler runs the table", async () => {
    const errors = vi.spyOn(console, "error");
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: EVERY_HALF_HOUR }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(errors.mock.calls.filter(([first]) => String(first).endsWith(" failed"))).toEqual([]);
  });
});
