// The signed-in pages beside the framework floor, alone (`npm run bench -- --signed-in`): the provider on /
// and on the dashboard, the administrator on a queue, and for scale the provider on /favorites and the
// anonymous /, each in 1 s slices taken in turn with the floor's / (targets.ts). What a change to a signed-in
// page is checked with, in a minute rather than the quick run's several.
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startApp } from "../../tests/e2e/server";
import { ensureFloor, startFloor } from "./floor";
import { newProvider, signInAdmin } from "./provider";
import { interleaved, loadRow, ratio, signedInRows, targetRow } from "./targets";
import type { Target } from "./targets";

type Row = Record<string, string | number>;

// Like a returning visitor who passed the age gate.
const AGE = "age_verified=1";

export async function signedInTargets(
  app: { url: string },
  floor: { url: string },
  seconds: number,
): Promise<{ load: Row[]; targets: Row[] }> {
  const provider = await newProvider(app.url);
  const signedIn = `${AGE}; ${provider.cookie}`;
  const admin = `${AGE}; ${await signInAdmin(app.url)}`;
  const floorHome: Target = { base: floor.url, path: "/" };
  // The last two rows have no target of their own; they show where the pages with targets stand. /favorites
  // has no loader and fills its list in the browser, so signed in it is the site's frame and the root's session
  // lookup alone: what every signed-in page that reads D1 pays before its own content (docs/performance.md,
  // 'what a signed-in page costs before it has any content'). That holds while the page cache has no plan for
  // it (app/features/catalogue/page-cache-key.ts): its load row's X-Cache is then '-'.
  const pages: [string, Target, "target" | "scale"][] = [
    ["/ signed in", { base: app.url, path: "/", cookie: signedIn }, "target"],
    ["/dashboard signed in", { base: app.url, path: "/dashboard", cookie: signedIn }, "target"],
    ["/admin/verifications signed in", { base: app.url, path: "/admin/verifications", cookie: admin }, "target"],
    [
      "/favorites signed in (the frame and the session lookup alone, for scale)",
      { base: app.url, path: "/favorites", cookie: signedIn },
      "scale",
    ],
    ["/ anonymous (for scale)", { base: app.url, path: "/", cookie: AGE }, "scale"],
  ];
  const load: Row[] = [];
  const targets: Row[] = [];
  for (const [label, t, kind] of pages) {
    const [page, floorSide] = await interleaved([t, floorHome], seconds);
    load.push(loadRow("app", label, page), loadRow("floor", "/ (alongside)", floorSide));
    if (kind === "target") targets.push(...signedInRows(label, page, floorSide));
    else targets.push(targetRow(`${label}: req/s ÷ floor /`, ratio(page.rps, floorSide.rps), "-", true));
  }
  return { load, targets };
}

/** The app over a copy of the 100-listing store `small` (the bench's providers write to it) and the floor. */
export async function signedInSection(small: string, seconds: number): Promise<{ load: Row[]; targets: Row[] }> {
  const copy = mkdtempSync(join(tmpdir(), "nz-bench-"));
  cpSync(small, copy, { recursive: true });
  const app = await startApp({ persistDir: copy });
  const floor = await startFloor(ensureFloor());
  try {
    return await signedInTargets(app, floor, seconds);
  } finally {
    await floor.stop();
    await app.stop();
    rmSync(copy, { recursive: true, force: true });
  }
}
