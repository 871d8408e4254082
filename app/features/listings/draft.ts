// The editor's draft (provider spec: the 'current-profile draft' in browser storage): what a provider typed
// and has not saved, kept per listing and per account so a reload, a crash or a lost connection loses
// nothing. Pure: the hook in features/listings/editor/drafts/useListingDraft.ts does the storage.
import { isId } from "~/platform/data/ids";
import { MAX_PHOTOS } from "~/features/photos/rules";
import { pageOf, tourContext, validateListing, emptyListingValues } from "./schema";
import type { ListingValues, TourContext } from "./schema";
import type { Page } from "./editor-pages";

import { DRAFT_MAX_AGE_MS } from "~/core/draft-keys";

export { draftKey, DRAFT_MAX_AGE_MS } from "~/core/draft-keys";
/** Field edits reach the draft after this pause (spec §4: 'applied to a draft with a 500 ms debounce'). */
export const DRAFT_DEBOUNCE_MS = 500;

/**
 * A photo uploaded into the draft and not saved yet: the server keeps it as long as the draft
 * (docs/decisions/0025-drafts-kept-with-their-photos.md), under its upload id, in the form's order.
 */
export type DraftPhoto = { uploadId: string; width: number; height: number };

export type ListingDraft = {
  v: 1;
  userId: string;
  modelId: string | null;
  savedAt: number;
  values: ListingValues;
  photos: DraftPhoto[];
};

export function serializeDraft(
  userId: string,
  listingId: string | null,
  values: ListingValues,
  now: number,
  photos: DraftPhoto[] = [],
): string {
  const draft: ListingDraft = { v: 1, userId, modelId: listingId, savedAt: now, values, photos };
  return JSON.stringify(draft);
}

/** The draft's photos read back from storage: well-formed entries only, at most a listing's worth. */
export function draftPhotos(raw: unknown): DraftPhoto[] {
  if (!Array.isArray(raw)) return [];
  const ok = (n: unknown) => typeof n === "number" && Number.isInteger(n) && n > 0 && n <= 100_000;
  const seen = new Set<string>();
  const out: DraftPhoto[] = [];
  for (const p of raw) {
    if (typeof p !== "object" || p === null) continue;
    const { uploadId, width, height } = p as Record<string, unknown>;
    if (!isId(uploadId) || !ok(width) || !ok(height) || seen.has(uploadId)) continue;
    seen.add(uploadId);
    out.push({ uploadId, width: width as number, height: height as number });
  }
  return out.slice(0, MAX_PHOTOS);
}

const isString = (v: unknown): v is string => typeof v === "string";
const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every(isString);
const isRowList = (v: unknown, keys: readonly string[]): v is Record<string, string>[] =>
  Array.isArray(v) &&
  v.every(
    (row) =>
      typeof row === "object" && row !== null && keys.every((k) => isString((row as Record<string, unknown>)[k])),
  );

/**
 * Values read back from storage, field by field: anything missing or of the wrong type falls back to the
 * blank form's value, so a draft written by an older version of the editor (or tampered with) cannot break
 * the form.
 */
export function draftValues(raw: unknown): ListingValues {
  const blank = emptyListingValues();
  if (typeof raw !== "object" || raw === null) return blank;
  const source = raw as Record<string, unknown>;
  const out: Record<string, unknown> = { ...blank };
  for (const [key, fallback] of Object.entries(blank)) {
    const value = source[key];
    if (key === "rates")
      out[key] = isRowList(value, ["call_type", "duration", "price", "description"]) ? value : fallback;
    else if (key === "specialRates")
      out[key] = isRowList(value, ["serviceName", "duration", "rate", "description"]) ? value : fallback;
    else if (key === "schedule")
      out[key] =
        Array.isArray(value) && value.length === 7 && value.every((day) => isRowList(day, ["start", "end"]))
          ? value
          : fallback;
    else if (key === "tours") out[key] = isRowList(value, ["region", "suburb", "start", "end"]) ? value : fallback;
    else if (Array.isArray(fallback)) out[key] = isStringArray(value) ? value : fallback;
    else out[key] = isString(value) ? value : fallback;
  }
  return out as ListingValues;
}

/** The stored draft, or null when there is none worth offering: malformed, another account's, or stale. */
export function parseDraft(
  raw: string | null,
  userId: string,
  listingId: string | null,
  now: number,
): ListingDraft | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const d = value as Partial<ListingDraft>;
  if (d.v !== 1 || d.userId !== userId || (d.modelId ?? null) !== listingId) return null;
  if (typeof d.savedAt !== "number" || now - d.savedAt > DRAFT_MAX_AGE_MS || d.savedAt > now + 60_000) return null;
  return {
    v: 1,
    userId,
    modelId: listingId,
    savedAt: d.savedAt,
    values: draftValues(d.values),
    photos: draftPhotos(d.photos),
  };
}

/** Whether a draft holds anything of the provider's: typing, or photos. An untouched form is not worth asking about. */
export function draftHasContent(draft: Pick<ListingDraft, "values" | "photos">): boolean {
  return draft.photos.length > 0 || !sameValues(draft.values, emptyListingValues());
}

export type DraftGap = { page: Page; field: string; message: string };

/**
 * What an incomplete listing still needs before it can be saved as a listing, page by page in the wizard's
 * order, each said as the field's own error message ('Save Draft' keeps the draft and lists these).
 */
export function draftGaps(values: ListingValues, photoCount: number, tours: TourContext = tourContext([])): DraftGap[] {
  const check = validateListing(values, photoCount, tours);
  if (check.ok) return [];
  return Object.entries(check.fieldErrors)
    .map(([field, message]) => ({ page: pageOf(field), field, message }))
    .sort((a, b) => a.page - b.page);
}

/** Whether two forms hold the same values (the draft is only kept, and offered, when it differs). */
export function sameValues(a: ListingValues, b: ListingValues): boolean {
  return JSON.stringify(draftValues(a)) === JSON.stringify(draftValues(b));
}
