// Where `npm test` keeps its throwaway files: one folder per run, in memory when the machine has a tmpfs, set as
// TMPDIR for everything the run starts and removed when it ends (docs/testing.md, 'Where a run keeps its
// files'). The stores the tests write are SQLite files that sync on every commit; on this machine's disk that
// cost the workerd leg alone 131.5 s (33.7 s of it in the kernel), in memory 102.0 s (11.9 s).
import { existsSync, mkdtempSync, readdirSync, rmSync, statfsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** The Linux tmpfs every distribution mounts for shared memory. */
export const MEMORY_ROOT = "/dev/shm";
/** statfs's type of a tmpfs (linux/magic.h). */
const TMPFS_MAGIC = 0x01021994;
/** A run's stores, photos and browser profiles reach about a gigabyte at most; below twice that, use the disk. */
const ENOUGH_BYTES = 2 * 1024 ** 3;
const PREFIX = "nz-test-";

/** `root` when it is a tmpfs with room for a run, else null. */
export function memoryRoot(root = MEMORY_ROOT) {
  try {
    const fs = statfsSync(root);
    return fs.type === TMPFS_MAGIC && fs.bavail * fs.bsize >= ENOUGH_BYTES ? root : null;
  } catch {
    return null;
  }
}

/** Whether a process with this id is running (signal 0 only asks). */
export function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

/** The folders of earlier runs under `root` whose process is gone (killed before it could remove them). */
export function abandonedRunDirs(root, running = isRunning) {
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .map((name) => ({ name, pid: Number(/^nz-test-(\d+)-/.exec(name)?.[1]) }))
    .filter(({ pid }) => Number.isInteger(pid) && pid > 0 && !running(pid))
    .map(({ name }) => path.join(root, name));
}

/**
 * A new folder for this run (in memory when there is room, else beside the system's temporary files), after
 * removing what abandoned runs left there. Answers its path and how to remove it.
 */
export function makeRunTempDir() {
  const memory = memoryRoot();
  const root = memory ?? tmpdir();
  for (const dir of abandonedRunDirs(root)) rmSync(dir, { recursive: true, force: true });
  const dir = mkdtempSync(path.join(root, `${PREFIX}${process.pid}-`));
  return {
    dir,
    inMemory: memory !== null,
    remove: () => rmSync(dir, { recursive: true, force: true, maxRetries: 3 }),
  };
}
