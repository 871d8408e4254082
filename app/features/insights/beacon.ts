// The browser side of insights: card impressions (a card at least half in view for a second), photo opens and
// favourites, gathered and sent in one beacon every few seconds and when the page is left
// (docs/decisions/0024-counting-off-the-request-path.md). Views, contacts and likes are counted by the server.
import { useEffect } from "react";
import type { RefObject } from "react";
import { MAX_BEACON_EVENTS, photoKeyOf } from "./beacon-events";
import type { CountEvent } from "./beacon-events";

export const BEACON_URL = "/api/insights/events";
/** Seconds a card stays at least half in view before it counts as seen. */
export const SEEN_AFTER_MS = 1_000;
const SEND_AFTER_MS = 5_000;

const pending: CountEvent[] = [];
/** Impressions already reported on this page load (the server dedupes per day; this saves the bytes). */
const reported = new Set<string>();
let timer: ReturnType<typeof setTimeout> | null = null;
let listening = false;

function send() {
  if (timer) clearTimeout(timer);
  timer = null;
  while (pending.length) {
    const body = JSON.stringify({ events: pending.splice(0, MAX_BEACON_EVENTS) });
    // sendBeacon survives the page being closed; where it refuses (a full queue), a keepalive fetch.
    const queued = typeof navigator.sendBeacon === "function" && navigator.sendBeacon(BEACON_URL, body);
    if (!queued) void fetch(BEACON_URL, { method: "POST", body, keepalive: true }).catch(() => undefined);
  }
}

/** Adds one event to the next beacon. */
export function reportEvent(event: CountEvent) {
  if (typeof window === "undefined") return;
  if (!listening) {
    listening = true;
    // A phone leaving the page (tab switch, app switch, navigation away) may never come back to send.
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "hidden") send();
    });
    window.addEventListener("pagehide", send);
  }
  pending.push(event);
  if (pending.length >= MAX_BEACON_EVENTS) send();
  else timer ??= setTimeout(send, SEND_AFTER_MS);
}

/** The listing a profile page shows, from its path (/view/{id} or /profile/{id}). */
export function listingOfPath(pathname: string): string | null {
  const match = /^\/(?:view|profile)\/([^/]+)/.exec(pathname);
  return match ? match[1] : null;
}

/** A photo opened on the current profile page. */
export function reportPhotoOpen(photoUrl: string) {
  const listing = listingOfPath(location.pathname);
  const photo = photoKeyOf(photoUrl);
  if (listing && photo) reportEvent({ kind: "photo", listing, photo });
}

/** The listing and cover photo of a card element: its link says the one, its image the other. */
function cardEvent(card: Element): CountEvent | null {
  const href = card.querySelector("a.card-link")?.getAttribute("href") ?? "";
  const listing = listingOfPath(href);
  if (!listing) return null;
  const photo = photoKeyOf(card.querySelector("img")?.getAttribute("src") ?? undefined);
  return photo ? { kind: "impression", listing, photo } : { kind: "impression", listing };
}

/** A profile opened from a card: reported with the card's cover, which rotation may change by the slot. */
function onCardClick(event: MouseEvent) {
  const card = (event.target as Element | null)?.closest?.("a.card-link")?.closest("[data-testid='listing-card']");
  const seen = card ? cardEvent(card) : null;
  if (seen?.photo) reportEvent({ kind: "open", listing: seen.listing, photo: seen.photo });
}

/**
 * Reports each card in `grid` that stays at least half in view for a second, and each card whose profile is
 * opened (docs/decisions/0033-cover-rotation.md). `cards` is what the grid shows: when it changes (more loaded,
 * a new filter) the new cards are watched too.
 */
export function useCardImpressions(grid: RefObject<HTMLElement>, cards: unknown) {
  useEffect(() => {
    const root = grid.current;
    if (!root || cards === null) return;
    root.addEventListener("click", onCardClick);
    return () => root.removeEventListener("click", onCardClick);
  }, [grid, cards]);
  useEffect(() => {
    const root = grid.current;
    if (!root || typeof IntersectionObserver === "undefined") return;
    const waiting = new Map<Element, ReturnType<typeof setTimeout>>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const shown = entry.isIntersecting && entry.intersectionRatio >= 0.5;
          const timerOf = waiting.get(entry.target);
          if (!shown) {
            if (timerOf) clearTimeout(timerOf);
            waiting.delete(entry.target);
            continue;
          }
          if (timerOf) continue;
          const card = entry.target;
          waiting.set(
            card,
            setTimeout(() => {
              waiting.delete(card);
              observer.unobserve(card);
              const event = cardEvent(card);
              if (!event || reported.has(event.listing)) return;
              reported.add(event.listing);
              reportEvent(event);
            }, SEEN_AFTER_MS),
          );
        }
      },
      { threshold: [0, 0.5] },
    );
    for (const card of root.querySelectorAll("[data-testid='listing-card']")) observer.observe(card);
    return () => {
      observer.disconnect();
      for (const t of waiting.values()) clearTimeout(t);
    };
  }, [grid, cards]);
}
