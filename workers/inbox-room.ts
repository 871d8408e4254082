import { Server } from "partyserver";
import type { Connection } from "partyserver";
import { INBOX_SIGNAL } from "../app/platform/realtime/inbox";

/**
 * One provider's own room, named by their account id: the pages of their booking-request inbox listen here, and
 * only a socket whose session is that account's may join (workers/app.ts checks it before connecting). The
 * Worker signals through RPC that something changed; the message says nothing else, so nothing about a request
 * travels over the socket: the page reloads its data the usual way (docs/decisions/0052-booking-requests.md).
 */
export class InboxRoom extends Server<Env> {
  static options = { hibernate: true };

  onMessage(_connection: Connection, _message: unknown): void {
    // Listen-only room.
  }

  /** Tells every open page of this provider's inbox to reload; answers how many were told. */
  async signal(): Promise<number> {
    let sent = 0;
    for (const connection of this.getConnections()) {
      connection.send(INBOX_SIGNAL);
      sent++;
    }
    return sent;
  }
}
