// Where the editor keeps drafts in localStorage. Apart from the draft logic (which needs the form's zod
// schema) so the header's Sign Out can clear drafts without shipping the editor's validation to visitors.

/** A draft older than this is not offered, and the photos it holds on the server go with it. */
export const DRAFT_MAX_AGE_MS = 30 * 24 * 3600 * 1000;

/** The spec's 'current-profile draft' key, for a new listing; an existing listing's draft adds its id. */
export const DRAFT_KEY = "currentProfileDraft";

export function draftKey(listingId: string | null): string {
  return listingId ? `${DRAFT_KEY}:${listingId}` : DRAFT_KEY;
}

export function isDraftKey(key: string): boolean {
  return key === DRAFT_KEY || key.startsWith(`${DRAFT_KEY}:`);
}

/** Every draft in a storage (at sign-out: on a shared phone, the next person must not find them). */
export function removeAllDrafts(storage: Pick<Storage, "length" | "key" | "removeItem">): void {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key && isDraftKey(key)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}
