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
    "ui/island.tsx",
    "features/site/Logo.tsx",
    "ui/useInAppLinks.ts",
    "features/likes/saved-hearts.ts",
    "features/insights/beacon.ts",
    "features/insights/beacon-events.ts",
    "features/catalogue/grid/grid-layout.tsx",
    "core/listing-card.ts",
    "ui/nonce.tsx",
    "features/site/age-gate.ts",
    "features/site/Realtime.tsx",
    "ui/useHydrated.ts",
    "ui/useJsonFetch.ts",
    "core/session-user.ts",
    "platform/realtime/protocol.ts",
    "platform/realtime/room-socket.ts",
    "core/regions.ts",
    "features/site/seo.ts",
    "features/site/site-name.ts",
    "features/shell/account-parts.ts",
  ].map(appPath),
);

// What the shared chunk's modules load only when they show it (clientLazy: the age gate, a signed-in
// user's menu, the profile skeleton, a grid's load failure), and the modules those share with other pages. Each gets its own chunk: their static
// import, kept for the server render, would otherwise make Rollup pull them into the shared chunk, and a
// shared module would otherwise land in the lazy chunk, making other pages load it.
const OWN_CHUNK = new Map(
  [
    "features/shell/AgeGate.tsx",
    "features/shell/AccountMenu.tsx",
    "ui/Dialog.tsx",
    "features/accounts/SignOutForm.tsx",
    "features/moderation/admin-links.ts",
    "features/profile/ProfileSkeleton.tsx",
    "features/moderation/AdminListingMenu.tsx",
    // Shared by forms and the administrators' listing menu: in neither's chunk.
    "ui/ErrorList.tsx",
    "ui/LoadFailed.tsx",
    // Drawn by the islands (header, cards, filter bar) and other pages' own code, never by a grid page's first
    // load: with the shared chunk it cost every first load, in a chunk of its own only the pages that draw one.
    "ui/icons.tsx",
  ].map((p) => [appPath(p), p.replace(/^.*\/|\.tsx?$/g, "")]),
);

// The parts of public pages that run from the visitor's first input (app/ui/island.tsx, decision 0042), in one
// chunk each: the header and footer, and the grid pages' cards. Their modules only define things, so their
// static imports (kept for the server render) do not make the page load them (see treeshake below).
const ISLANDS = new Map(
  [
    ...[
      "features/shell/Header.tsx",
      "features/shell/SideMenu.tsx",
      "features/shell/useClosesOnNavigation.ts",
      "features/shell/Footer.tsx",
      "features/search/SearchBox.tsx",
      "features/search/useSuggestions.ts",
      "features/search/suggestions.ts",
    ].map((p) => [p, "site-chrome"]),
    ...[
      "features/catalogue/grid/CardList.tsx",
      "features/catalogue/ListingCard.tsx",
      "features/likes/LikeButton.tsx",
      "features/likes/likes.ts",
      "features/likes/FavouriteButton.tsx",
      "features/moderation/LazyAdminListingMenu.tsx",
    ].map((p) => [p, "cards"]),
    // The filters' tables and links are the bar's alone: the page takes its query string from the loader.
    ...["features/catalogue/FilterBar.tsx", "features/catalogue/filters.ts"].map((p) => [p, "filter-bar"]),
    // The grid pages' own code (the home page, a region's), apart from their islands.
    ...[
      "features/catalogue/ListingsScreen.tsx",
      "features/catalogue/grid/LazyGridParts.tsx",
      "features/catalogue/ListingGrid.tsx",
      "features/catalogue/RegionSelector.tsx",
      "features/catalogue/grid/useGridPages.ts",
      "features/catalogue/grid/GridPager.tsx",
      "features/catalogue/grid-slot.ts",
      "ui/LazyLoadFailed.tsx",
    ].map((p) => [p, "grid-pages"]),
    // What cards share with other pages (profiles, plans, the dashboard), which load it without the cards.
    ...[
      "features/photos/Photo.tsx",
      "features/photos/variants.ts",
      "core/photo-keys.ts",
      "core/tour-text.ts",
      "platform/money.ts",
      "platform/time/short-dates.ts",
      "platform/data/ids.ts",
      "features/likes/useFavourites.ts",
      "features/likes/favourites.ts",
      "features/catalogue/ActivityBadge.tsx",
      "core/activity.ts",
    ].map((p) => [p, "listing-parts"]),
  ].map(([p, chunk]) => [appPath(p), chunk]),
);

// React and Remix, named so that they stay in the shared chunk rather than follow the first lazy chunk
// that imports them.
const FRAMEWORK =
  /\/node_modules\/(react|react-dom|scheduler|@remix-run\/[^/]+|react-router|react-router-dom|turbo-stream)\/|^\0vite\/preload-helper/;

// The development tools (the test payment gateway, /dev/outbox, the dev checkout) are built only for this
// machine: scripts/build-dirs.mjs sets KIWI_DEV_TOOLS=1 for `npm start`, the tests and the benchmark; a
// production build (`npm run build`) drops their routes and, through the constant, their code.
const DEV_TOOLS = process.env.KIWI_DEV_TOOLS === "1" || process.env.REMIX_BUILD_DIR === TEST_BUILD_DIR;

// What a deploy ships, `npm start` serves and the benchmark measures is minified by terser. `npm test`'s build
// asks for esbuild's minifier (KIWI_MINIFY, scripts/build-dirs.mjs): the same code in a third of the processor
// time, and no behaviour a test checks depends on which minifier ran. The production build's check asks for
// none, so it sees everything that tree-shaking left (scripts/check-production-build.mjs).
const MINIFY = ({ esbuild: "esbuild", none: false } as const)[process.env.KIWI_MINIFY ?? ""] ?? "terser";

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
    minify: MINIFY,
    // A second compress pass finds what the first one's inlining exposed: about 0.3 kB less on /.
    terserOptions: { compress: { passes: 2 } },
    rollupOptions: isSsrBuild
      ? {}
      : {
          treeshake: { moduleSideEffects: (id: string) => !ISLANDS.has(id) },
          output: {
            manualChunks: (id: string) =>
              PUBLIC_SHARED.has(id) || FRAMEWORK.test(id) ? "public-shared" : (ISLANDS.get(id) ?? OWN_CHUNK.get(id)),
          },
        },
  },
}));
