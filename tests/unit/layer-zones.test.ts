// The layers of docs/architecture.md are kept by ESLint (eslint.config.js). Each zone is proved here by a
// planted import that must fail lint, and the layout targets by counting: a rule nobody checks decays.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const eslint = new ESLint({ cwd: root });

/** The messages ESLint gives `code` written as the file `file` (which need not exist). */
async function lintAs(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

const PLANTED: [zone: string, file: string, code: string, expected: RegExp][] = [
  [
    "platform knows no feature",
    "app/platform/planted.ts",
    'import { SITE as _s } from "~/features/site/site";\n',
    /no-restricted-paths.*know no feature/,
  ],
  [
    "ui knows no feature",
    "app/ui/Planted.tsx",
    'import { transition as _t } from "~/features/billing/subscriptions";\n',
    /no-restricted-paths.*know no feature/,
  ],
  [
    "ui knows no core",
    "app/ui/Planted.tsx",
    'import { PLANS as _p } from "~/core/plans";\n',
    /no-restricted-paths.*sit below app\/core/,
  ],
  [
    "core knows no feature",
    "app/core/planted.ts",
    'import { transition as _t } from "~/features/billing/subscriptions";\n',
    /no-restricted-paths.*imports only app\/platform/,
  ],
  [
    "core knows no component",
    "app/core/planted.ts",
    'import { Button as _b } from "~/ui/Button";\n',
    /no-restricted-paths.*imports only app\/platform/,
  ],
  [
    "platform does not reach ui",
    "app/platform/planted.ts",
    'import { Button as _b } from "~/ui/Button";\n',
    /no-restricted-paths.*components live above it/,
  ],
  [
    "nothing reaches app/dev",
    "app/features/billing/planted.server.ts",
    'import { TestGateway as _t } from "~/dev/test-gateway.server";\n',
    /no-restricted-paths.*Nothing reaches app\/dev/,
  ],
  [
    "a feature reaches another only through its top level",
    "app/features/dashboard/planted.ts",
    'import { isBlocked as _i } from "~/features/accounts/sign-in/login-throttle";\n',
    /no-restricted-paths.*through the modules at its top level/,
  ],
  [
    "nothing below reaches app/jobs",
    "app/features/listings/planted.server.ts",
    'import { runRetention as _r } from "~/jobs/retention.server";\n',
    /no-restricted-paths.*app\/jobs is a top layer/,
  ],
  [
    "a feature never imports one above it in the feature order",
    "app/features/listings/planted.ts",
    'import { parseFilters as _p } from "~/features/catalogue/filters";\n',
    /no-restricted-paths.*Features depend one way.*listings may not import a feature above it/,
  ],
  [
    "the lowest feature, site, imports no feature",
    "app/features/site/planted.ts",
    'import { MSG as _m } from "~/features/accounts/auth-schemas";\n',
    /no-restricted-paths.*Features depend one way.*site may not import a feature above it/,
  ],
  [
    "a server module keeps the order too",
    "app/features/photos/planted.server.ts",
    'import { loadPublicProfile as _l } from "~/features/profile/profile.server";\n',
    /no-restricted-paths.*Features depend one way.*photos may not import a feature above it/,
  ],
  [
    "browser code never imports a server module",
    "app/features/listings/planted.ts",
    'import { visibilitySet as _v } from "./visibility.server";\n',
    /no-restricted-imports.*never import server code/,
  ],
  [
    "nothing under app/ imports a route",
    "app/features/listings/planted.server.ts",
    'import { loader as _l } from "~/routes/_index";\n',
    /no-restricted-imports.*Routes are the top layer/,
  ],
  [
    "SQL text reaches D1 only through app/platform/data",
    "app/features/insights/planted.server.ts",
    'export const one = (d1: D1Database) => d1.prepare("SELECT 1");\n',
    /no-restricted-syntax.*only through app\/platform\/data/,
  ],
  [
    "no-store is said only through the page-answer layer",
    "app/features/site/planted.server.ts",
    'export const headers = { "Cache-Control": "private, no-store" };\n',
    /no-restricted-syntax.*only through app\/platform\/http\/page-answer/,
  ],
  [
    "no-store is not read by hand either, not even in platform",
    "app/platform/page-cache/planted.server.ts",
    "export const kept = (cacheControl: string) => !/\\bno-store\\b/.test(cacheControl);\n",
    /no-restricted-syntax.*only through app\/platform\/http\/page-answer/,
  ],
];

describe("the layer zones fail lint on a planted import", () => {
  for (const [zone, file, code, expected] of PLANTED) {
    it(zone, { timeout: 60_000 }, async () => {
      const messages = await lintAs(file, code);
      expect(
        messages.some((m) => expected.test(m)),
        messages.join("\n"),
      ).toBe(true);
    });
  }

  for (const [why, file, code] of [
    [
      "a feature imports the features below it",
      "app/features/catalogue/planted.ts",
      'import { parseDesired as _p } from "~/features/listings/state";\n',
    ],
    [
      "billing and payments, one rank, import each other",
      "app/features/payments/planted.server.ts",
      'import { transition as _t } from "~/features/billing/subscriptions";\n',
    ],
    ["a feature imports app/core", "app/features/site/planted.ts", 'import { REGIONS as _r } from "~/core/regions";\n'],
  ]) {
    it(why, { timeout: 60_000 }, async () => {
      const messages = await lintAs(file, code);
      expect(messages.filter((m) => m.includes("no-restricted-paths"))).toEqual([]);
    });
  }

  it("a feature's own sub-folder is open to it", { timeout: 60_000 }, async () => {
    const messages = await lintAs(
      "app/features/accounts/planted.ts",
      'import { isBlocked as _i } from "./sign-in/login-throttle";\n',
    );
    expect(messages.filter((m) => m.includes("no-restricted-paths"))).toEqual([]);
  });
});

describe("the one way for raw SQL and for no-store", () => {
  it("is open to the data layer and the page-answer layer themselves", { timeout: 60_000 }, async () => {
    const sql = await lintAs(
      "app/platform/data/planted.server.ts",
      'export const one = (d1: D1Database) => d1.prepare("SELECT 1");\n',
    );
    const header = await lintAs("app/platform/http/planted.ts", 'export const h = { "Cache-Control": "no-store" };\n');
    expect([...sql, ...header].filter((m) => m.includes("no-restricted-syntax"))).toEqual([]);
  });
});

describe("the layout's targets", () => {
  function folders(dir: string): string[] {
    const entries = readdirSync(path.join(root, dir), { withFileTypes: true });
    return [dir, ...entries.filter((e) => e.isDirectory()).flatMap((e) => folders(path.join(dir, e.name)))];
  }

  it("no folder under app/ but routes/ holds more than 25 modules at its top level", () => {
    const crowded = folders("app")
      .filter((dir) => dir !== path.join("app", "routes"))
      .map((dir) => {
        const modules = readdirSync(path.join(root, dir), { withFileTypes: true }).filter(
          (e) => e.isFile() && /\.(ts|tsx)$/.test(e.name),
        );
        return { dir, count: modules.length };
      })
      .filter(({ count }) => count > 25);
    expect(crowded).toEqual([]);
  });

  it("no module under app/ is over 300 lines", () => {
    const long = folders("app")
      .flatMap((dir) =>
        readdirSync(path.join(root, dir), { withFileTypes: true })
          .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name))
          .map((e) => path.join(dir, e.name)),
      )
      .map((file) => ({ file, lines: readFileSync(path.join(root, file), "utf8").split("\n").length - 1 }))
      .filter(({ lines }) => lines > 300);
    expect(long).toEqual([]);
  });
});
