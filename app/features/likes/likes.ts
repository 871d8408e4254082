// Browser-side like state: 'profileLikes' maps modelId to true (spec §3); the visitor id is random, never a fingerprint.
export { LIKES_KEY } from "./saved-hearts";
export const VISITOR_KEY = "visitorId";
const VISITOR_ID = /^[A-Za-z0-9_-]{8,128}$/;

export function isVisitorId(value: unknown): value is string {
  return typeof value === "string" && VISITOR_ID.test(value);
}

export function parseLikes(raw: string | null): Record<string, true> {
  try {
    const value: unknown = raw ? JSON.parse(raw) : {};
    if (!value || typeof value !== "object" || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter(([, v]) => v === true)) as Record<string, true>;
  } catch {
    return {};
  }
}

export function withLike(likes: Record<string, true>, listingId: string, liked: boolean): Record<string, true> {
  const next = { ...likes };
  if (liked) next[listingId] = true;
  else delete next[listingId];
  return next;
}
