import { afterEach, describe, expect, it } from "vitest";
import { insertListing } from "./fixtures";
import { send, settleBackgroundWork, VISITOR } from "./public-fixtures";

// Broadcasts and KV writes run in waitUntil after the answer: let them finish before the next test resets storage.
afterEach(() => settleBackgroundWork());

async function connect(): Promise<{ socket: WebSocket; messages: unknown[] }> {
  const { SELF } = await import("cloudflare:test");
  const res = await SELF.fetch("http://localhost/parties/listings-room/public", { headers: { Upgrade: "websocket" } });
  expect(res.status).toBe(101);
  const socket = res.webSocket!;
  const messages: unknown[] = [];
  socket.accept();
  socket.addEventListener("message", (e) => {
    messages.push(JSON.parse(String(e.data)));
  });
  return { socket, messages };
}

/** Closes and waits for the room to acknowledge, so no socket is open when the next test resets storage. */
function closeSocket(socket: WebSocket): Promise<void> {
  return new Promise((resolve) => {
    socket.addEventListener("close", () => resolve());
    socket.close(1000, "done");
    setTimeout(resolve, 500);
  });
}

async function waitFor<T>(check: () => T | undefined, timeoutMs = 3000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("realtime profileUpdate", () => {
  it("reaches a connected client after a like, and not after a like that changed nothing", async () => {
    const id = await insertListing();
    const { socket, messages } = await connect();
    const before = Date.now();
    expect((await send("POST", `/api/profiles/${id}/like`, { body: { fingerprint: VISITOR } })).status).toBe(200);
    const event = await waitFor(() => messages.find((m) => (m as { modelId?: string }).modelId === id));
    expect(event).toEqual({ type: "profileUpdate", modelId: id, at: expect.any(Number) });
    expect((event as { at: number }).at).toBeGreaterThanOrEqual(before);

    // A repeated like changes nothing, so nothing is broadcast.
    const count = messages.length;
    await send("POST", `/api/profiles/${id}/like`, { body: { fingerprint: VISITOR } });
    await send("DELETE", `/api/profiles/${id}/like`, { body: { fingerprint: VISITOR } });
    await waitFor(() => (messages.length > count ? true : undefined));
    await new Promise((r) => setTimeout(r, 200));
    expect(messages.length).toBe(count + 1);
    await closeSocket(socket);
  });

  it("drops what clients send: the room is listen-only", async () => {
    const a = await connect();
    const b = await connect();
    a.socket.send(JSON.stringify({ type: "profileUpdate", modelId: "forged" }));
    await new Promise((r) => setTimeout(r, 200));
    expect(b.messages).toEqual([]);
    await closeSocket(a.socket);
    await closeSocket(b.socket);
  });

  it("refuses plain HTTP requests to the room", async () => {
    const { SELF } = await import("cloudflare:test");
    const res = await SELF.fetch("http://localhost/parties/listings-room/public");
    expect(res.status).toBe(404);
  });
});
