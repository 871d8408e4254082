// The listing editor's state as one pure reducer (provider spec §4 'Editor'): the wizard page, the form's
// values and photos, the browser draft's offer, saving and errors. The components only dispatch and do the
// side effects (network, storage, focus), so every transition can be tested without a browser.
import type { Page } from "../editor-pages";
import type { DraftGap, DraftPhoto } from "../draft";
import { changedField, valuesFromProfile } from "./form";
import { moveItem, renumber } from "../rules";
import { emptyListingValues, pageOf, tourContext, validatePage, type FieldErrors, type ListingValues } from "../schema";
import type { Refusal } from "~/features/photos/upload-rules";
import type { Profile } from "~/features/profile/profile";

export const EDITOR_MSG = {
  waitForUploads: "Please wait for your photos to finish uploading.",
  saveFailed: "Profile update failed",
  saved: "Your changes were saved.",
  deleteFailed: "Failed to delete image",
} as const;

export type EditorPhoto = {
  /** Stable React key: the image id once saved, a local id while temporary. */
  key: string;
  kind: "saved" | "temp";
  imageId?: string;
  uploadId?: string;
  url: string;
  width: number;
  height: number;
  position: number;
  status: "ready" | "uploading";
  /** While uploading: how much of the file has gone, 0-100 (the tile's progress bar). */
  progress?: number;
  /** Kept but not shown to visitors while the listing is on the Standard plan (decision 0017). */
  hidden?: boolean;
};

export type EditorToast = { message: string; tone: "error" | "ok" } | null;

/**
 * checking: storage not read yet for `key`; offered: a draft differing from the saved listing waits for an
 * answer (nothing is written meanwhile, so the offer cannot be overwritten); the rest let the draft be written.
 */
export type DraftStatus = "checking" | "offered" | "none" | "restored" | "discarded";
export type DraftState = {
  key: string | null;
  status: DraftStatus;
  offer: DraftOffer | null;
};
export type DraftOffer = { savedAt: number; values: ListingValues; photos: DraftPhoto[] };

/** A request for the component to move the focus once the DOM shows the new state; `seq` makes each one new. */
export type FocusRequest = { target: "heading" | "error"; scroll: boolean; seq: number } | null;

export type EditorState = {
  base: Profile | null;
  editing: boolean;
  page: Page;
  values: ListingValues;
  photos: EditorPhoto[];
  errors: FieldErrors;
  draft: DraftState;
  saving: boolean;
  deleting: string | null;
  toast: EditorToast;
  focus: FocusRequest;
  /** Files of the last selections that were not added, each with its reason, until dismissed. */
  refused: Refusal[];
  /** After 'Save Draft' on an incomplete listing: the draft was kept, and this is what it still needs. */
  gaps: DraftGap[] | null;
};

type FieldAction = {
  [K in keyof ListingValues]: { type: "field"; key: K; value: ListingValues[K] };
}[keyof ListingValues];

export type EditorAction =
  | { type: "loaded"; profile: Profile }
  | { type: "edit" }
  | { type: "cancel" }
  | FieldAction
  | { type: "location"; region: string }
  | { type: "clearErrors"; keys: string[] }
  | { type: "next" }
  | { type: "back" }
  | { type: "goTo"; page: Page }
  | { type: "photosAdded"; photos: EditorPhoto[] }
  | { type: "photoUploaded"; key: string; uploadId: string; width: number; height: number }
  | { type: "photoProgress"; key: string; percent: number }
  | { type: "photosRefused"; refusals: Refusal[] }
  | { type: "refusalsClosed" }
  | { type: "draftPhotosKept"; asked: string[]; kept: string[] }
  | { type: "draftKept"; gaps: DraftGap[] }
  | { type: "photoRemoved"; key: string }
  | { type: "photoMoved"; key: string; to: number }
  | { type: "deleting"; key: string | null }
  | { type: "draftChecked"; key: string; offer: DraftOffer | null }
  | { type: "draftRestored" }
  | { type: "draftDiscarded" }
  | { type: "saveStarted" }
  | { type: "saveFailed"; message: string; fieldErrors?: FieldErrors; page?: Page }
  | { type: "saved"; profile: Profile }
  | { type: "toast"; message: string; tone?: "error" | "ok" }
  | { type: "toastClosed" };

/** A typed field edit: `setField("age", "29")`. */
export const setField = <K extends keyof ListingValues>(key: K, value: ListingValues[K]): EditorAction =>
  ({ type: "field", key, value }) as FieldAction;

export const savedPhotos = (profile: Profile | null): EditorPhoto[] =>
  (profile?.images ?? []).map((img) => ({
    key: img.imageId,
    kind: "saved",
    imageId: img.imageId,
    url: img.url,
    width: img.width,
    height: img.height,
    position: img.position,
    status: "ready",
    ...(img.hidden ? { hidden: true } : {}),
  }));

const valuesOf = (profile: Profile | null) => (profile ? valuesFromProfile(profile) : emptyListingValues());

export function initialEditorState(mode: "create" | "edit", profile: Profile | null): EditorState {
  return {
    base: profile,
    editing: mode === "create",
    page: 1,
    values: valuesOf(profile),
    photos: savedPhotos(profile),
    errors: {},
    draft: { key: null, status: "checking", offer: null },
    saving: false,
    deleting: null,
    toast: null,
    focus: null,
    refused: [],
    gaps: null,
  };
}

/** A photo of a restored draft: an upload the server kept with the draft, shown to its owner only. */
export const draftPhoto = (p: DraftPhoto): EditorPhoto => ({
  key: `draft-${p.uploadId}`,
  kind: "temp",
  uploadId: p.uploadId,
  url: `/api/uploads/${p.uploadId}`,
  width: p.width,
  height: p.height,
  position: 0,
  status: "ready",
});

/** The draft's share of the form's photos: new uploads that reached the server, in the form's order. */
export const draftPhotosOf = (photos: EditorPhoto[]): DraftPhoto[] =>
  photos
    .filter((p) => p.kind === "temp" && p.status === "ready" && p.uploadId)
    .map((p) => ({ uploadId: p.uploadId!, width: p.width, height: p.height }));

const without = (errors: FieldErrors, keys: string[]): FieldErrors => {
  if (!keys.some((k) => k in errors)) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([k]) => !keys.includes(k)));
};

const focus = (state: EditorState, target: "heading" | "error", scroll: boolean): FocusRequest => ({
  target,
  scroll,
  seq: (state.focus?.seq ?? 0) + 1,
});

const toPage = (state: EditorState, page: Page): EditorState => ({
  ...state,
  page,
  focus: focus(state, "heading", true),
});

/** The form back at a saved listing (Cancel, or after a save): the caller forgets the temporary photos. */
const resetTo = (state: EditorState, profile: Profile | null): EditorState => ({
  ...state,
  base: profile,
  values: valuesOf(profile),
  photos: savedPhotos(profile),
  errors: {},
  editing: false,
  refused: [],
  gaps: null,
});

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case "loaded": {
      // Fresh loader data (after a save or a failed photo delete): outside edit mode the form follows it;
      // an edit in progress keeps its values, order and temporary photos, and drops deleted saved photos.
      if (!state.editing)
        return {
          ...state,
          base: action.profile,
          values: valuesFromProfile(action.profile),
          photos: savedPhotos(action.profile),
        };
      const still = new Set(action.profile.images.map((i) => i.imageId));
      return {
        ...state,
        base: action.profile,
        photos: renumber(state.photos.filter((p) => p.kind === "temp" || still.has(p.imageId!))),
      };
    }
    case "edit":
      return { ...state, editing: true };
    case "cancel":
      return resetTo(state, state.base);
    case "field":
      return {
        ...state,
        values: { ...state.values, [action.key]: action.value },
        errors: without(state.errors, [action.key]),
      };
    case "location": {
      // Suburbs belong to one region: a new region clears the suburb.
      const same = action.region === state.values.location;
      return {
        ...state,
        values: { ...state.values, location: action.region, suburb: same ? state.values.suburb : "" },
        errors: without(state.errors, ["location", "suburb"]),
      };
    }
    case "clearErrors":
      return { ...state, errors: without(state.errors, action.keys) };
    case "next": {
      // Spec: in edit mode Next checks the current page and advances only when it passes; outside it always advances.
      if (state.editing) {
        const pageErrors = validatePage(state.page, state.values, state.photos.length, tourContext(state.base?.tours));
        const others = Object.fromEntries(Object.entries(state.errors).filter(([k]) => pageOf(k) !== state.page));
        const errors = { ...others, ...pageErrors };
        if (Object.keys(pageErrors).length) return { ...state, errors, focus: focus(state, "error", false) };
        state = { ...state, errors };
      }
      return state.page < 3 ? toPage(state, (state.page + 1) as Page) : state;
    }
    case "back":
      return state.page > 1 ? toPage(state, (state.page - 1) as Page) : state;
    case "goTo":
      return action.page === state.page
        ? { ...state, focus: focus(state, "heading", true) }
        : toPage(state, action.page);
    case "photosAdded":
      return { ...state, photos: renumber([...state.photos, ...action.photos]) };
    case "photoUploaded": {
      const { key, uploadId, width, height } = action;
      return {
        ...state,
        photos: state.photos.map((p) =>
          p.key === key ? { ...p, uploadId, width, height, status: "ready", progress: undefined } : p,
        ),
      };
    }
    case "photoProgress": {
      const { key, percent } = action;
      const at = state.photos.find((p) => p.key === key);
      if (!at || at.status !== "uploading" || at.progress === percent) return state;
      return { ...state, photos: state.photos.map((p) => (p.key === key ? { ...p, progress: percent } : p)) };
    }
    case "photosRefused":
      // Each selection says what happened to its own files; an earlier selection's list goes.
      return { ...state, refused: action.refusals };
    case "refusalsClosed":
      return { ...state, refused: [] };
    case "draftPhotosKept": {
      // The restored draft's photos the server no longer has (expired, or saved elsewhere) leave the form.
      const gone = new Set(action.asked.filter((id) => !action.kept.includes(id)));
      if (!gone.size) return state;
      return {
        ...state,
        photos: renumber(state.photos.filter((p) => !(p.kind === "temp" && p.uploadId && gone.has(p.uploadId)))),
      };
    }
    case "draftKept": {
      // 'Save Draft' on an incomplete listing: the draft is kept and what it still needs is listed (the list
      // takes the focus); the fields show their messages, on the first page that has one.
      const errors: FieldErrors = Object.fromEntries(action.gaps.map((g) => [g.field, g.message]));
      const page = action.gaps[0]?.page ?? state.page;
      return { ...state, saving: false, gaps: action.gaps, errors, page, toast: null };
    }
    case "photoRemoved":
      return { ...state, photos: renumber(state.photos.filter((p) => p.key !== action.key)) };
    case "photoMoved": {
      const from = state.photos.findIndex((p) => p.key === action.key);
      if (from < 0 || action.to < 0 || action.to >= state.photos.length || from === action.to) return state;
      return { ...state, photos: moveItem(state.photos, from, action.to) };
    }
    case "deleting":
      return { ...state, deleting: action.key };
    case "draftChecked":
      return { ...state, draft: { key: action.key, status: action.offer ? "offered" : "none", offer: action.offer } };
    case "draftRestored": {
      // Restoring opens the form for editing with the draft's values and the photos uploaded into it.
      const offer = state.draft.offer;
      if (state.draft.status !== "offered" || !offer) return state;
      const have = new Set(state.photos.map((p) => p.uploadId).filter(Boolean));
      const back = offer.photos.filter((p) => !have.has(p.uploadId)).map(draftPhoto);
      return {
        ...state,
        values: offer.values,
        photos: renumber([...state.photos, ...back]),
        errors: {},
        editing: true,
        draft: { ...state.draft, status: "restored", offer: null },
      };
    }
    case "draftDiscarded":
      if (state.draft.status !== "offered") return state;
      return { ...state, draft: { ...state.draft, status: "discarded", offer: null } };
    case "saveStarted":
      return { ...state, saving: true, gaps: null };
    case "saveFailed": {
      const next: EditorState = { ...state, saving: false, toast: { message: action.message, tone: "error" } };
      // The first failing page is shown with its first error focused (spec §4: 'On save the first failing page is shown').
      if (!action.fieldErrors || !Object.keys(action.fieldErrors).length) return next;
      return {
        ...next,
        errors: action.fieldErrors,
        page: action.page ?? state.page,
        focus: focus(state, "error", action.page !== undefined),
      };
    }
    case "saved":
      return { ...resetTo(state, action.profile), saving: false, toast: { message: EDITOR_MSG.saved, tone: "ok" } };
    case "toast":
      return { ...state, toast: { message: action.message, tone: action.tone ?? "error" } };
    case "toastClosed":
      return { ...state, toast: null };
  }
}

/** Whether writing the draft may go ahead for this key: storage was read and any offer was answered. */
export const draftWritable = (draft: DraftState, key: string) =>
  draft.key === key && draft.status !== "checking" && draft.status !== "offered";

/** The save body's photo order: saved photos by id, new uploads by upload id, each with its position from 1. */
export function photoPlan(photos: EditorPhoto[]) {
  return {
    imagePositions: photos
      .filter((p) => p.kind === "saved")
      .map((p) => ({ imageId: p.imageId!, position: p.position })),
    uploadIds: photos.filter((p) => p.kind === "temp").map((p) => ({ uploadId: p.uploadId!, position: p.position })),
  };
}

/** What the badge warning compares with the saved set: saved photos by id, new ones by a key no saved photo has. */
export const photoKeys = (photos: EditorPhoto[]) => photos.map((p) => (p.kind === "saved" ? p.imageId! : p.key));

/** The preview's changed field (rates and packages ring as one), or 'images' when only the photos changed. */
export function previewChange(
  before: { values: ListingValues; photos: EditorPhoto[] },
  after: { values: ListingValues; photos: EditorPhoto[] },
): keyof ListingValues | "images" | null {
  const field = changedField(before.values, after.values);
  if (field) return field;
  const signature = (photos: EditorPhoto[]) => photos.map((p) => `${p.key}:${p.position}`).join(",");
  return signature(before.photos) !== signature(after.photos) ? "images" : null;
}
