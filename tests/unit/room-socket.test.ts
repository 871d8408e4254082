// The browser's realtime socket (app/platform/realtime/room-socket.ts): the spec's Socket line, 10 reconnect
// attempts with a delay of 1 s growing to 5 s, and the room's address partyserver routes.
import { describe, expect, it } from "vitest";
import { SOCKET_OPTIONS } from "~/features/site/Realtime";
import { reconnectDelay, roomUrl } from "~/platform/realtime/room-socket";

describe("the realtime socket", () => {
  it("waits 1 s before the first reconnection, longer each time, never more than 5 s", () => {
    const delays = Array.from({ length: SOCKET_OPTIONS.maxRetries }, (_, i) => reconnectDelay(i + 1, SOCKET_OPTIONS));
    expect(delays[0]).toBe(1_000);
    expect(delays[1]).toBe(1_300);
    for (let i = 1; i < delays.length; i++) expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1]);
    expect(Math.max(...delays)).toBe(5_000);
    expect(SOCKET_OPTIONS).toMatchObject({ maxRetries: 10, connectionTimeout: 20_000 });
  });

  it("joins the room at /parties/{party}/{room}, over TLS when the page is", () => {
    expect(roomUrl({ protocol: "https:", host: "kiwicompanions.co.nz" }, "listings-room", "public-3")).toBe(
      "wss://kiwicompanions.co.nz/parties/listings-room/public-3",
    );
    expect(roomUrl({ protocol: "http:", host: "127.0.0.1:8787" }, "listings-room", "public-0")).toBe(
      "ws://127.0.0.1:8787/parties/listings-room/public-0",
    );
  });
});
