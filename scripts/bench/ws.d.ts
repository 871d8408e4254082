// The parts of the `ws` package (installed with @remix-run/dev and miniflare; Node 20 has no WebSocket client of
// its own) that worker-profile.ts uses to speak to workerd's inspector.
declare module "ws" {
  export default class WebSocket {
    constructor(url: string);
    on(event: "open", listener: (value?: unknown) => void): this;
    on(event: "error", listener: (error: Error) => void): this;
    on(event: "message", listener: (data: Buffer) => void): this;
    send(data: string): void;
    close(): void;
  }
}
