// The rules a machine keeps (issue 11). The layer rules are the architecture written down:
// routes → app/server → bindings, with app/lib and app/components pure enough to ship to the browser.
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
  group: ["~/server", "~/server/*", "**/server/*", "../server", "**/*.server", "**/*.server.ts"],
  message: "app/lib and app/components run in the browser too: they never import app/server, not even types.",
};
const noRoutes = {
  group: ["~/routes", "~/routes/*", "**/routes/*"],
  message: "Routes are the top layer: nothing under app/ imports a route module.",
};

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
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    files: ["app/**"],
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
  {
    files: ["app/lib/**", "app/components/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [noServer, noRoutes] }],
      // Hashing tokens and passwords is server work; code here ships to the browser.
      "no-restricted-properties": [
        "error",
        { object: "crypto", property: "subtle", message: "Server-only crypto lives in app/server." },
      ],
    },
  },
  {
    // A domain folder holds its pure rules and components (shipped to the browser, like app/lib) beside its
    // I/O (*.server.ts, like app/server).
    files: ["app/features/**"],
    ignores: ["app/features/**/*.server.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [noServer, noRoutes] }],
      "no-restricted-properties": [
        "error",
        { object: "crypto", property: "subtle", message: "Server-only crypto lives in a .server.ts module." },
      ],
    },
  },
  {
    files: ["app/server/**", "app/features/**/*.server.ts", "app/*.ts", "app/*.tsx", "workers/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [noRoutes] }] },
  },
  {
    // Tests and scripts may reach any layer; they only need the language rules.
    files: ["tests/**", "scripts/**", "drizzle/**"],
    rules: { "@typescript-eslint/no-non-null-assertion": "off" },
  },
);
