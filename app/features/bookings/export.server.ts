// The booking requests' part of 'Download my data' (export.ts says which columns): the sealed details and block
// labels opened, as the inbox shows them; a text the key cannot open says so rather than failing the archive.
import { BookingsKeyError, openBooking } from "./booking-key.server";
import { detailsBinding } from "./deliver.server";
import { UNOPENED } from "./export";
import { blockBinding } from "./inbox.server";

type Row = Record<string, unknown>;

async function opened(env: object, binding: string, sealed: unknown): Promise<unknown> {
  if (typeof sealed !== "string" || sealed === "") return sealed;
  try {
    return await openBooking(env, binding, sealed);
  } catch (error) {
    if (!(error instanceof BookingsKeyError)) throw error;
    return UNOPENED;
  }
}

/** The archive's booking-requests.json: the requests (details as an object) and the blocks. */
export async function openBookingsForExport(
  env: object,
  data: { requests: readonly Row[]; blocks: readonly Row[]; userId: string },
): Promise<{ requests: Row[]; blocks: Row[] }> {
  const requests = await Promise.all(
    data.requests.map(async (row) => {
      const text = await opened(env, detailsBinding(String(row.id)), row.details);
      let details: unknown = text;
      try {
        if (typeof text === "string" && text !== UNOPENED) details = JSON.parse(text);
      } catch {
        // Left as the text it is.
      }
      return { ...row, details };
    }),
  );
  const blocks = await Promise.all(
    data.blocks.map(async (row) => ({
      ...row,
      label: await opened(env, blockBinding(data.userId), row.label),
    })),
  );
  return { requests, blocks };
}
