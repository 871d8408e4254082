// What a build is made from, as one hash, so that `npm test` on a warm checkout can skip a build (and the
// production build's check) whose inputs have not changed since it last passed. The inputs are every file git
// would track, committed or not (ignored files aside: node_modules follows package-lock.json), outside the
// tests and the docs: over-inclusive on purpose, as a stale build is a lie and an extra build only a wait.
import { createHash } from "node:crypto";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Paths no build reads: the tests (the end-to-end store door is bundled by the tests themselves), the docs. */
const NOT_BUILT = /^(tests|docs|\.ci)\/|\.md$/;

/** The hash of the build's inputs in `root`, or null when git cannot list them (then always build). */
export function buildInputsHash(root) {
  const listed = spawnSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: root });
  if (listed.status !== 0) return null;
  const files = [...new Set(listed.stdout.toString("utf8").split("\0"))].filter((f) => f && !NOT_BUILT.test(f)).sort();
  const hash = createHash("sha256");
  for (const file of files) {
    hash.update(`${file}\0`);
    // Listed but deleted in the working tree: its absence is the input.
    hash.update(existsSync(path.join(root, file)) ? readFileSync(path.join(root, file)) : "(deleted)");
    hash.update("\0");
  }
  return hash.digest("hex");
}

/**
 * A stamp beside an output: the inputs' hash it was made from, and the output file's modification time then,
 * so an output rewritten since by anything else (the bench's build, a build by hand) no longer matches.
 */
export function isCurrent(stampFile, outputFile, inputs) {
  if (!inputs || !existsSync(stampFile) || !existsSync(outputFile)) return false;
  try {
    const stamp = JSON.parse(readFileSync(stampFile, "utf8"));
    return stamp.inputs === inputs && stamp.outputMtimeMs === statSync(outputFile).mtimeMs;
  } catch {
    return false;
  }
}

/** Records that `outputFile` was made (or checked) from `inputs`. */
export function stamp(stampFile, outputFile, inputs) {
  if (!inputs || !existsSync(outputFile)) return;
  writeFileSync(stampFile, JSON.stringify({ inputs, outputMtimeMs: statSync(outputFile).mtimeMs }));
}
