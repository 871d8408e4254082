// Page 1's photo traffic: files checked by their bytes before sending, scaled down when larger than the site
// keeps, each uploaded on its own to POST /api/uploads with its progress shown, and kept temporary until the
// listing is saved; deleting a temporary photo is local, deleting a saved one calls the server (provider
// spec §4 'Images'). Every file that is not added is named with its reason (docs/editor.md 'Photos').
import { useRevalidator } from "@remix-run/react";
import { useRef, useState } from "react";
import type { Dispatch } from "react";
import { EDITOR_MSG } from "../editor-state";
import type { EditorAction, EditorPhoto } from "../editor-state";
import { refusal, serverRefusalKind } from "~/features/photos/upload-rules";
import type { Refusal } from "~/features/photos/upload-rules";
import { MAX_BATCH, PHOTO_MSG } from "~/features/photos/rules";
import { scaledForUpload } from "../photo-scaling";
import { takeFiles } from "./photo-intake";
import type { IntakeItem } from "./photo-intake";
import { sendPhoto, sessionExpired } from "./upload-request";
import type { Sent } from "./upload-request";

const UPLOAD_CONCURRENCY = 3;

/**
 * Uploads the taken files, a few at a time. A photo removed meanwhile is left alone when its upload answers;
 * one that fails is taken off the list and named in `refused`. Answers whether the session expired.
 */
async function uploadAll(
  items: IntakeItem[],
  refused: Refusal[],
  ctx: { dispatch: Dispatch<EditorAction>; removed: Set<string>; settled: () => void },
): Promise<{ expired: boolean }> {
  const { dispatch, removed, settled } = ctx;
  let expired = false;
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item; item = queue.shift()) {
      const { photo, file, known } = item;
      const progress = (p: number) => dispatch({ type: "photoProgress", key: photo.key, percent: p });
      const result: Sent = expired
        ? { outcome: "expired" }
        : await sendPhoto(await scaledForUpload(file, known ? photo : null), progress);
      settled();
      if (removed.has(photo.key)) continue;
      if (result.outcome === "ok") {
        const { uploadId, width, height } = result;
        dispatch({ type: "photoUploaded", key: photo.key, uploadId, width, height });
        continue;
      }
      URL.revokeObjectURL(photo.url);
      dispatch({ type: "photoRemoved", key: photo.key });
      if (result.outcome === "expired") expired = true;
      else
        refused.push(refusal(file.name, result.outcome === "refused" ? serverRefusalKind(result.problem) : "failed"));
    }
  };
  await Promise.all(Array.from({ length: Math.min(UPLOAD_CONCURRENCY, items.length) }, worker));
  return { expired };
}

/** Deletes a saved photo on the server; the loader data is reloaded either way (spec §8). */
async function deleteSaved(item: EditorPhoto, dispatch: Dispatch<EditorAction>, reload: () => void) {
  dispatch({ type: "deleting", key: item.key });
  try {
    const res = await fetch(`/api/profile/images/${encodeURIComponent(item.imageId!)}`, {
      method: "DELETE",
      credentials: "same-origin",
    });
    if (res.status === 401) return sessionExpired();
    if (!res.ok) {
      const json = (await res.json().catch(() => ({}))) as { error?: string };
      dispatch({ type: "toast", message: json.error ?? EDITOR_MSG.deleteFailed });
      // Spec §8: a failed delete reloads the profile, so the photos shown are the server's.
      reload();
      return;
    }
    dispatch({ type: "photoRemoved", key: item.key });
    reload();
  } catch {
    dispatch({ type: "toast", message: EDITOR_MSG.deleteFailed });
    reload();
  } finally {
    dispatch({ type: "deleting", key: null });
  }
}

export function usePhotoUploads(dispatch: Dispatch<EditorAction>) {
  const revalidator = useRevalidator();
  const removed = useRef(new Set<string>());
  const [active, setActive] = useState(0);

  async function addFiles(list: FileList | File[], currentCount: number) {
    const files = [...list];
    if (files.length === 0) return;
    if (files.length > MAX_BATCH) {
      dispatch({ type: "toast", message: PHOTO_MSG.batchTooLarge });
      return;
    }
    const { refused, items } = await takeFiles(files, currentCount);
    // Named at once, before the uploads finish: the provider can pick other files straight away.
    dispatch({ type: "photosRefused", refusals: [...refused] });
    const early = refused.length;
    dispatch({ type: "photosAdded", photos: items.map((i) => i.photo) });
    setActive((n) => n + items.length);
    const settled = () => setActive((n) => n - 1);
    const { expired } = await uploadAll(items, refused, { dispatch, removed: removed.current, settled });
    if (refused.length > early) dispatch({ type: "photosRefused", refusals: refused });
    if (expired) sessionExpired();
  }

  /** A temporary photo is dropped locally; its upload, if any, expires on the server within the hour. */
  function forget(item: EditorPhoto) {
    removed.current.add(item.key);
    if (item.url.startsWith("blob:")) URL.revokeObjectURL(item.url);
  }

  async function remove(item: EditorPhoto) {
    if (item.kind === "temp") {
      forget(item);
      dispatch({ type: "photoRemoved", key: item.key });
      return;
    }
    await deleteSaved(item, dispatch, () => revalidator.revalidate());
  }

  return { addFiles, forget, remove, uploading: active > 0 };
}
