import { cloudflareDevProxyVitePlugin, vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

// Small modules that most public pages share (the root's realtime listener is on every page). Left to itself Rollup gives each its own chunk of a few
// hundred bytes, so the home page fetched two dozen scripts, each gzipped alone (its own header, imports
// and dictionary); together they are one request and compress better. Only small, dependency-free modules
// belong here: anything pulling in a library (zod, dnd-kit, passkeys) would load on every page.
const PUBLIC_SHARED = new Set(
  [
    "components/Dialog.tsx",
    "components/ui/Dialog.tsx",
    "components/ui/ErrorList.tsx",
    "components/icons.tsx",
    "components/LoadFailed.tsx",
    "components/Logo.tsx",
    "components/Photo.tsx",
    "components/Realtime.tsx",
    "components/auth/SignOutForm.tsx",
    "components/useFavourites.ts",
    "components/useHydrated.ts",
    "components/useJsonFetch.ts",
    "lib/activity.ts",
    "lib/admin-links.ts",
    "lib/auth-user.ts",
    "lib/draft-keys.ts",
    "lib/favourites.ts",
    "lib/listing-card.ts",
    "lib/money.ts",
    "lib/photo-keys.ts",
    "lib/realtime-protocol.ts",
    "lib/regions.ts",
    "lib/seo.ts",
    "lib/site.ts",
  ].map((p) => fileURLToPath(new URL(`./app/${p}`, import.meta.url))),
);

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
    minify: true,
    rollupOptions: isSsrBuild
      ? {}
      : { output: { manualChunks: (id: string) => (PUBLIC_SHARED.has(id) ? "public-shared" : undefined) } },
  },
}));
