// Page 1's photo traffic: files checked by their bytes before sending, scaled down when larger than the site
// keeps, each uploaded on its own to POST /api/uploads with its progress shown, and kept temporary until the
// listing is saved; deleting a temporary photo is local, deleting a saved one calls the server (provider
// spec §4 'Images'). Every file that is not added is named with its reason (docs/editor.md 'Photos').
import { useRevalidator } from "@remix-run/react";
import { useRef, useState, type Dispatch } from "react";
import { EDITOR_MSG, type EditorAction, type EditorPhoto } from "./editor-state";
import { percent, refusal, serverRefusalKind, type Refusal } from "~/features/photos/upload-rules";
import {
  fileProblem,
  MAX_BATCH,
  MAX_PHOTOS,
  orientedSize,
  PHOTO_MSG,
  sniffImage,
  SNIFF_BYTES,
} from "~/features/photos/rules";
import { scaledForUpload } from "./photo-scaling";

type Sent =
  | { outcome: "ok"; uploadId: string; width: number; height: number }
  | { outcome: "refused"; problem: unknown }
  | { outcome: "failed" | "expired" };

const UPLOAD_CONCURRENCY = 3;
const MAX_RETRIES = 8;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Where every call answering 401 sends the provider (spec §4 'Session'). */
export const sessionExpired = () => window.location.assign("/login?sessionExpired=true");

type Answer = { status: number; body: unknown; retryAfter: string | null } | null;

/** One POST through XMLHttpRequest, the one browser API that reports an upload's progress. */
function post(file: File, onProgress: (percent: number) => void): Promise<Answer> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/uploads");
    xhr.responseType = "json";
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(percent(e.loaded, e.total));
    };
    xhr.onload = () =>
      resolve({ status: xhr.status, body: xhr.response, retryAfter: xhr.getResponseHeader("Retry-After") });
    xhr.onerror = xhr.onabort = xhr.ontimeout = () => resolve(null);
    const body = new FormData();
    body.set("file", file);
    xhr.send(body);
  });
}

/** Sends one file; a busy server (429) is waited out a few times before giving up. */
async function sendPhoto(file: File, onProgress: (percent: number) => void): Promise<Sent> {
  for (let attempt = 0; attempt <= MAX_RETRIES; attempt++) {
    const res = await post(file, onProgress);
    if (!res) return { outcome: "failed" };
    if (res.status === 201) {
      const json = res.body as { uploadId: string; width: number; height: number };
      return { outcome: "ok", ...json };
    }
    if (res.status === 401) return { outcome: "expired" };
    if (res.status === 429) {
      onProgress(0);
      const wait = Math.min(Number(res.retryAfter) || 5, 10);
      await sleep(wait * 1000);
      continue;
    }
    const json = (res.body ?? {}) as { problem?: string };
    return { outcome: "refused", problem: json.problem };
  }
  return { outcome: "failed" };
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
    const refused: Refusal[] = [];
    const accepted: { file: File; width: number; height: number; known: boolean }[] = [];
    for (const file of files) {
      const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
      const problem = fileProblem(file.size, head);
      if (problem) {
        refused.push(refusal(file.name, problem, file.size));
        continue;
      }
      const s = sniffImage(head)!;
      const known = Boolean(s.width && s.height);
      const shown = known ? orientedSize(s.width!, s.height!, s.orientation) : { width: 600, height: 800 };
      accepted.push({ file, ...shown, known });
    }
    const room = Math.max(MAX_PHOTOS - currentCount, 0);
    const taken = accepted.slice(0, room);
    for (const { file } of accepted.slice(room)) refused.push(refusal(file.name, "tooMany"));
    // Named at once, before the uploads finish: the provider can pick other files straight away.
    dispatch({ type: "photosRefused", refusals: [...refused] });
    const early = refused.length;
    const items = taken.map(({ file, width, height, known }) => ({
      photo: {
        key: `tmp-${crypto.randomUUID()}`,
        kind: "temp",
        url: URL.createObjectURL(file),
        width,
        height,
        position: 0,
        status: "uploading",
        progress: 0,
      } satisfies EditorPhoto,
      file,
      known,
    }));
    dispatch({ type: "photosAdded", photos: items.map((i) => i.photo) });
    setActive((n) => n + items.length);

    let expired = false;
    const queue = [...items];
    const worker = async () => {
      for (let item = queue.shift(); item; item = queue.shift()) {
        const { photo, file, known } = item;
        const progress = (p: number) => dispatch({ type: "photoProgress", key: photo.key, percent: p });
        const result: Sent = expired
          ? { outcome: "expired" }
          : await sendPhoto(await scaledForUpload(file, known ? photo : null), progress);
        setActive((n) => n - 1);
        if (removed.current.has(photo.key)) continue;
        if (result.outcome === "ok") {
          dispatch({
            type: "photoUploaded",
            key: photo.key,
            uploadId: result.uploadId,
            width: result.width,
            height: result.height,
          });
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
        revalidator.revalidate();
        return;
      }
      dispatch({ type: "photoRemoved", key: item.key });
      revalidator.revalidate();
    } catch {
      dispatch({ type: "toast", message: EDITOR_MSG.deleteFailed });
      revalidator.revalidate();
    } finally {
      dispatch({ type: "deleting", key: null });
    }
  }

  return { addFiles, forget, remove, uploading: active > 0 };
}
