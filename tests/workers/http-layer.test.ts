// The one HTTP layer (app/platform/http, app/features/accounts/api-route.server.ts): the body reader's caps and accepted types, the API route
// declaration's method and sign-in checks, and the rate-limit helper's named outage policies.
import { env } from "cloudflare:test";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { apiRoute } from "~/features/accounts/api-route.server";
import { readBody, textFields } from "~/platform/http/body.server";
import { overLimit } from "~/platform/http/rate-limit.server";
import { client, inOneLimiterWindow } from "./client";

const URL_ = "https://example.test/api/x";

function post(body: BodyInit | null, contentType?: string, headers: Record<string, string> = {}) {
  return new Request(URL_, {
    method: "POST",
    body,
    headers: { ...(contentType ? { "Content-Type": contentType } : {}), ...headers },
  });
}

/** A body streamed in chunks with no Content-Length; `pulled` counts the bytes the reader took. */
function streamed(bytes: number, chunk = 16 * 1024) {
  const state = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled >= bytes) return controller.close();
      state.pulled += chunk;
      controller.enqueue(new Uint8Array(chunk).fill(120));
    },
  });
  return { stream, state };
}

describe("readBody", () => {
  const small = { maxBytes: 1024, accept: ["json", "form"] as const };

  it("reads a JSON object, a form, and an empty body as {}", async () => {
    const json = await readBody(post('{"a":1}', "application/json"), small);
    expect(json).toMatchObject({ ok: true, kind: "json", data: { a: 1 } });
    const form = await readBody(post("a=1&a=2&b=x", "application/x-www-form-urlencoded"), small);
    expect(form).toMatchObject({ ok: true, kind: "form", data: { a: "1", b: "x" } });
    expect(await readBody(post(null, "application/json"), small)).toMatchObject({ ok: true, data: {} });
  });

  it("answers malformed, non-object and undeclared-type bodies with a 4xx, never a throw", async () => {
    expect(await readBody(post("{", "application/json"), small)).toEqual({
      ok: false,
      status: 400,
      error: "Malformed JSON",
    });
    expect(await readBody(post("[1]", "application/json"), small)).toMatchObject({ ok: false, status: 400 });
    expect(await readBody(post("hello", "text/plain"), small)).toEqual({
      ok: false,
      status: 415,
      error: "Send JSON or a form",
    });
    // The legacy like call sends JSON with any Content-Type.
    const any = await readBody(post('{"fingerprint":"f"}', "text/plain"), {
      maxBytes: 1024,
      accept: ["json"],
      jsonAnyType: true,
    });
    expect(any).toMatchObject({ ok: true, data: { fingerprint: "f" } });
  });

  it("refuses a declared length over the cap without reading a byte", async () => {
    const { stream, state } = streamed(64 * 1024);
    const res = await readBody(post(stream, "application/json", { "Content-Length": "65536" }), {
      ...small,
      tooLarge: "Too big",
    });
    expect(res).toEqual({ ok: false, status: 413, error: "Too big" });
    expect(state.pulled).toBeLessThanOrEqual(16 * 1024);
  });

  it("stops a chunked body as soon as it passes the cap, JSON or multipart", async () => {
    const json = streamed(10 * 1024 * 1024);
    expect(await readBody(post(json.stream, "application/json"), small)).toMatchObject({ ok: false, status: 413 });
    expect(json.state.pulled).toBeLessThan(64 * 1024);
    const multi = streamed(10 * 1024 * 1024);
    const res = await readBody(post(multi.stream, "multipart/form-data; boundary=x"), {
      maxBytes: 1024,
      accept: ["multipart"],
      tooLarge: "Photo too large",
    });
    expect(res).toEqual({ ok: false, status: 413, error: "Photo too large" });
    expect(multi.state.pulled).toBeLessThan(64 * 1024);
  });

  it("a forms-only endpoint refuses JSON with its own message before reading it", async () => {
    const res = await readBody(post('{"a":1}', "application/json"), {
      maxBytes: 1024,
      accept: ["form", "multipart"],
      wrongType: "Send the report as a form",
    });
    expect(res).toEqual({ ok: false, status: 415, error: "Send the report as a form" });
    const multipartOnly = await readBody(post("a=1", "application/x-www-form-urlencoded"), {
      maxBytes: 1024,
      accept: ["multipart"],
    });
    expect(multipartOnly).toMatchObject({ ok: false, status: 415 });
  });

  it("gives multipart fields and files, and textFields keeps only the first text of each", async () => {
    const form = new FormData();
    form.append("reason", "spam");
    form.append("reason", "other");
    form.append("file", new File([new Uint8Array([1, 2, 3])], "a.jpg", { type: "image/jpeg" }));
    const req = new Request(URL_, { method: "POST", body: form });
    const res = await readBody(req, { maxBytes: 4096, accept: ["multipart"] });
    if (!res.ok) throw new Error(res.error);
    expect(res.form.get("file")).toBeInstanceOf(File);
    expect(textFields(res.form)).toEqual({ reason: "spam" });
    expect(Object.getPrototypeOf(textFields(res.form))).toBeNull();
  });
});

describe("apiRoute", () => {
  const context = {
    cloudflare: { env, ctx: { waitUntil() {}, passThroughOnException() {} }, cf: {} },
  } as unknown as AppLoadContext;
  const calls: string[] = [];
  const route = apiRoute({
    method: "PUT",
    auth: "user",
    handler: ({ user }) => {
      calls.push(user.id);
      return new Response("ok");
    },
  });
  const open = apiRoute({ method: "GET", auth: "none", handler: ({ user }) => Response.json({ user }) });

  it("answers another method 405 {error} with Allow, from the loader and the action alike", async () => {
    for (const fn of [route.loader, route.action]) {
      const res = await fn({ request: new Request(URL_, { method: "POST" }), params: {}, context });
      expect(res.status).toBe(405);
      expect(res.headers.get("Allow")).toBe("PUT");
      expect(res.headers.get("Cache-Control")).toBe("no-store");
      expect(await res.json()).toEqual({ error: "Method not allowed" });
    }
  });

  it("signs the caller in before the handler runs: 401 {error} without a session", async () => {
    const res = await route.action({ request: new Request(URL_, { method: "PUT" }), params: {}, context });
    expect(res.status).toBe(401);
    expect(await res.json()).toHaveProperty("error");
    expect(calls).toEqual([]);
  });

  it("passes no user to an open route, and answers HEAD as a GET", async () => {
    const res = await open.loader({ request: new Request(URL_), params: {}, context });
    expect(await res.json()).toEqual({ user: null });
    const head = await open.loader({ request: new Request(URL_, { method: "HEAD" }), params: {}, context });
    expect(head.status).toBe(200);
  });
});

describe("overLimit names what a limiter outage means", () => {
  const broken = { limit: () => Promise.reject(new Error("limiter down")) } as unknown as RateLimit;
  const spent = { limit: () => Promise.resolve({ success: false }) } as unknown as RateLimit;
  const fresh = { limit: () => Promise.resolve({ success: true }) } as unknown as RateLimit;

  it("open lets the request through, closed refuses it", async () => {
    expect(await overLimit(broken, "like:1.2.3.4", "open")).toBe(false);
    expect(await overLimit(broken, "login:1.2.3.4", "closed")).toBe(true);
  });

  it("a spent budget refuses and a fresh one allows, whatever the policy", async () => {
    for (const policy of ["open", "closed"] as const) {
      expect(await overLimit(spent, "k", policy)).toBe(true);
      expect(await overLimit(fresh, "k", policy)).toBe(false);
    }
  });
});

describe("rate limits by network", () => {
  /** A /64 of its own for each attempt, made from the fresh IPv4 address the attempt is given. */
  const network = (ip: string) => {
    const [, a, b, c] = ip.split(".").map(Number);
    return `2001:db8:${(a * 256 + b).toString(16)}:${c.toString(16)}`;
  };
  const beacon = (ip: string) =>
    client({ ip }).post("/api/insights/events", { raw: JSON.stringify({ events: [] }), type: "text/plain" });

  it("two addresses of one IPv6 /64 share one budget; the next /64 has its own", async () => {
    await inOneLimiterWindow(async (ip) => {
      const net = network(ip);
      // The beacon's budget is WRITE_LIMITER's 30 a minute (wrangler.toml).
      for (let i = 0; i < 30; i++) expect((await beacon(`${net}::1`)).status).toBe(204);
      expect((await beacon(`${net}:0:0:0:2`)).status).toBe(429);
      expect((await beacon(`${net.toUpperCase()}::abcd:1`)).status).toBe(429);
      expect((await beacon(`${net}1::1`)).status).toBe(204);
    });
  });
});
