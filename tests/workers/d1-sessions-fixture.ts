// Records every request's D1 session (where it began, what it cost) for the tests of one file: registers
// the observer before each test and removes it after, once background work has settled.
import { afterEach, beforeEach } from "vitest";
import { observeD1Sessions } from "~/platform/data/d1-session.server";
import type { D1SessionRecord } from "~/platform/data/d1-session.server";
import { backgroundWorkDone } from "./background";

export type { D1SessionRecord };

export function recordD1Sessions() {
  const seen = { records: [] as D1SessionRecord[], clear: () => void (seen.records = []) };
  beforeEach(() => {
    seen.clear();
    observeD1Sessions((record) => seen.records.push(record));
  });
  afterEach(async () => {
    observeD1Sessions(null);
    await backgroundWorkDone();
  });
  return seen;
}
