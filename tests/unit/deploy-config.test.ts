// What a plain `wrangler deploy` ships must be production: the committed wrangler.toml says so, local
// overrides live in .dev.vars, which git ignores and deploys never upload.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { isLoopbackHost } from "~/platform/http/loopback";

function varsOf(toml: string): Record<string, string> {
  const vars: Record<string, string> = {};
  let inVars = false;
  for (const line of toml.split("\n")) {
    const header = line.match(/^\s*\[+([^\]]+)\]+\s*$/);
    if (header) {
      inVars = header[1].trim() === "vars";
      continue;
    }
    const kv = inVars ? line.match(/^\s*([A-Z0-9_]+)\s*=\s*"([^"]*)"\s*(#.*)?$/) : null;
    if (kv) vars[kv[1]] = kv[2];
  }
  return vars;
}

describe("the committed deploy configuration", () => {
  const toml = readFileSync("wrangler.toml", "utf8");
  const vars = varsOf(toml);

  it("is production", () => {
    expect(vars.APP_ENV).toBe("production");
    // Nowhere else in the file (an [env.*] block) may turn development back on.
    expect(toml.match(/APP_ENV\s*=\s*"([^"]*)"/g)).toEqual(['APP_ENV = "production"']);
  });

  it("names an https site origin for links in e-mails", () => {
    expect(new URL(vars.SITE_ORIGIN).protocol).toBe("https:");
    expect(new URL(vars.SITE_ORIGIN).origin).toBe(vars.SITE_ORIGIN);
  });

  it("bundles React's production build under `wrangler dev` too (wrangler defines NODE_ENV as development there)", () => {
    for (const name of ["process.env.NODE_ENV", "global.process.env.NODE_ENV", "globalThis.process.env.NODE_ENV"])
      expect(toml).toContain(`"${name}" = '"production"'`);
  });

  it("bundles without esbuild's keep-names wrappers (a __name() call per function made, decision 0020)", () => {
    expect(toml).toMatch(/^keep_names = false$/m);
  });

  it("keeps the local override file out of git", () => {
    expect(readFileSync(".gitignore", "utf8").split("\n")).toContain(".dev.vars");
  });
});

describe("loopback hosts (where development-only tools answer)", () => {
  it("knows this machine from everything else", () => {
    for (const host of ["localhost", "LOCALHOST", "app.localhost", "127.0.0.1", "127.1.2.3", "[::1]"])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of [
      "evil.example",
      "localhost.evil.example",
      "127.0.0.1.evil.example",
      "10.0.0.1",
      "192.168.1.2",
      "128.0.0.1",
      "[::2]",
      "0.0.0.0",
      "1270.0.0.1",
      "",
    ]) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });
});

describe("the tests' copy of the deploy configuration", () => {
  it("serves build-test/ and leaves everything else as wrangler.toml has it", async () => {
    const { testWranglerConfig } = await import("../../scripts/build-dirs.mjs");
    const toml = readFileSync("wrangler.toml", "utf8");
    const copy: string = testWranglerConfig(toml);
    expect(copy).toContain('directory = "./build-test/client"');
    expect(copy).toContain('"remix-server-build" = "./build-test/server/index.js"');
    expect(copy).not.toMatch(/"\.\/build\//);
    const rest = (text: string) => text.split("\n").filter((l) => !l.includes("build") && !l.startsWith("# Generated"));
    expect(rest(copy)).toEqual(rest(toml));
  });

  it("refuses a wrangler.toml whose build paths moved, rather than serving the app's build to the tests", async () => {
    const { testWranglerConfig } = await import("../../scripts/build-dirs.mjs");
    expect(() => testWranglerConfig('[assets]\ndirectory = "./dist/client"\n')).toThrow(/remix-server-build/);
  });
});
