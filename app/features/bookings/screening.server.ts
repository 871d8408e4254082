// Each request's number against the Safety Net's published alerts, before the provider sees it
// (docs/decisions/0052-booking-requests.md). Asked on the site's behalf: no provider's daily check allowance
// is spent, and what was checked is not stored apart from the answer, which is sealed with the request. A
// provider without Safety Net access (not ID-verified, on a break, switched off, suspended) gets no alert
// check, only the block list; without SAFETY_NET_KEY nothing can be checked and the inbox says so.
import { safetyAccess } from "~/features/safety-net/access.server";
import { publishedMatches } from "~/features/safety-net/alerts.server";
import { identifierKey } from "~/features/safety-net/identifiers";
import { hasSafetyNetKey } from "~/features/safety-net/safety-key.server";
import type { DbEnv } from "~/platform/data/db.server";

export type Screen =
  | { checked: true; matches: { category: string; month: string }[] }
  | { checked: false; why: "no-access" | "unavailable" };

export async function screenNumber(env: DbEnv, ownerId: string, e164: string, now: number): Promise<Screen> {
  if (!(await safetyAccess(env, ownerId, now))) return { checked: false, why: "no-access" };
  if (!hasSafetyNetKey(env)) return { checked: false, why: "unavailable" };
  return { checked: true, matches: await publishedMatches(env, identifierKey("phone", e164), now) };
}
