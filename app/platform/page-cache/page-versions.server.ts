// The page cache's versions: one number per scope in D1 (page_cache_versions), bumped by triggers on every
// write that could change a page (docs/decisions/0012-page-cache.md). A kept copy is keyed by them.
import { sqlStatement } from "~/platform/data/db.server";
import type { DbEnv } from "~/platform/data/db.server";

// Versions this isolate has read, reused for a moment (docs/decisions/0012-page-cache.md, "Reusing a version
// read"): every answer to a request that wrote to D1 is held back for longer than that moment (holdAfterWrites),
// so a request that starts after such an answer never gets numbers read before the write.
const knownVersions = new Map<string, { version: number; readAt: number }>();
const MAX_KNOWN_VERSIONS = 5_000;
/** Added to the writers' hold: Date.now() in a Worker only moves at I/O, so a reader's clock may lag a little. */
const HOLD_SLACK_MS = 50;
const DEFAULT_REUSE_MS = 250;
const MAX_REUSE_MS = 2_000;

/** How long a version read may be reused (PAGE_CACHE_REUSE_MS; 0 turns reuse and the writers' hold off). */
export function versionReuseMs(env: Partial<Pick<Env, "PAGE_CACHE_REUSE_MS">>): number {
  const raw = env.PAGE_CACHE_REUSE_MS;
  const ms = raw === undefined || raw === "" ? DEFAULT_REUSE_MS : Number(raw);
  return Number.isFinite(ms) ? Math.min(Math.max(Math.round(ms), 0), MAX_REUSE_MS) : DEFAULT_REUSE_MS;
}

/** How long an answer that wrote to D1, and a realtime event about a write, wait after the write. */
export function writeHoldMs(env: Partial<Pick<Env, "PAGE_CACHE_REUSE_MS">>): number {
  const reuse = versionReuseMs(env);
  return reuse > 0 ? reuse + HOLD_SLACK_MS : 0;
}

/** Waits until `writeHoldMs` has passed since `wroteAt` (no wait when reuse is off or nothing was written). */
export async function holdAfterWrites(
  env: Partial<Pick<Env, "PAGE_CACHE_REUSE_MS">>,
  wroteAt: number | null,
): Promise<void> {
  const hold = writeHoldMs(env);
  if (!hold || wroteAt === null) return;
  const wait = wroteAt + hold - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

/**
 * A read `age` ms old may be reused. One from the future is not: after the clock stepped back (an NTP step, or
 * a test moving the Worker's clock and back), `now - readAt` stays negative for as long as the step was, and
 * "at most `reuse` old" would keep serving numbers from before every write since.
 */
export function isRecent(age: number, reuse: number): boolean {
  return age >= 0 && age <= reuse;
}

/**
 * Forgets every version this isolate has read, so the next page reads them afresh. For a writer that answers
 * outside the app's Worker, so is not held by `holdAfterWrites`: the end-to-end tests' store door
 * (tests/e2e/store-door.worker.ts), which shares the app's isolate, calls it after each write.
 */
export function forgetVersionReads(): void {
  knownVersions.clear();
}

/** The current version of each scope, or null when one cannot be read (the page is then served fresh). */
export async function currentVersions(
  env: DbEnv & Partial<Pick<Env, "PAGE_CACHE_REUSE_MS">>,
  scopes: string[],
): Promise<number[] | null> {
  if (!scopes.length) return [];
  const reuse = versionReuseMs(env);
  const now = Date.now();
  const known = scopes.map((s) => knownVersions.get(s));
  if (reuse > 0 && known.every((k) => k && isRecent(now - k.readAt, reuse))) return known.map((k) => k!.version);
  // Taken before the read: the numbers read are at least as new as this.
  const readAt = Date.now();
  const versions = await readVersions(env, scopes);
  if (versions && reuse > 0) {
    scopes.forEach((scope, i) => {
      knownVersions.delete(scope);
      knownVersions.set(scope, { version: versions[i], readAt });
    });
    for (const oldest of knownVersions.keys()) {
      if (knownVersions.size <= MAX_KNOWN_VERSIONS) break;
      knownVersions.delete(oldest);
    }
  }
  return versions;
}

async function readVersions(env: DbEnv, scopes: string[]): Promise<number[] | null> {
  try {
    // Always the primary (no Sessions API bookmark): a replica could still hold the version before a hide.
    const { results } = await sqlStatement(
      env.DB,
      `SELECT scope, version FROM page_cache_versions WHERE scope IN (${scopes.map(() => "?").join(", ")})`,
      scopes,
    ).all<{ scope: string; version: number }>();
    const found = new Map(results.map((r) => [r.scope, r.version]));
    // A listing without a row is deleted (or being made): its page is a 404, or will have a row soon.
    if (scopes.some((s) => !found.has(s))) return null;
    return scopes.map((s) => found.get(s)!);
  } catch (error) {
    console.error("page cache: version read failed", error);
    return null;
  }
}
