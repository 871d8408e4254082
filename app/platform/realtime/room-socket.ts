// The browser's socket to one realtime room: a plain WebSocket that reconnects as the spec's Socket line
// says (10 attempts, 1 s growing to 5 s, 20 s to connect). It stands in for the partysocket client, whose
// 4 kB (gzipped) was the largest script every page loaded beyond the framework and the page's own code;
// the rooms (partyserver) take a plain socket as it is.

export type RoomSocketOptions = {
  maxRetries: number;
  minReconnectionDelay: number;
  maxReconnectionDelay: number;
  connectionTimeout: number;
};

export type RoomSocketHandlers = {
  open(): void;
  close(): void;
  message(data: unknown): void;
};

/** Each wait is 1.3 times the one before (as partysocket grew it), from the least up to the most. */
const GROWTH = 1.3;

/** Milliseconds to wait before reconnection attempt `attempt` (1 for the first). */
export function reconnectDelay(attempt: number, o: RoomSocketOptions): number {
  return Math.min(o.maxReconnectionDelay, o.minReconnectionDelay * GROWTH ** Math.max(0, attempt - 1));
}

/** The room's address on this site: partyserver routes /parties/{party}/{room}. */
export function roomUrl(location: { protocol: string; host: string }, party: string, room: string): string {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/parties/${party}/${room}`;
}

/**
 * Opens `url` and keeps it open: a socket that closes (or does not connect within the timeout) is opened
 * again after reconnectDelay, up to maxRetries times in a row; an open socket starts the count again.
 */
export function openRoomSocket(url: string, o: RoomSocketOptions, on: RoomSocketHandlers): { close(): void } {
  let socket: WebSocket | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let attempts = 0;
  let stopped = false;
  const connect = () => {
    const ws = new WebSocket(url);
    socket = ws;
    const timeout = setTimeout(() => ws.close(), o.connectionTimeout);
    ws.addEventListener("open", () => {
      clearTimeout(timeout);
      attempts = 0;
      on.open();
    });
    ws.addEventListener("message", (event) => on.message(event.data));
    ws.addEventListener("close", () => {
      clearTimeout(timeout);
      on.close();
      if (stopped || attempts >= o.maxRetries) return;
      attempts++;
      retry = setTimeout(connect, reconnectDelay(attempts, o));
    });
  };
  connect();
  return {
    close() {
      stopped = true;
      clearTimeout(retry);
      socket?.close();
    },
  };
}
