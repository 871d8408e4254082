// The built client files are served by the platform's static-asset handling before the Worker runs, so the
// Worker's own headers (app/platform/http/request-guard.server.ts) never reach them: public/_headers, which the
// build copies beside them, gives them theirs. env.ASSETS is that handling over the test build, _headers
// parsed as `wrangler dev` and a deploy parse it (docs/accounts.md, "Safe defaults").
// @ts-ignore -- the build has no types of its own (see workers/app.ts)
import * as build from "remix-server-build";
import type { ServerBuild } from "@remix-run/cloudflare";
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { client } from "./client";

const assets = (build as unknown as ServerBuild).assets;

describe("static files", () => {
  it("every built file under /assets/ says nosniff and is cached as immutable", async () => {
    const files = [assets.entry.module, assets.url, ...assets.entry.imports];
    expect(files.length).toBeGreaterThan(2);
    for (const path of files) {
      expect(path).toMatch(/^\/assets\//);
      const res = await env.ASSETS.fetch(`http://localhost${path}`);
      await res.arrayBuffer();
      expect(res.status, path).toBe(200);
      expect(res.headers.get("Content-Type"), path).toMatch(/javascript/);
      expect(res.headers.get("X-Content-Type-Options"), path).toBe("nosniff");
      expect(res.headers.get("Cache-Control"), path).toBe("public, max-age=31536000, immutable");
    }
  });

  it("a static file outside /assets/ says nosniff too, and is not cached as immutable", async () => {
    const res = await env.ASSETS.fetch("http://localhost/favicon.svg");
    await res.arrayBuffer();
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("Cache-Control")).not.toContain("immutable");
  });

  it("an /assets/ path no file has falls through to the Worker, whose answer says nosniff", async () => {
    const res = await client().get("/assets/no-such-file-0000.js");
    await res.arrayBuffer();
    expect(res.status).toBeGreaterThanOrEqual(300);
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });
});
