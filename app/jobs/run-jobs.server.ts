// Runs the cron's jobs (jobs.server.ts). Each job runs on its own: one that throws is logged as
// "<name> failed" and the others go on, as the Worker's cron blocks did one by one.
import type { Job } from "./jobs.server";

export type JobOutcome = { name: string; ok: boolean };

/**
 * The jobs a trigger runs: those scheduled on its cron. A run by hand names no cron (wrangler's
 * /__scheduled without one, a test's controller) and runs them all.
 */
export function jobsFor(jobs: readonly Job[], cron: string): readonly Job[] {
  if (!cron) return jobs;
  const due = jobs.filter((job) => job.schedule === cron);
  if (due.length === 0) console.error("cron: no job is scheduled on", cron);
  return due;
}

/**
 * Starts every job due on `controller`'s cron, each kept alive by `ctx.waitUntil` and isolated from the
 * others. The returned promise settles when all have, with each job's outcome (it never rejects).
 */
export function runJobs(
  jobs: readonly Job[],
  controller: Pick<ScheduledController, "cron" | "scheduledTime">,
  env: Env,
  ctx: ExecutionContext,
): Promise<JobOutcome[]> {
  const runs = jobsFor(jobs, controller.cron).map((job) => {
    const run = Promise.resolve()
      .then(() => job.run(env, ctx, controller.scheduledTime))
      .then(
        () => ({ name: job.name, ok: true }),
        (error: unknown) => {
          console.error(`${job.name} failed`, error);
          return { name: job.name, ok: false };
        },
      );
    ctx.waitUntil(run);
    return run;
  });
  return Promise.all(runs);
}
