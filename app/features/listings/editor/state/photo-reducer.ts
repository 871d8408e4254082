// The form's photos: added, uploading, refused, removed, moved (see ../editor-state.ts).
import { moveItem, renumber } from "../../rules";
import type { Handlers, PhotoAction } from "./editor-types";

export const photoHandlers: Handlers<PhotoAction> = {
  photosAdded: (state, action) => ({ ...state, photos: renumber([...state.photos, ...action.photos]) }),
  photoUploaded: (state, { key, uploadId, width, height }) => ({
    ...state,
    photos: state.photos.map((p) =>
      p.key === key ? { ...p, uploadId, width, height, status: "ready", progress: undefined } : p,
    ),
  }),
  photoProgress: (state, { key, percent }) => {
    const at = state.photos.find((p) => p.key === key);
    if (!at || at.status !== "uploading" || at.progress === percent) return state;
    return { ...state, photos: state.photos.map((p) => (p.key === key ? { ...p, progress: percent } : p)) };
  },
  // Each selection says what happened to its own files; an earlier selection's list goes.
  photosRefused: (state, action) => ({ ...state, refused: action.refusals }),
  refusalsClosed: (state) => ({ ...state, refused: [] }),
  photoRemoved: (state, action) => ({ ...state, photos: renumber(state.photos.filter((p) => p.key !== action.key)) }),
  photoMoved: (state, action) => {
    const from = state.photos.findIndex((p) => p.key === action.key);
    if (from < 0 || action.to < 0 || action.to >= state.photos.length || from === action.to) return state;
    return { ...state, photos: moveItem(state.photos, from, action.to) };
  },
  deleting: (state, action) => ({ ...state, deleting: action.key }),
};
