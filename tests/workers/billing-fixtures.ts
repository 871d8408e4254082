// Shared by the billing tests that run the deployed configuration (production, Windcave's settings) against
// the real D1, with a stand-in for Windcave's host (tests/windcave-stand-in.ts).
import { env } from "cloudflare:test";
import { WEEK_MS } from "~/features/billing/subscriptions";
import { paymentGateway } from "~/features/payments/select.server";
import { runRenewals } from "~/features/billing/renewals.server";
import { WINDCAVE_TEST_SETTINGS } from "../windcave-stand-in";
import type { windcaveFetch } from "../windcave-stand-in";
import { signedIn } from "./client";
import { insertListing, insertSubscription } from "./fixtures";
import { rows } from "./public-fixtures";

export const SITE = "https://kiwicompanions.co.nz";
/** waitUntil's work (receipt mail) runs on; its failures are not the test's. */
export const ctx = { waitUntil: (p: Promise<unknown>) => void p.catch(() => {}), passThroughOnException: () => {} };
/**
 * What a deploy runs: production, with Windcave's URL (a var) and its username and key (secrets), and the
 * business's GST number in place of wrangler.toml's placeholder (one of Inland Revenue's example numbers).
 */
export const production = {
  ...env,
  APP_ENV: "production",
  SITE_ORIGIN: SITE,
  ...WINDCAVE_TEST_SETTINGS,
  BILLING_GST_NUMBER: "49-091-850",
};

export async function one<T = Record<string, unknown>>(query: string, ...binds: unknown[]): Promise<T> {
  return (await rows<T>(query, ...binds))[0];
}

/** A paid, live listing whose week ends at `periodEnd` (now, unless told): due for renewal then. */
export async function paidListing(
  o: { plan?: "standard" | "featured"; status?: string; periodEnd?: number; methodRef?: string } = {},
) {
  const owner = await signedIn();
  const periodEnd = o.periodEnd ?? Date.now();
  const listingId = await insertListing({
    userId: owner.userId,
    featured: o.plan === "featured",
    subscription: "none",
  });
  await env.DB.prepare("UPDATE listings SET awaiting_consent = 0, agency_held = 0, paid = 1, live = 1 WHERE id = ?")
    .bind(listingId)
    .run();
  await insertSubscription(listingId, owner.userId, {
    plan: o.plan ?? "standard",
    status: o.status ?? "active",
    periodStart: periodEnd - WEEK_MS,
    periodEnd,
    methodRef: o.methodRef,
  });
  return { ...owner, listingId, periodEnd };
}

/** The cron's billing run at `now`, in production, against the stand-in. */
export function windcaveRenewals(stand: ReturnType<typeof windcaveFetch>, now: number) {
  return runRenewals(production, ctx, paymentGateway(production, ctx, SITE, stand.fetchImpl), SITE, now);
}
