// The rules a machine keeps. The layer rules are the architecture written down (docs/architecture.md):
// routes and jobs on top; app/features/<domain> below them, each importing only the features under it
// (FEATURE_ORDER); app/core, the shared vocabulary, under every feature; app/platform and app/ui at the
// bottom, knowing no feature and no core; app/dev reached by nothing a production build keeps. Only
// *.server.ts modules do I/O: the rest is pure enough to ship to the browser.
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import { importX, createNodeResolver } from "eslint-plugin-import-x";
import globals from "globals";

const root = path.dirname(fileURLToPath(import.meta.url));

// Server modules hold secrets, bindings and SQL; a type import is still a coupling that lets the next
// change turn into a value import, and the bundler would then ship server code to the browser.
const noServer = {
  group: ["**/*.server", "**/*.server.ts"],
  message:
    "Modules without .server in their name run in the browser too: they never import server code, not even types.",
};
const noRoutes = {
  group: ["~/routes", "~/routes/*", "**/routes/*"],
  message: "Routes are the top layer: nothing under app/ imports a route module.",
};

// The domain folders. Each reaches another only through its public face: the modules at the top of its
// folder. Its sub-folders (editor/, settings/, second-factor/, components/ ...) are its own business.
const FEATURES = readdirSync(path.join(root, "app/features"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// The feature order (docs/architecture.md, "The feature order"), bottom first: a feature imports only the
// features below it. Features on one rank (billing and payments) may import each other: the one two-way pair
// left, explained there. A new feature folder must be given its rank here.
const FEATURE_ORDER = [
  ["site"],
  ["accounts"],
  ["audit"],
  ["photos"],
  ["profile"],
  ["listings"],
  ["agencies"],
  ["verification"],
  ["insights"],
  ["likes"],
  ["search"],
  ["billing", "payments"],
  ["moderation"],
  ["safety-net"],
  ["takedowns"],
  ["review-service"],
  ["bookings"],
  ["catalogue"],
  ["dashboard"],
  ["shell"],
];
const RANK = new Map(FEATURE_ORDER.flatMap((names, rank) => names.map((name) => [name, rank])));
const unranked = FEATURES.filter((feature) => !RANK.has(feature));
if (unranked.length)
  throw new Error(`eslint.config.js: give ${unranked.join(", ")} a place in FEATURE_ORDER (docs/architecture.md)`);
const ORDER_TEXT = FEATURE_ORDER.map((names) => names.join(" ⇄ ")).join(" < ");
const LAYER_ZONES = [
  {
    target: ["./app/platform", "./app/ui"],
    from: ["./app/features", "./app/jobs", "./app/dev"],
    message: "app/platform and app/ui know no feature: pass what they need in (see page-cache.server.ts's policy).",
  },
  {
    target: ["./app/platform", "./app/ui"],
    from: "./app/core",
    message: "app/platform and app/ui sit below app/core: they know no listing, region, plan or user.",
  },
  {
    target: "./app/core",
    from: ["./app/features", "./app/ui", "./app/jobs", "./app/dev"],
    message: "app/core is the shared vocabulary under every feature: it imports only app/platform and itself.",
  },
  {
    target: "./app/platform",
    from: "./app/ui",
    message: "app/platform runs on the server and in shared pure code; components live above it.",
  },
  {
    target: [
      "./app/features",
      "./app/platform",
      "./app/ui",
      "./app/jobs",
      "./app/root.tsx",
      "./app/entry.server.tsx",
      "./workers",
    ],
    from: "./app/dev",
    message: "Nothing reaches app/dev: the development tools are left out of production builds (docs/testing.md).",
  },
  {
    target: ["./app/features", "./app/platform", "./app/ui"],
    from: "./app/jobs",
    message:
      "app/jobs is a top layer, like routes: the Worker's cron and queue handlers call features, never the reverse.",
  },
  ...FEATURES.map((feature) => ({
    target: FEATURES.filter((other) => other !== feature).map((other) => `./app/features/${other}`),
    from: `./app/features/${feature}/*/**`,
    message: `Reach app/features/${feature} through the modules at its top level: its sub-folders are its own.`,
  })),
  ...FEATURES.filter((feature) => FEATURES.some((other) => RANK.get(other) > RANK.get(feature))).map((feature) => ({
    target: `./app/features/${feature}`,
    from: FEATURES.filter((other) => RANK.get(other) > RANK.get(feature)).map((other) => `./app/features/${other}`),
    message: `Features depend one way, in the order of docs/architecture.md (${ORDER_TEXT}): ${feature} may not import a feature above it. Move the shared part down (to app/core or a lower feature), or pass it in.`,
  })),
];

// One way for each rule (docs/architecture.md). SQL text reaches D1 only through the data layer's one door
// (sqlStatement in app/platform/data/db.server.ts), and no-store only through the page-answer layer
// (app/platform/http/page-answer.ts, decision 0037): a module that writes either itself is refused.
const RAW_PREPARE = {
  selector: "CallExpression[callee.property.name='prepare']",
  message: "SQL reaches D1 only through app/platform/data (sqlStatement, or drizzle): no .prepare( elsewhere.",
};
const NO_STORE_TEXT = ["Literal[raw=/no-store/]", "TemplateElement[value.raw=/no-store/]"].map((selector) => ({
  selector,
  message:
    "Cache-Control: no-store is said only through app/platform/http/page-answer.ts (NO_STORE, noStore, privateData).",
}));

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "build-test/**",
      ".wrangler/**",
      "node_modules/**",
      "test-results/**",
      "public/**",
      "worker-configuration.d.ts",
      ".cache/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.browser, ...globals.node, ...globals.serviceworker },
    },
    plugins: { "import-x": importX, "react-hooks": reactHooks },
    settings: {
      // Without these import-x cannot read a .ts dependency, and no-cycle silently sees no edges.
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [
        createNodeResolver({
          extensions: [".ts", ".tsx", ".js", ".mjs", ".json"],
          alias: { "~": [path.join(root, "app")] },
        }),
      ],
    },
    rules: {
      // Only what cannot be checked by a type: a build that is absent until the first `npm run build`.
      "@typescript-eslint/ban-ts-comment": ["error", { "ts-ignore": "allow-with-description" }],
      // One cycle makes module order matter at load time in workerd; the review found none, keep it so.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
      // Type imports stand in their own statement: what a module imports at run time reads apart from its types,
      // and a long list of inline `type` names no longer wraps one import over many lines.
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "separate-type-imports" }],
      "import-x/consistent-type-specifier-style": ["error", "prefer-top-level"],
      // One statement per module and kind: its values in one import, its types in one `import type`.
      "import-x/no-duplicates": "error",
    },
  },
  {
    files: ["app/**"],
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
  {
    // Everything but the server modules, the route modules and the entry points may ship to the browser.
    files: ["app/**/*.ts", "app/**/*.tsx"],
    ignores: ["app/**/*.server.ts", "app/**/*.server.tsx", "app/routes/**", "app/*.ts", "app/*.tsx", "app/jobs/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [noServer, noRoutes] }],
      // Hashing tokens and passwords is server work; code here ships to the browser.
      "no-restricted-properties": [
        "error",
        { object: "crypto", property: "subtle", message: "Server-only crypto lives in *.server.ts modules." },
      ],
    },
  },
  {
    files: ["app/**/*.server.ts", "app/*.ts", "app/*.tsx", "app/jobs/**", "workers/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [noRoutes] }] },
  },
  {
    files: ["app/**", "workers/**"],
    rules: { "import-x/no-restricted-paths": ["error", { basePath: root, zones: LAYER_ZONES }] },
  },
  {
    files: ["app/**", "workers/**"],
    ignores: ["app/platform/data/**", "app/platform/http/**"],
    rules: { "no-restricted-syntax": ["error", RAW_PREPARE, ...NO_STORE_TEXT] },
  },
  { files: ["app/platform/data/**"], rules: { "no-restricted-syntax": ["error", ...NO_STORE_TEXT] } },
  { files: ["app/platform/http/**"], rules: { "no-restricted-syntax": ["error", RAW_PREPARE] } },
  {
    // Tests and scripts may reach any layer; they only need the language rules.
    files: ["tests/**", "scripts/**", "drizzle/**"],
    rules: { "@typescript-eslint/no-non-null-assertion": "off" },
  },
);
