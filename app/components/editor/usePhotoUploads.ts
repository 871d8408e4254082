// Page 1's photo traffic: files checked by their bytes before sending, each uploaded on its own to
// POST /api/uploads and kept temporary until the listing is saved; deleting a temporary photo is local,
// deleting a saved one calls the server (provider spec §4 'Images').
import { useRevalidator } from "@remix-run/react";
import { useRef, useState, type Dispatch } from "react";
import { EDITOR_MSG, type EditorAction, type EditorPhoto } from "~/lib/listing-editor-state";
import {
  fileProblem,
  MAX_BATCH,
  MAX_PHOTOS,
  orientedSize,
  PHOTO_MSG,
  sniffImage,
  SNIFF_BYTES,
} from "~/lib/photo-rules";

type Outcome = "ok" | "skipped" | "failed" | "expired" | "removed";

const UPLOAD_CONCURRENCY = 3;
const MAX_RETRIES = 8;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Where every call answering 401 sends the provider (spec §4 'Session'). */
export const sessionExpired = () => window.location.assign("/login?sessionExpired=true");

/** Sends one file; a busy server (429) is waited out a few times before giving up. */
async function sendPhoto(
  file: File,
): Promise<{ outcome: Outcome; uploadId?: string; width?: number; height?: number }> {
  for (let attempt = 0; attempt <= MAX_RETRIES; attempt++) {
    const body = new FormData();
    body.set("file", file);
    let res: Response;
    try {
      res = await fetch("/api/uploads", { method: "POST", body, credentials: "same-origin" });
    } catch {
      return { outcome: "failed" };
    }
    if (res.status === 201) {
      const json = (await res.json()) as { uploadId: string; width: number; height: number };
      return { outcome: "ok", ...json };
    }
    if (res.status === 401) return { outcome: "expired" };
    if (res.status === 429) {
      const wait = Math.min(Number(res.headers.get("Retry-After")) || 5, 10);
      await sleep(wait * 1000);
      continue;
    }
    const json = (await res.json().catch(() => ({}))) as { problem?: string };
    return {
      outcome:
        json.problem === "type" || json.problem === "size" || json.problem === "dimensions" ? "skipped" : "failed",
    };
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
    let skipped = 0;
    const accepted: { file: File; width: number; height: number }[] = [];
    for (const file of files) {
      const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
      if (fileProblem(file.size, head)) {
        skipped++;
        continue;
      }
      const s = sniffImage(head)!;
      const shown = s.width && s.height ? orientedSize(s.width, s.height, s.orientation) : { width: 600, height: 800 };
      accepted.push({ file, ...shown });
    }
    const room = MAX_PHOTOS - currentCount;
    const taken = accepted.slice(0, Math.max(room, 0));
    const messages: string[] = [];
    if (accepted.length > taken.length) messages.push(PHOTO_MSG.tooMany);
    const items: (EditorPhoto & { file: File })[] = taken.map(({ file, width, height }) => ({
      key: `tmp-${crypto.randomUUID()}`,
      kind: "temp",
      url: URL.createObjectURL(file),
      width,
      height,
      position: 0,
      status: "uploading",
      file,
    }));
    dispatch({ type: "photosAdded", photos: items.map(({ file: _file, ...item }) => item) });
    setActive((n) => n + items.length);

    let failed = 0;
    let expired = false;
    const queue = [...items];
    const worker = async () => {
      for (let item = queue.shift(); item; item = queue.shift()) {
        const result = expired ? { outcome: "expired" as const } : await sendPhoto(item.file);
        setActive((n) => n - 1);
        if (removed.current.has(item.key)) continue;
        if (result.outcome === "ok") {
          dispatch({
            type: "photoUploaded",
            key: item.key,
            uploadId: result.uploadId!,
            width: result.width!,
            height: result.height!,
          });
          continue;
        }
        URL.revokeObjectURL(item.url);
        dispatch({ type: "photoRemoved", key: item.key });
        if (result.outcome === "skipped") skipped++;
        else if (result.outcome === "expired") expired = true;
        else failed++;
      }
    };
    await Promise.all(Array.from({ length: Math.min(UPLOAD_CONCURRENCY, items.length) }, worker));
    if (skipped) messages.push(PHOTO_MSG.skipped(skipped));
    if (failed) messages.push(PHOTO_MSG.processFailed);
    if (messages.length) dispatch({ type: "toast", message: messages.join(" ") });
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
