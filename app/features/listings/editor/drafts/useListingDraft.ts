import { useCallback, useEffect, useRef } from "react";
import type { Dispatch, MutableRefObject } from "react";
import { DRAFT_DEBOUNCE_MS, draftKey, parseDraft, sameValues, serializeDraft } from "~/features/listings/draft";
import type { DraftPhoto } from "~/features/listings/draft";
import { draftPhotosOf, draftWritable } from "~/features/listings/editor/editor-state";
import type { DraftOffer, DraftState, EditorAction, EditorPhoto } from "~/features/listings/editor/editor-state";
import type { ListingValues } from "~/features/listings/schema";
import { keepDraftPhotos } from "~/features/listings/draft-photos";

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // Storage can be off (private mode, a strict setting): the editor works without drafts.
  }
}

const idsOf = (photos: DraftPhoto[]) => photos.map((p) => p.uploadId);

/** The draft stored for this listing, if it is worth offering; one that is not is removed. */
function storedOffer(key: string, userId: string, listingId: string | null, saved: ListingValues): DraftOffer | null {
  const store = storage();
  const found = parseDraft(store?.getItem(key) ?? null, userId, listingId, Date.now());
  const offer =
    found && (found.photos.length > 0 || !sameValues(found.values, saved))
      ? { savedAt: found.savedAt, values: found.values, photos: found.photos }
      : null;
  if (!offer) store?.removeItem(key);
  return offer;
}

/**
 * Writes the draft (or removes it when it holds nothing new), and tells the server which uploads it keeps
 * when they changed since the last time.
 */
function useDraftWrite(opts: {
  saved: ListingValues;
  key: string;
  userId: string;
  listingId: string | null;
  done: MutableRefObject<boolean>;
  keptSent: MutableRefObject<string>;
}) {
  const { saved, key, userId, listingId, done, keptSent } = opts;
  return useCallback(
    (current: { values: ListingValues; photos: DraftPhoto[] }) => {
      const store = storage();
      if (!store || done.current) return;
      try {
        if (sameValues(current.values, saved) && current.photos.length === 0) store.removeItem(key);
        else store.setItem(key, serializeDraft(userId, listingId, current.values, Date.now(), current.photos));
      } catch {
        // A full storage loses the draft, never the edit on screen.
      }
      const ids = idsOf(current.photos).join(",");
      if (ids !== keptSent.current) {
        keptSent.current = ids;
        void keepDraftPhotos(listingId, idsOf(current.photos));
      }
    },
    [saved, key, userId, listingId, done, keptSent],
  );
}

/**
 * Restores an offered draft through the reducer, and asks the server to keep its photos: those it still has
 * come back with it.
 */
function useRestoreOffer(
  dispatch: Dispatch<EditorAction>,
  listingId: string | null,
  keptSent: MutableRefObject<string>,
) {
  return useCallback(
    (offer: DraftOffer) => {
      dispatch({ type: "draftRestored" });
      const asked = idsOf(offer.photos);
      if (!asked.length) return;
      keptSent.current = asked.join(",");
      void keepDraftPhotos(listingId, asked).then((kept) => {
        if (kept) dispatch({ type: "draftPhotosKept", asked, kept });
      });
    },
    [dispatch, listingId, keptSent],
  );
}

/** Storage is checked for a draft to offer when a listing opens; `autoContinue` restores it at once. */
function useDraftCheck(opts: {
  draft: DraftState;
  key: string;
  userId: string;
  listingId: string | null;
  saved: ListingValues;
  dispatch: Dispatch<EditorAction>;
  autoContinue: boolean;
  restoreOffer: (offer: DraftOffer) => void;
}) {
  const { draft, key, userId, listingId, saved, dispatch, autoContinue, restoreOffer } = opts;
  // Storage is read once per listing opened: the reducer records which key it checked, so a later save of the
  // same listing (a new `saved`) does not offer the draft again.
  const checked = draft.key === key;
  useEffect(() => {
    if (checked) return;
    const offer = storedOffer(key, userId, listingId, saved);
    dispatch({ type: "draftChecked", key, offer });
    if (offer && autoContinue) restoreOffer(offer);
  }, [checked, key, userId, listingId, saved, dispatch, autoContinue, restoreOffer]);
}

/**
 * Keeps the editor's unsaved values in localStorage, per account and listing, and the photos uploaded into
 * them on the server for as long (docs/editor.md 'The draft in this browser'). On opening, a draft that
 * differs from the saved listing is offered (restore or discard, answered through the editor's reducer) and
 * nothing is written until the provider has answered, so the offer cannot be overwritten by the saved
 * values; `autoContinue` (the dashboard's 'Continue your unsaved listing') restores it without asking again.
 * While editing, changes are written 500 ms after the last keystroke; values equal to the saved ones and no
 * new photos remove the draft.
 */
export function useListingDraft(opts: {
  userId: string;
  listingId: string | null;
  values: ListingValues;
  photos: EditorPhoto[];
  saved: ListingValues;
  editing: boolean;
  draft: DraftState;
  dispatch: Dispatch<EditorAction>;
  autoContinue?: boolean;
}) {
  const { userId, listingId, values, photos, saved, editing, draft, dispatch, autoContinue = false } = opts;
  const key = draftKey(listingId);
  // Set once a new listing is saved: nothing is written for this editor after that.
  const done = useRef(false);
  // Bumped by every clear: a write still waiting for its debounce must not bring the draft back. React
  // applies the save's state (and cancels that timer) a task or two after the clear, so the timer can fire
  // in between.
  const generation = useRef(0);
  // The upload ids last sent to the server as this draft's photos ("" when none are kept).
  const keptSent = useRef("");
  const draftPhotos = draftPhotosOf(photos);
  const photoIds = idsOf(draftPhotos).join(",");

  const restoreOffer = useRestoreOffer(dispatch, listingId, keptSent);

  useDraftCheck({ draft, key, userId, listingId, saved, dispatch, autoContinue, restoreOffer });

  const write = useDraftWrite({ saved, key, userId, listingId, done, keptSent });

  const writable = draftWritable(draft, key);
  // The photos' identity changes with every progress step; the draft only cares about their ids.
  const photosRef = useRef(draftPhotos);
  photosRef.current = draftPhotos;
  useEffect(() => {
    if (!writable || !editing || done.current) return;
    const scheduled = generation.current;
    const timer = window.setTimeout(() => {
      if (generation.current !== scheduled) return;
      write({ values, photos: photosRef.current });
    }, DRAFT_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [writable, editing, values, photoIds, write]);

  const restore = useCallback(() => {
    if (draft.offer) restoreOffer(draft.offer);
  }, [draft.offer, restoreOffer]);

  const discard = useCallback(() => {
    storage()?.removeItem(key);
    if (draft.offer?.photos.length) void keepDraftPhotos(listingId, []);
    dispatch({ type: "draftDiscarded" });
  }, [key, dispatch, draft.offer, listingId]);

  /** After a successful save (or Cancel): the draft is gone, and stays gone for this editor. */
  const clear = useCallback(
    ({ final }: { final: boolean }) => {
      done.current = final;
      generation.current++;
      storage()?.removeItem(key);
      if (keptSent.current) {
        keptSent.current = "";
        void keepDraftPhotos(listingId, []);
      }
    },
    [key, listingId],
  );

  /** 'Save Draft' on an incomplete listing: the draft is written now rather than after the pause. */
  const flush = useCallback(() => {
    if (draftWritable(draft, key)) write({ values, photos: photosRef.current });
  }, [draft, key, write, values]);

  return { offer: draft.status === "offered" ? draft.offer : null, restore, discard, clear, flush };
}
