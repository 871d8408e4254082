// The listing editor's state as one pure reducer (provider spec §4 'Editor'): the wizard page, the form's
// values and photos, the browser draft's offer, saving and errors. The components only dispatch and do the
// side effects (network, storage, focus), so every transition can be tested without a browser. The state's
// types and each action group's handlers live in state/.
import type { ListingValues } from "../schema";
import { changedField } from "./form";
import type { DraftPhoto } from "../draft";
import type { EditorAction, EditorPhoto, EditorState, DraftState, Handlers } from "./state/editor-types";
import { savedPhotos, valuesOf } from "./state/transitions";
import type { Profile } from "~/core/profile";
import { formHandlers } from "./state/form-reducer";
import { pageHandlers } from "./state/page-reducer";
import { photoHandlers } from "./state/photo-reducer";
import { draftHandlers } from "./state/draft-reducer";
import { saveHandlers } from "./state/save-reducer";

export {
  EDITOR_MSG,
  type DraftOffer,
  type DraftState,
  type DraftStatus,
  type EditorAction,
  type EditorPhoto,
  type EditorState,
  type EditorToast,
  type FocusRequest,
  type PhotoChecks,
} from "./state/editor-types";
export { draftPhoto, savedPhotos } from "./state/transitions";

/** A typed field edit: `setField("age", "29")`. */
export const setField = <K extends keyof ListingValues>(key: K, value: ListingValues[K]): EditorAction =>
  ({ type: "field", key, value }) as EditorAction;

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

/** The draft's share of the form's photos: new uploads that reached the server, in the form's order. */
export const draftPhotosOf = (photos: EditorPhoto[]): DraftPhoto[] =>
  photos
    .filter((p) => p.kind === "temp" && p.status === "ready" && p.uploadId)
    .map((p) => ({ uploadId: p.uploadId!, width: p.width, height: p.height }));

const HANDLERS: Handlers<EditorAction> = {
  ...formHandlers,
  ...pageHandlers,
  ...photoHandlers,
  ...draftHandlers,
  ...saveHandlers,
};

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  // Each type has exactly one handler (Handlers makes a missing one a type error); TypeScript cannot pair a
  // looked-up handler with its own action type, hence the cast.
  const handle = HANDLERS[action.type] as (state: EditorState, action: EditorAction) => EditorState;
  return handle(state, action);
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
