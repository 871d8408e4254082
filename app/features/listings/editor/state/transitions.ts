// Transitions more than one action group makes: the form reset to a saved listing, a page change, a focus
// request, errors cleared.
import { valuesFromProfile } from "../form";
import { emptyListingValues } from "../../schema";
import type { FieldErrors } from "../../schema";
import type { Page } from "../../editor-pages";
import type { DraftPhoto } from "../../draft";
import type { Profile } from "~/core/profile";
import type { EditorPhoto, EditorState, FocusRequest } from "./editor-types";

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
    verifiedAt: img.verifiedAt ?? null,
    ...(img.hidden ? { hidden: true } : {}),
  }));

export const valuesOf = (profile: Profile | null) => (profile ? valuesFromProfile(profile) : emptyListingValues());

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

export const without = (errors: FieldErrors, keys: string[]): FieldErrors => {
  if (!keys.some((k) => k in errors)) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([k]) => !keys.includes(k)));
};

export const focus = (state: EditorState, target: "heading" | "error", scroll: boolean): FocusRequest => ({
  target,
  scroll,
  seq: (state.focus?.seq ?? 0) + 1,
});

export const toPage = (state: EditorState, page: Page): EditorState => ({
  ...state,
  page,
  focus: focus(state, "heading", true),
});

/** The form back at a saved listing (Cancel, or after a save): the caller forgets the temporary photos. */
export const resetTo = (state: EditorState, profile: Profile | null): EditorState => ({
  ...state,
  base: profile,
  values: valuesOf(profile),
  photos: savedPhotos(profile),
  errors: {},
  editing: false,
  refused: [],
  gaps: null,
});
