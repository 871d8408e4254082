import { Server } from "partyserver";
import type { Connection } from "partyserver";
import { Coalescer } from "../app/platform/realtime/coalescer";
import type { ProfileUpdateEvent } from "../app/platform/realtime/protocol";

/**
 * One shard of the room that open pages join (lib/realtime-protocol: SHARD_NAMES; each page picks one). Visitors only listen: the Worker publishes through RPC, and
 * whatever a client sends is dropped so nobody can broadcast to other visitors. Events are coalesced (one
 * per listing per window, a global cap per second), so a flood of writes is a trickle of messages.
 */
export class ListingsRoom extends Server<Env> {
  static options = { hibernate: true };

  private coalescer = new Coalescer();
  private timer: ReturnType<typeof setTimeout> | null = null;

  onMessage(_connection: Connection, _message: unknown): void {
    // Listen-only room.
  }

  /** Takes one change; answers how many messages went out now (the rest wait for their window). */
  async publish(event: ProfileUpdateEvent): Promise<number> {
    const sent = this.broadcastAll(this.coalescer.offer(event, Date.now()));
    this.scheduleFlush();
    return sent;
  }

  private broadcastAll(events: ProfileUpdateEvent[]): number {
    let sent = 0;
    for (const event of events) {
      const message = JSON.stringify(event);
      for (const connection of this.getConnections()) {
        connection.send(message);
        sent++;
      }
    }
    return sent;
  }

  // A pending timer keeps the room awake (no hibernation) until the waiting events are out.
  private scheduleFlush() {
    if (this.timer) return;
    const now = Date.now();
    const wake = this.coalescer.nextWake(now);
    if (wake === null) return;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.broadcastAll(this.coalescer.due(Date.now()));
        this.scheduleFlush();
      },
      Math.max(0, wake - now),
    );
  }
}
