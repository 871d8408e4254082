// The listing editor's state and the actions its reducer takes, in groups by what they change (one reducer
// module each under state/; ../editor-state.ts routes every action to its group).
import type { DraftGap, DraftPhoto } from "../../draft";
import type { Page } from "../../editor-pages";
import type { FieldErrors, ListingValues } from "../../schema";
import type { Refusal } from "~/features/photos/upload-rules";
import type { Profile } from "~/core/profile";

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
  /** A saved photo's check (app/core/photo-checks.ts); a photo not saved yet has none. */
  verifiedAt?: number | null;
};

/**
 * What the editor's tiles need to say each saved photo's check: which wait for one, which were refused at
 * their last check, and the loader's now.
 */
export type PhotoChecks = { pending: readonly string[]; refused: readonly string[]; now: number };

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

/** The form's values and the saved listing it starts from. */
export type FormAction =
  | { type: "loaded"; profile: Profile }
  | { type: "edit" }
  | { type: "cancel" }
  | FieldAction
  | { type: "location"; region: string }
  | { type: "clearErrors"; keys: string[] };

/** The wizard's pages. */
export type PageAction = { type: "next" } | { type: "back" } | { type: "goTo"; page: Page };

/** The photos: added, uploading, refused, removed, moved. */
export type PhotoAction =
  | { type: "photosAdded"; photos: EditorPhoto[] }
  | { type: "photoUploaded"; key: string; uploadId: string; width: number; height: number }
  | { type: "photoProgress"; key: string; percent: number }
  | { type: "photosRefused"; refusals: Refusal[] }
  | { type: "refusalsClosed" }
  | { type: "photoRemoved"; key: string }
  | { type: "photoMoved"; key: string; to: number }
  | { type: "deleting"; key: string | null };

/** The browser draft: its offer, and the draft kept on the server with its photos. */
export type DraftAction =
  | { type: "draftChecked"; key: string; offer: DraftOffer | null }
  | { type: "draftRestored" }
  | { type: "draftDiscarded" }
  | { type: "draftPhotosKept"; asked: string[]; kept: string[] }
  | { type: "draftKept"; gaps: DraftGap[] };

/** Saving, and the toast that tells how it went. */
export type SaveAction =
  | { type: "saveStarted" }
  | { type: "saveFailed"; message: string; fieldErrors?: FieldErrors; page?: Page }
  | { type: "saved"; profile: Profile }
  | { type: "toast"; message: string; tone?: "error" | "ok" }
  | { type: "toastClosed" };

export type EditorAction = FormAction | PageAction | PhotoAction | DraftAction | SaveAction;

/** One handler per action type of a group: a missing one fails the typecheck. */
export type Handlers<A extends EditorAction> = {
  [T in A["type"]]: (state: EditorState, action: Extract<A, { type: T }>) => EditorState;
};
