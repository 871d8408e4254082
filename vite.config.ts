import { cloudflareDevProxyVitePlugin, vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

function appPath(p: string) {
  return fileURLToPath(new URL(`./app/${p}`, import.meta.url));
}

// The framework, the root route (its header, footer and realtime listener are on every page) and small
// modules that most public pages share, in one chunk. Left to itself Rollup gives each its own chunk of a
// few hundred bytes, so the home page fetched two dozen scripts, each gzipped alone (its own header,
// imports and dictionary); together they are one request and compress better. Only small, dependency-free
// modules belong here: anything pulling in a library (zod, dnd-kit, passkeys) would load on every page.
const PUBLIC_SHARED = new Set(
  [
    "root.tsx",
    "components/clientLazy.tsx",
    "components/Footer.tsx",
    "components/Header.tsx",
    "components/SearchBox.tsx",
    "components/nonce.tsx",
    "components/profile/ProfileSkeleton.tsx",
    "lib/age-gate.ts",
    "lib/suggestions.ts",
    "components/icons.tsx",
    "components/LoadFailed.tsx",
    "components/Logo.tsx",
    "components/Photo.tsx",
    "components/Realtime.tsx",
    "components/useFavourites.ts",
    "components/useHydrated.ts",
    "components/useJsonFetch.ts",
    "lib/activity.ts",
    "lib/auth-user.ts",
    "lib/favourites.ts",
    "lib/listing-card.ts",
    "lib/money.ts",
    "lib/photo-keys.ts",
    "lib/realtime-protocol.ts",
    "lib/regions.ts",
    "lib/seo.ts",
    "lib/short-dates.ts",
    "lib/site.ts",
    "lib/tour-text.ts",
  ].map(appPath),
);

// What the shared chunk's modules load only when they show it (clientLazy: the age gate, a signed-in
// user's menu), and the modules those share with other pages. Each gets its own chunk: their static
// import, kept for the server render, would otherwise make Rollup pull them into the shared chunk, and a
// shared module would otherwise land in the lazy chunk, making other pages load it.
const OWN_CHUNK = new Map(
  [
    "components/AgeGate.tsx",
    "components/AccountMenu.tsx",
    "components/ui/Dialog.tsx",
    "components/auth/SignOutForm.tsx",
    "lib/admin-links.ts",
  ].map((p) => [appPath(p), p.replace(/^.*\/|\.tsx?$/g, "")]),
);

// React and Remix, named so that they stay in the shared chunk rather than follow the first lazy chunk
// that imports them.
const FRAMEWORK =
  /\/node_modules\/(react|react-dom|scheduler|@remix-run\/[^/]+|react-router|react-router-dom|turbo-stream)\//;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    cloudflareDevProxyVitePlugin(),
    remix({
      // Tests build into build-test/ (scripts/build-dirs.mjs) so they never replace what `npm start` serves.
      buildDirectory: process.env.REMIX_BUILD_DIR || "build",
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
