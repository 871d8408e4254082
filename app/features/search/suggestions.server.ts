import { MAX_SUGGESTIONS } from "./suggestions";
import type { Suggestion } from "./suggestions";
import { searchListings } from "./search.server";
import type { DbEnv } from "~/platform/data/db.server";

/** The best few live listings for a typed name, for visitors (never hidden ones, whoever asks). */
export async function loadSuggestions(env: DbEnv, q: string | null): Promise<Suggestion[]> {
  if (!q) return [];
  const { results } = await searchListings(env, q, { includeHidden: false, limit: MAX_SUGGESTIONS });
  return results.slice(0, MAX_SUGGESTIONS).map((r) => ({
    listingId: r.modelId,
    firstName: r.firstName,
    age: r.age,
    location: r.location,
    photoUrl: r.cover?.url ?? null,
  }));
}
