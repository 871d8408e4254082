import { cloudflareDevProxyVitePlugin, vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { TEST_BUILD_DIR } from "./scripts/build-dirs.mjs";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

// The chunk lists below name files by path: a moved or renamed file must fail the build, not silently
// fall out of its chunk.
function appPath(p: string) {
  const file = fileURLToPath(new URL(`./app/${p}`, import.meta.url));
  if (!existsSync(file)) throw new Error(`vite.config.ts names app/${p}, which does not exist`);
  return file;
}

// The framework, the root route (its header, footer and realtime listener are on every page) and small
// modules that most public pages share, in one chunk. Left to itself Rollup gives each its own chunk of a
// few hundred bytes, so the home page fetched two dozen scripts, each gzipped alone (its own header,
// imports and dictionary); together they are one request and compress better. Only small, dependency-free
// modules belong here: anything pulling in a library (zod, dnd-kit, passkeys) would load on every page.
const PUBLIC_SHARED = new Set(
  [
    "root.tsx",
    "ui/clientLazy.tsx",
    "features/site/Footer.tsx",
    "features/site/Header.tsx",
    "features/site/SideMenu.tsx",
    "features/site/useClosesOnNavigation.ts",
    "features/search/SearchBox.tsx",
    "ui/nonce.tsx",
    "features/site/age-gate.ts",
    "features/search/suggestions.ts",
    "ui/icons.tsx",
    "features/site/Logo.tsx",
    "features/photos/Photo.tsx",
    "features/site/Realtime.tsx",
    "features/likes/useFavourites.ts",
    "ui/useHydrated.ts",
    "ui/useJsonFetch.ts",
    "features/catalogue/activity.ts",
    "features/accounts/auth-user.ts",
    "features/likes/favourites.ts",
    "features/catalogue/listing-card.ts",
    "platform/money.ts",
    "features/photos/keys.ts",
    "platform/realtime/protocol.ts",
    "platform/realtime/room-socket.ts",
    "features/catalogue/regions.ts",
    "features/site/seo.ts",
    "platform/time/short-dates.ts",
    "features/site/site.ts",
    "features/listings/tour-text.ts",
    "platform/data/ids.ts",
  ].map(appPath),
);

// What the shared chunk's modules load only when they show it (clientLazy: the age gate, a signed-in
// user's menu, the profile skeleton, a grid's load failure), and the modules those share with other pages. Each gets its own chunk: their static
// import, kept for the server render, would otherwise make Rollup pull them into the shared chunk, and a
// shared module would otherwise land in the lazy chunk, making other pages load it.
const OWN_CHUNK = new Map(
  [
    "features/site/AgeGate.tsx",
    "features/site/AccountMenu.tsx",
    "ui/Dialog.tsx",
    "features/accounts/SignOutForm.tsx",
    "features/moderation/admin-links.ts",
    "features/profile/ProfileSkeleton.tsx",
    "ui/LoadFailed.tsx",
  ].map((p) => [appPath(p), p.replace(/^.*\/|\.tsx?$/g, "")]),
);

// React and Remix, named so that they stay in the shared chunk rather than follow the first lazy chunk
// that imports them.
const FRAMEWORK =
  /\/node_modules\/(react|react-dom|scheduler|@remix-run\/[^/]+|react-router|react-router-dom|turbo-stream)\//;

// The development tools (the test payment gateway, /dev/outbox, the dev checkout) are built only for this
// machine: scripts/build-dirs.mjs sets KIWI_DEV_TOOLS=1 for `npm start`, the tests and the benchmark; a
// production build (`npm run build`) drops their routes and, through the constant, their code.
const DEV_TOOLS = process.env.KIWI_DEV_TOOLS === "1" || process.env.REMIX_BUILD_DIR === TEST_BUILD_DIR;

export default defineConfig(({ isSsrBuild }) => ({
  define: { __DEV_TOOLS__: JSON.stringify(DEV_TOOLS) },
  plugins: [
    cloudflareDevProxyVitePlugin(),
    remix({
      // Tests build into build-test/ (scripts/build-dirs.mjs) so they never replace what `npm start` serves.
      buildDirectory: process.env.REMIX_BUILD_DIR || "build",
      ignoredRouteFiles: DEV_TOOLS ? [] : ["**/dev.*"],
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
    tailwindcss(),
  ],
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
    mainFields: ["browser", "module", "main"],
  },
  ssr: {
    resolve: { conditions: ["workerd", "worker", "browser"], externalConditions: ["workerd", "worker"] },
  },
  build: {
    minify: "terser",
    // A second compress pass finds what the first one's inlining exposed: about 0.3 kB less on /.
    terserOptions: { compress: { passes: 2 } },
    rollupOptions: isSsrBuild
      ? {}
      : {
          output: {
            manualChunks: (id: string) =>
              PUBLIC_SHARED.has(id) || FRAMEWORK.test(id) ? "public-shared" : OWN_CHUNK.get(id),
          },
        },
  },
}));
