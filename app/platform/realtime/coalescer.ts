// The room's flood control: at most one message per listing per window, the last state winning, and a
// global cap per second. A burst of changes (a script toggling a listing, many providers saving at once)
// becomes a bounded trickle of messages, each sent to every open page. Pure, with the clock passed in.
import { mergeEvents } from "./protocol";
import type { ProfileUpdateEvent } from "./protocol";

export const PER_LISTING_WINDOW_MS = 3_000;
export const GLOBAL_PER_SECOND = 20;

export class Coalescer {
  private lastSent = new Map<string, number>();
  private pending = new Map<string, ProfileUpdateEvent>();
  private sentThisSecond: number[] = [];

  constructor(
    private readonly windowMs = PER_LISTING_WINDOW_MS,
    private readonly perSecond = GLOBAL_PER_SECOND,
  ) {}

  /** Takes an event; answers what may go out now (the event itself, or nothing while it waits). */
  offer(event: ProfileUpdateEvent, now: number): ProfileUpdateEvent[] {
    const waiting = this.pending.get(event.modelId);
    this.pending.set(event.modelId, waiting ? mergeEvents(waiting, event) : event);
    return this.due(now);
  }

  /** Every waiting event whose listing window has passed, within the global budget, oldest listing first. */
  due(now: number): ProfileUpdateEvent[] {
    this.sentThisSecond = this.sentThisSecond.filter((t) => now - t < 1000);
    const out: ProfileUpdateEvent[] = [];
    for (const [listingId, event] of this.pending) {
      if (this.sentThisSecond.length >= this.perSecond) break;
      const last = this.lastSent.get(listingId);
      if (last !== undefined && now - last < this.windowMs) continue;
      this.pending.delete(listingId);
      this.lastSent.set(listingId, now);
      this.sentThisSecond.push(now);
      out.push(event);
    }
    this.forget(now);
    return out;
  }

  /** When `due` next has something to send, or null when nothing waits. */
  nextWake(now: number): number | null {
    if (this.pending.size === 0) return null;
    let soonest = Infinity;
    for (const listingId of this.pending.keys()) {
      const last = this.lastSent.get(listingId);
      soonest = Math.min(soonest, last === undefined ? now : last + this.windowMs);
    }
    if (this.sentThisSecond.length >= this.perSecond) soonest = Math.max(soonest, this.sentThisSecond[0] + 1000);
    return Math.max(soonest, now);
  }

  get waiting(): number {
    return this.pending.size;
  }

  /** Windows that have passed need no memory: the map stays as small as the recent activity. */
  private forget(now: number) {
    if (this.lastSent.size < 1000) return;
    for (const [listingId, t] of this.lastSent)
      if (now - t >= this.windowMs && !this.pending.has(listingId)) this.lastSent.delete(listingId);
  }
}
