import { Server, type Connection } from "partyserver";

export type ProfileUpdateEvent = { type: "profileUpdate"; modelId: string; at: number };

/**
 * One room that every open page joins. Visitors only listen: the Worker publishes through RPC,
 * and whatever a client sends is dropped so nobody can broadcast to other visitors.
 */
export class ListingsRoom extends Server<Env> {
  static options = { hibernate: true };

  onMessage(_connection: Connection, _message: unknown): void {
    // Listen-only room.
  }

  async publish(event: ProfileUpdateEvent): Promise<number> {
    const message = JSON.stringify(event);
    let sent = 0;
    for (const connection of this.getConnections()) {
      connection.send(message);
      sent++;
    }
    return sent;
  }
}
