import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { SERVER_BUILD_MODULE, TEST_BUILD_DIR } from "./scripts/build-dirs.mjs";

const E2E_WORKERS = Number(process.env.E2E_WORKERS) || 2;
const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };
// The Worker under test runs the test build (scripts/build-dirs.mjs), never the build `npm start` serves.
const testBuild = (path: string) => fileURLToPath(new URL(`./${TEST_BUILD_DIR}/${path}`, import.meta.url));

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        define: { __DEV_TOOLS__: "true" },
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          environment: "node",
          // Pure rules: the files share each worker's modules rather than importing them afresh per file (a
          // third of the leg's processor time). A test that spies or fakes the clock puts it back itself.
          isolate: false,
        },
      },
      {
        resolve: { alias: { ...alias, [SERVER_BUILD_MODULE]: testBuild("server/index.js") } },
        // The Worker under test is built with the development tools, as `npm start` is (scripts/build-dirs.mjs).
        define: { __DEV_TOOLS__: "true" },
        plugins: [
          cloudflareTest(async () => ({
            // The built Worker: tests fetch it through SELF like a browser would (npm test builds first).
            main: "./workers/app.ts",
            wrangler: { configPath: "./wrangler.toml" },
            remoteBindings: false,
            miniflare: {
              assets: { directory: testBuild("client"), binding: "ASSETS" },
              bindings: {
                TEST_MIGRATIONS: await readD1Migrations(
                  fileURLToPath(new URL("./drizzle/migrations", import.meta.url)),
                ),
                // wrangler.toml says production (what a deploy ships); tests run the app as local development,
                // as .dev.vars does for `wrangler dev`. Production behaviour is tested by passing its env.
                APP_ENV: "development",
                // Tests write to D1 directly and read pages at once: no reuse of version reads, no held
                // answers (tests/workers/page-cache.test.ts turns it on where it tests it).
                PAGE_CACHE_REUSE_MS: "0",
                // Insights counts leave each request's waitUntil soon (the window's logic is the same).
                COUNT_WINDOW_MS: "50",
                // The key that seals TOTP secrets (a Worker secret in production); any 32 bytes in base64.
                TWO_FACTOR_KEY: "dGVzdC1vbmx5LXR3by1mYWN0b3Ita2V5LTMyLWJ5dGU=",
                // The Safety Net's key (a Worker secret in production); any 32 bytes in base64.
                SAFETY_NET_KEY: "dGVzdC1vbmx5LXNhZmV0eS1uZXQta2V5LTMyLWJ5dGU=",
                // The key of visitors' hashes (a Worker secret in production); any 32 bytes in base64.
                VISITOR_KEY: "dGVzdC1vbmx5LXZpc2l0b3Ita2V5LTMyLWJ5dGVzISE=",
                // The booking requests' key (a Worker secret in production); any 32 bytes in base64.
                BOOKINGS_KEY: "dGVzdC1vbmx5LWJvb2tpbmdzLWtleS0zMi1ieXRlcyE=",
              },
            },
          })),
        ],
        test: {
          name: "workers",
          include: ["tests/workers/**/*.test.ts"],
          // One runtime per worker for all its files (the Worker is loaded once, not per file): each test
          // still starts from an empty store (setup.ts), and no module keeps state a test can see.
          isolate: false,
          // A workerd test waits on its runtime more than it computes: two workers keep both cores busy.
          maxWorkers: 2,
          // npm test runs this leg beside the end-to-end one on two cores: time limits for a busy machine.
          testTimeout: 20_000,
          hookTimeout: 30_000,
          setupFiles: ["./tests/workers/setup.ts"],
          deps: {
            optimizer: {
              ssr: {
                enabled: true,
                include: ["@remix-run/cloudflare", "@remix-run/server-runtime", "cookie", "set-cookie-parser"],
              },
            },
          },
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["./tests/e2e/global-setup.ts"],
          // Files run on E2E_WORKERS workers (2 unless told), each against its own server and store
          // (global-setup.ts). A worker keeps its modules between files, so its one Chromium serves every
          // file it runs.
          maxWorkers: E2E_WORKERS,
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // expect.poll gives up after 1 s unless told: shorter than a server's answer, a D1 read through the
          // store door or a hydration takes when the machine is loaded, so a condition that comes is polled as
          // long as a locator's waitFor would wait for it.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
