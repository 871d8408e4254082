// The Safety Net's part of 'Download my data': the account's own reports with their sealed texts opened, as
// the Safety Net page shows them to their reporter (export.ts says which columns).
import { fieldBinding } from "./reports.server";
import { openStored, SafetyNetKeyError } from "./safety-key.server";
import { SEALED_COLUMNS, UNOPENED } from "./export";

type Row = Record<string, unknown>;

/** Each row with its texts opened; a text the key cannot open says so rather than failing the archive. */
export function openReportsForExport(env: object, rows: readonly Row[]): Promise<Row[]> {
  return Promise.all(
    rows.map(async (row) => {
      const opened: Row = { ...row };
      for (const [column, field] of Object.entries(SEALED_COLUMNS)) {
        const stored = row[column];
        if (typeof stored !== "string") continue;
        try {
          opened[column] = await openStored(env, fieldBinding(String(row.id), field), stored);
        } catch (error) {
          if (!(error instanceof SafetyNetKeyError)) throw error;
          opened[column] = UNOPENED;
        }
      }
      return opened;
    }),
  );
}
