// The platform proxy's lost answer (docs/decisions/0046-seeding-without-the-synchronous-proxy.md): on a busy
// machine, the synchronous fetch behind wrangler's platform proxy can lose an answer, and the proxy fails.
// tests/fixtures/lose-proxy-answer.mjs makes that happen for certain, once, in the processes `npm start` runs
// on a fresh clone, and every step still finishes: the migrations run again in a new process, the seed never
// asks a proxy synchronously, and the bench's readers run their step again on a new proxy. A seed that fails
// for another reason names its step and what to do, and leaves the store as it was.
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSeedStore, statement } from "../../drizzle/seed/store";
import { ensureDevVars } from "../../scripts/dev-vars.mjs";
import { withPlatformProxy } from "../../scripts/platform-proxy.mjs";
import { migrateTestStore } from "./server";

const ROOT = resolve(".");
const LOSE_ANSWER = resolve("tests/fixtures/lose-proxy-answer.mjs");

/** `node args` from the project's folder with the fault armed: resolves to its exit code and all it printed. */
function runWithLostAnswer(args: string[], marker: string, at: number): Promise<{ code: number; output: string }> {
  return runNode(args, {
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import=${LOSE_ANSWER}`,
    LOSE_PROXY_ANSWER_ONCE: marker,
    LOSE_PROXY_ANSWER_AT: String(at),
  });
}

function runNode(args: string[], extraEnv: Record<string, string> = {}): Promise<{ code: number; output: string }> {
  const env = { ...process.env, ...extraEnv };
  return new Promise((done) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("close", (code) => done({ code: code ?? 1, output }));
  });
}

async function rows<T>(persistTo: string, sql: string): Promise<T[]> {
  const store = await openSeedStore(ROOT, persistTo);
  try {
    return await store.all<T>(statement(sql));
  } finally {
    await store.dispose();
  }
}

describe("a platform proxy that loses an answer", () => {
  let dir: string;
  let persistTo: string;
  beforeAll(async () => {
    ensureDevVars();
    dir = mkdtempSync(join(tmpdir(), "nz-lost-answer-"));
    // The store the seed's and the bench's steps run on: migrated as the end-to-end tests' stores are.
    persistTo = join(dir, "state");
    await migrateTestStore(persistTo);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("costs the migrations step a second run of wrangler, and every migration is applied once", async () => {
    // The project's first four migrations, through a copy of wrangler.toml that names their folder: the retry
    // is the same for four as for all, and wrangler starts a workerd per migration (a minute for all of them).
    const migrations = join(dir, "migrations");
    mkdirSync(migrations);
    const files = readdirSync("drizzle/migrations")
      .filter((f) => f.endsWith(".sql"))
      .sort()
      .slice(0, 4);
    for (const file of files) cpSync(join("drizzle/migrations", file), join(migrations, file));
    const config = join(dir, "wrangler.toml");
    const toml = readFileSync("wrangler.toml", "utf8");
    expect(toml).toContain('migrations_dir = "drizzle/migrations"');
    writeFileSync(config, toml.replace('migrations_dir = "drizzle/migrations"', `migrations_dir = "${migrations}"`));
    const four = join(dir, "four");
    const marker = join(dir, "lost-in-migrations");
    // The 50th answer: past the first two migrations, so some are applied when the run fails.
    const run = await runWithLostAnswer(
      ["scripts/wrangler-d1.mjs", "migrations", "apply", "DB", "--local", "--persist-to", four, "--config", config],
      marker,
      50,
    );
    expect(run.code, run.output).toBe(0);
    expect(existsSync(marker), "an answer was lost").toBe(true);
    expect(run.output).toContain("running it again in a new process (attempt 2 of 3)");
    const applied = await rows<{ name: string }>(four, "SELECT name FROM d1_migrations ORDER BY name");
    expect(applied.map((r) => r.name)).toEqual(files);
  }, 300_000);

  it("leaves a seed that fails inserting its rows naming the step, and takes back what it wrote", async () => {
    // A copy of the migrated store without one of the tables the seed fills: its rows fail to go in.
    const broken = join(dir, "broken");
    cpSync(persistTo, broken, { recursive: true });
    const store = await openSeedStore(ROOT, broken);
    await store.batch([statement("DROP TABLE totp_factors")]).finally(() => store.dispose());
    const run = await runNode(["scripts/seed.mjs", "--persist-to", broken, "--listings", "5", "--no-logins"]);
    expect(run.code, run.output).toBe(1);
    expect(run.output).toContain("Seed failed: inserting the rows into D1 failed:");
    expect(run.output).toContain("no such table: totp_factors");
    expect(run.output).toContain(`What the seed had written is removed again: ${broken} is as it was.`);
    expect(run.output).toContain("Details:");
    const left = await withPlatformProxy("reading what is left", broken, async (env: Env) => ({
      users: (await env.DB.prepare("SELECT count(*) AS n FROM users").first<{ n: number }>())?.n,
      photos: (await env.PHOTOS.list()).objects.length,
    }));
    expect(left).toEqual({ users: 0, photos: 0 });
  }, 300_000);

  it("leaves the seed completing, as it never waits on a proxy's synchronous answer", async () => {
    const marker = join(dir, "lost-in-seed");
    // The first answer: where getPlatformProxy lost it when the seed started one.
    const run = await runWithLostAnswer(
      ["scripts/seed.mjs", "--persist-to", persistTo, "--listings", "5", "--no-logins"],
      marker,
      1,
    );
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain("Seeded 5 listings");
    expect(existsSync(marker), "the seed asked a platform proxy synchronously").toBe(false);
    const [counts] = await rows<{ users: number; listings: number; photos: number; totp: number }>(
      persistTo,
      `SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM listings) AS listings,
        (SELECT count(*) FROM listing_images) AS photos, (SELECT count(*) FROM totp_factors) AS totp`,
    );
    expect(counts).toMatchObject({ listings: 5, totp: 1 });
    expect(counts.users).toBeGreaterThan(0);
    expect(counts.photos).toBeGreaterThan(0);
  }, 300_000);

  it("costs a bench reader a second proxy, and it reads what the first would have", async () => {
    const marker = join(dir, "lost-in-bench");
    // A file, not `node -e`: the proxy's worker thread takes the process's flags, and --input-type=module
    // would make its CommonJS script fail to start.
    const reader = join(dir, "reader.mjs");
    writeFileSync(
      reader,
      `import { withPlatformProxy } from ${JSON.stringify(pathToFileURL(resolve("scripts/platform-proxy.mjs")).href)};
      const n = await withPlatformProxy("reading the listings", ${JSON.stringify(persistTo)}, async (env) =>
        (await env.DB.prepare("SELECT count(*) AS n FROM listings").first()).n);
      console.log("listings: " + n);`,
    );
    const run = await runWithLostAnswer([reader], marker, 1);
    expect(run.code, run.output).toBe(0);
    expect(existsSync(marker), "an answer was lost").toBe(true);
    expect(run.output).toContain("reading the listings: the platform proxy lost an answer");
    expect(run.output).toContain("running the step again on a new proxy (attempt 2 of 3)");
    expect(run.output).toContain("listings: 5");
  }, 300_000);
});
