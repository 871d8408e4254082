// npm test's folder for throwaway files (scripts/run-temp-dir.mjs): what an abandoned run left is found by its
// process being gone, and a folder that is not a roomy tmpfs is not taken for memory.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { abandonedRunDirs, isRunning, memoryRoot } from "../../scripts/run-temp-dir.mjs";

const root = mkdtempSync(join(tmpdir(), "run-temp-dir-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("a run's throwaway folder", () => {
  it("finds the folders of runs whose process is gone, and only those", () => {
    for (const name of ["nz-test-101-aaaa", "nz-test-202-bbbb", "nz-test-x-cccc", "other-303-dddd", "nz-test-0-eeee"])
      mkdirSync(join(root, name));
    const gone = abandonedRunDirs(root, (pid: number) => pid === 202);
    expect(gone).toEqual([join(root, "nz-test-101-aaaa")]);
  });

  it("knows this process is running", () => {
    expect(isRunning(process.pid)).toBe(true);
  });

  it("takes nothing for memory that is not there", () => {
    expect(memoryRoot(join(root, "missing"))).toBeNull();
    expect(abandonedRunDirs(join(root, "missing"))).toEqual([]);
  });
});
