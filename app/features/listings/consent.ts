// A worker's own consent to an agency listing (docs/decisions/0058-worker-consent-and-agency-checks.md): the
// listing is public only while she agrees to what it shows. Pure: the save and the consent page both read it.
import { replacedMost } from "./reverification";

export type ConsentState = "asked" | "agreed" | "declined" | "withdrawn";

/** Why she is asked: the first time, or again because the listing changed under her agreement. */
export type AskReason = "first" | "name" | "photos";

/** What she agreed to, as far as it decides whether she must be asked again. */
export type AgreedTo = { name: string; imageIds: readonly string[] };

/**
 * Whether a save asks her again, and why: a new display name, or more than half of the photos now shown
 * new since she agreed. Text, rates, number or regions do not (she sees them whenever she opens her link,
 * and can withdraw).
 */
export function askAgainReason(agreed: AgreedTo, after: AgreedTo): AskReason | null {
  if (agreed.name.trim().toLowerCase() !== after.name.trim().toLowerCase()) return "name";
  if (replacedMost(agreed.imageIds, after.imageIds)) return "photos";
  return null;
}

/** A listing waits for its worker unless she agreed and nothing since asks her again. */
export function awaitsConsent(state: ConsentState | null): boolean {
  return state !== "agreed";
}

/** The stored list of photo ids she agreed to; anything unreadable is an empty list (she is asked again). */
export function parseAgreedImageIds(text: string | null): string[] {
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}

/** What the agency's dashboard says of each state (the worker's reasons are hers: none is ever shown). */
export const CONSENT_STATE_TEXT: Record<ConsentState | "none", string> = {
  none: "Not asked yet: give the worker's own e-mail address so she can agree to this listing.",
  asked: "Waiting for the worker to agree.",
  agreed: "The worker agreed to this listing.",
  declined: "The worker did not agree to this listing. It stays hidden.",
  withdrawn: "The worker withdrew her consent. The listing is hidden.",
};
