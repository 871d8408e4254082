// Browser-side like state: 'profileLikes' maps modelId to true (spec §3); the visitor id is random, never a fingerprint.
import { listingAnchor } from "~/core/listing-card";
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

// Without JavaScript there is no browser storage to remember a like: the form's answer sends the browser back
// to the page with `?liked=` naming what this visit liked, so the heart shows pressed, and to the card's
// place (#listing-{id}) rather than the top. The page cache never keeps such a page (an unknown parameter).
export const LIKED_PARAM = "liked";
const MAX_LIKED_IN_URL = 20;

/** The listings `?liked=` names (ids, in order, at most twenty). */
export function likedInSearch(search: string): string[] {
  const raw = new URLSearchParams(search).get(LIKED_PARAM) ?? "";
  return raw
    .split(",")
    .filter((id) => /^[A-Za-z0-9_-]{1,64}$/.test(id))
    .slice(-MAX_LIKED_IN_URL);
}

/** `path` (a path and query) with `listingId` added to or taken from `?liked=`, landing at its anchor. */
export function afterFormLike(path: string, listingId: string, liked: boolean): string {
  const url = new URL(path, "http://x");
  const ids = likedInSearch(url.search).filter((id) => id !== listingId);
  if (liked) ids.push(listingId);
  const kept = ids.slice(-MAX_LIKED_IN_URL);
  if (kept.length) url.searchParams.set(LIKED_PARAM, kept.join(","));
  else url.searchParams.delete(LIKED_PARAM);
  return `${url.pathname}${url.search}#${listingAnchor(listingId)}`;
}
