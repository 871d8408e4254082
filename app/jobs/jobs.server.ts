// What the Worker's Cron Trigger runs (wrangler.toml [triggers] crons), one entry per job. Each job is
// idempotent and bounded per run with the trigger's time as `now`, so a missed or repeated run is safe.
// The runner is run-jobs.server.ts; tests/workers/jobs.test.ts checks every trigger maps to jobs here.
import { sweepLoginThrottle } from "~/features/accounts/sign-in/login-throttle.server";
import { sweepPendingSignIns } from "~/features/accounts/sign-in/pending-sign-in.server";
import { sweepMailCaps } from "~/features/accounts/mail-caps.server";
import { scheduledSweep } from "~/features/photos/pending-uploads.server";
import { backfillPhotoHashes } from "~/features/photos/hash-backfill.server";
import { retryRecordedDeletes } from "~/features/photos/r2-deletes.server";
import { sweepCountMarks } from "~/features/insights/stats.server";
import { foldOldInsights } from "~/features/insights/retention.server";
import { sendWeeklyStatements } from "~/features/insights/statement/statement.server";
import { fillWeekPeerFigures, prunePublicSpans } from "~/features/insights/statement/peer-figures.server";
import { resumeDuePauses } from "~/features/listings/pause.server";
import { runStaleCheck } from "~/features/listings/stale-check.server";
import { mailWaitingAsks } from "~/features/listings/consent.server";
import { remindExpiringCertificates } from "~/features/agencies/agency-overview.server";
import { sendDigests } from "~/features/safety-net/digest.server";
import { sweepSafetyNet } from "~/features/safety-net/sweep.server";
import { sweepBookings } from "~/features/bookings/sweep.server";
import { runTakedownClock } from "~/features/takedowns/clock.server";
import { runRenewals } from "~/features/billing/renewals.server";
import { billingGateway } from "~/features/payments/select.server";
import { sweepVerificationFiles } from "~/features/verification/files.server";
import { configuredOrigin } from "~/platform/http/site-origin.server";
import { prepareVisitorSalts } from "~/platform/crypto/visitor-key.server";
import { isDevelopment } from "~/platform/env";
import { runRetention } from "./retention.server";
import { sweepOldShifts } from "~/features/agencies/roster.server";

/** The one trigger wrangler.toml has: every job runs every half hour. */
export const EVERY_HALF_HOUR = "*/30 * * * *";

export type Job = {
  /** Said in the log when the job fails: "<name> failed". */
  name: string;
  /** The cron expression of the trigger that runs it, as written in wrangler.toml. */
  schedule: string;
  run: (env: Env, ctx: ExecutionContext, now: number) => Promise<unknown>;
};

/** The site's address for links in the e-mails a job sends. */
function mailOrigin(env: Env) {
  return configuredOrigin(env.SITE_ORIGIN) ?? "http://localhost:8787";
}

/** Weekly plans: reminders, renewal charges, second attempts after the grace, ends of cancelled plans. */
function renewals(env: Env, ctx: ExecutionContext, now: number) {
  const origin = mailOrigin(env);
  // In development the cron runs on this machine, where the test gateway answers (it wants a loopback host).
  const gatewayOrigin = isDevelopment(env) ? "http://localhost" : origin;
  return runRenewals(env, ctx, billingGateway(env, ctx, gatewayOrigin), origin, now);
}

export const JOBS: readonly Job[] = [
  // Abandoned photo uploads, and ID documents whose request was decided but whose delete failed.
  { name: "pending upload sweep", schedule: EVERY_HALF_HOUR, run: (env, _ctx, now) => scheduledSweep(env, now) },
  // What the privacy policy promises about how long things are kept (retention.server.ts).
  { name: "retention", schedule: EVERY_HALF_HOUR, run: runRetention },
  {
    name: "verification file sweep",
    schedule: EVERY_HALF_HOUR,
    run: (env, _ctx, now) => sweepVerificationFiles(env, now),
  },
  { name: "mail cap sweep", schedule: EVERY_HALF_HOUR, run: (env, _ctx, now) => sweepMailCaps(env, now) },
  { name: "login throttle sweep", schedule: EVERY_HALF_HOUR, run: (env, _ctx, now) => sweepLoginThrottle(env, now) },
  {
    name: "pending sign-in sweep",
    schedule: EVERY_HALF_HOUR,
    run: (env, _ctx, now) => sweepPendingSignIns(env, now),
  },
  { name: "count mark sweep", schedule: EVERY_HALF_HOUR, run: (env, _ctx, now) => sweepCountMarks(env, now) },
  // Today's and tomorrow's visitor-hash salts, in KV a day before any isolate needs them (decision 0044).
  { name: "visitor salts", schedule: EVERY_HALF_HOUR, run: (env, _ctx, now) => prepareVisitorSalts(env, now) },
  // Insights: daily rows kept 400 days, then folded into months (docs/decisions/0024).
  { name: "insights fold", schedule: EVERY_HALF_HOUR, run: (env, _ctx, now) => foldOldInsights(env, now) },
  { name: "renewals", schedule: EVERY_HALF_HOUR, run: renewals },
  { name: "r2 delete retry", schedule: EVERY_HALF_HOUR, run: (env, _ctx, now) => retryRecordedDeletes(env, now) },
  // Listings nobody has saved or confirmed for 30 days are asked, then hidden a week later.
  {
    name: "stale-listing check",
    schedule: EVERY_HALF_HOUR,
    run: (env, ctx, now) => runStaleCheck(env, ctx, mailOrigin(env), now),
  },
  // Safety Net: expired alerts, declined reports, old check totals, and the digest e-mails (decision 0023).
  {
    name: "safety net sweep",
    schedule: EVERY_HALF_HOUR,
    run: (env, _ctx, now) => sweepSafetyNet(env, now).then(() => sendDigests(env, mailOrigin(env), now)),
  },
  // Takedown cases whose owner did not answer within 48 hours come down (docs/decisions/0063-takedown-cases.md).
  {
    name: "takedown clock",
    schedule: EVERY_HALF_HOUR,
    run: (env, ctx, now) => runTakedownClock(env, ctx, mailOrigin(env), now),
  },
  // Booking requests 30 days after their time, numbers a day after it, codes after a day, blocks after 12
  // months (decision 0052).
  { name: "booking sweep", schedule: EVERY_HALF_HOUR, run: (env, _ctx, now) => sweepBookings(env, now) },
  // The closed week's peer figures, stored before any statement asks for them (decision 0030).
  { name: "peer figures", schedule: EVERY_HALF_HOUR, run: (env, _ctx, now) => fillWeekPeerFigures(env, now) },
  // When listings were public, kept as long as the daily rows it explains (decision 0051).
  { name: "public spans prune", schedule: EVERY_HALF_HOUR, run: (env, _ctx, now) => prunePublicSpans(env, now) },
  // The weekly visibility statement to those who asked: each week claimed once per provider (decision 0030).
  {
    name: "weekly statements",
    schedule: EVERY_HALF_HOUR,
    run: (env, _ctx, now) => sendWeeklyStatements(env, mailOrigin(env), now),
  },
  // Agencies (decision 0058): a certificate's owner reminded 30 days before it expires, once; a worker's
  // consent link whose mail was lost after a save goes out again.
  {
    name: "agency certificates and consent links",
    schedule: EVERY_HALF_HOUR,
    run: (env, _ctx, now) =>
      remindExpiringCertificates(env, mailOrigin(env), now).then(() =>
        mailWaitingAsks(env, mailOrigin(env), undefined, now),
      ),
  },
  // Roster shifts two weeks past their date (decision 0060).
  { name: "roster sweep", schedule: EVERY_HALF_HOUR, run: (env, _ctx, now) => sweepOldShifts(env, now) },
  // Photos saved before perceptual hashes existed get theirs, a few a run, and are matched like an upload
  // (docs/decisions/0066-photo-hash-backfill-and-takedown-upkeep.md).
  { name: "photo hash backfill", schedule: EVERY_HALF_HOUR, run: (env, _ctx, now) => backfillPhotoHashes(env, now) },
  // Breaks that have reached their return date end by themselves (decision 0018).
  { name: "pause resume", schedule: EVERY_HALF_HOUR, run: (env, ctx, now) => resumeDuePauses(env, ctx, now) },
];
