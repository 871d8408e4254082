// Page 1's photos: choose or drop files (checked by their bytes before sending), each uploaded on its own
// to POST /api/uploads and kept temporary until the listing is saved; reorder by drag-and-drop or by
// keyboard (Space to pick up, arrows to move, Space to drop, Escape to cancel); delete.
import { useRef, useState, type DragEvent, type KeyboardEvent } from "react";
import { moveItem, renumber } from "~/lib/listing-rules";
import {
  fileProblem,
  MAX_BATCH,
  MAX_PHOTOS,
  orientedSize,
  PHOTO_MSG,
  sniffImage,
  SNIFF_BYTES,
} from "~/lib/photo-rules";
import { BUTTON, errorId, FieldError } from "./fields";
import { GripIcon, TrashIcon } from "../icons";

export type PhotoItem = {
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
};

type Setter = (update: (photos: PhotoItem[]) => PhotoItem[]) => void;
type Outcome = "ok" | "skipped" | "failed" | "expired" | "removed";

const UPLOAD_CONCURRENCY = 3;
const MAX_RETRIES = 8;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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

export function usePhotoUploads(setPhotos: Setter, onMessage: (message: string) => void, onExpired: () => void) {
  const removed = useRef(new Set<string>());
  const [active, setActive] = useState(0);

  async function addFiles(list: FileList | File[], current: PhotoItem[]) {
    const files = [...list];
    if (files.length === 0) return;
    if (files.length > MAX_BATCH) {
      onMessage(PHOTO_MSG.batchTooLarge);
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
    const room = MAX_PHOTOS - current.length;
    const taken = accepted.slice(0, Math.max(room, 0));
    const messages: string[] = [];
    if (accepted.length > taken.length) messages.push(PHOTO_MSG.tooMany);
    const items: (PhotoItem & { file: File })[] = taken.map(({ file, width, height }) => ({
      key: `tmp-${crypto.randomUUID()}`,
      kind: "temp",
      url: URL.createObjectURL(file),
      width,
      height,
      position: 0,
      status: "uploading",
      file,
    }));
    setPhotos((photos) => renumber([...photos, ...items.map(({ file: _file, ...item }) => item)]));
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
          const { uploadId, width, height } = result;
          setPhotos((photos) =>
            photos.map((p) =>
              p.key === item.key ? { ...p, uploadId, width: width!, height: height!, status: "ready" } : p,
            ),
          );
          continue;
        }
        URL.revokeObjectURL(item.url);
        setPhotos((photos) => renumber(photos.filter((p) => p.key !== item.key)));
        if (result.outcome === "skipped") skipped++;
        else if (result.outcome === "expired") expired = true;
        else failed++;
      }
    };
    await Promise.all(Array.from({ length: Math.min(UPLOAD_CONCURRENCY, items.length) }, worker));
    if (skipped) messages.push(PHOTO_MSG.skipped(skipped));
    if (failed) messages.push(PHOTO_MSG.processFailed);
    if (messages.length) onMessage(messages.join(" "));
    if (expired) onExpired();
  }

  /** A temporary photo is dropped locally; its upload, if any, expires on the server within the hour. */
  function forget(item: PhotoItem) {
    removed.current.add(item.key);
    if (item.url.startsWith("blob:")) URL.revokeObjectURL(item.url);
  }

  return { addFiles, forget, uploading: active > 0 };
}

export function PhotoManager({
  photos,
  setPhotos,
  editing,
  error,
  onAddFiles,
  onDelete,
  deleting,
}: {
  photos: PhotoItem[];
  setPhotos: Setter;
  editing: boolean;
  error?: string;
  onAddFiles: (files: FileList | File[]) => void;
  onDelete: (item: PhotoItem) => void;
  deleting: string | null;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [dragKey, setDragKey] = useState<string | null>(null);
  const [grabbed, setGrabbed] = useState<{ key: string; from: number } | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [dropActive, setDropActive] = useState(false);
  const handles = useRef(new Map<string, HTMLButtonElement>());

  const moveTo = (from: number, to: number, announce = true) => {
    if (to < 0 || to >= photos.length || from === to) return;
    const key = photos[from].key;
    setPhotos((list) =>
      moveItem(
        list,
        list.findIndex((p) => p.key === key),
        to,
      ),
    );
    if (announce) setAnnouncement(`Photo moved to position ${to + 1} of ${photos.length}.`);
    // Keep the keyboard on the photo being moved.
    requestAnimationFrame(() => handles.current.get(key)?.focus());
  };

  const onHandleKey = (e: KeyboardEvent, index: number, item: PhotoItem) => {
    if (e.key === " " || e.key === "Enter") {
      e.preventDefault();
      if (grabbed?.key === item.key) {
        setGrabbed(null);
        setAnnouncement(`Photo dropped at position ${index + 1} of ${photos.length}.`);
      } else {
        setGrabbed({ key: item.key, from: index });
        setAnnouncement(
          `Photo ${index + 1} picked up. Use the arrow keys to move it, Space to drop it, Escape to cancel.`,
        );
      }
    } else if (grabbed?.key === item.key && (e.key === "ArrowLeft" || e.key === "ArrowUp")) {
      e.preventDefault();
      moveTo(index, index - 1);
    } else if (grabbed?.key === item.key && (e.key === "ArrowRight" || e.key === "ArrowDown")) {
      e.preventDefault();
      moveTo(index, index + 1);
    } else if (e.key === "Escape" && grabbed?.key === item.key) {
      e.preventDefault();
      moveTo(index, grabbed.from, false);
      setGrabbed(null);
      setAnnouncement(`Move cancelled. Photo back at position ${grabbed.from + 1}.`);
    }
  };

  const onDropFiles = (e: DragEvent) => {
    e.preventDefault();
    setDropActive(false);
    if (dragKey) return;
    if (e.dataTransfer.files?.length) onAddFiles(e.dataTransfer.files);
  };

  return (
    <fieldset
      className="space-y-3"
      aria-describedby={error ? errorId("images") : undefined}
      data-testid="photo-manager"
    >
      <legend className="text-sm font-medium">
        Photos{" "}
        <span className="text-accent" aria-hidden="true">
          *
        </span>{" "}
        <span className="text-muted">
          ({photos.length} of {MAX_PHOTOS}; at least 3. The first is your main photo.)
        </span>
      </legend>
      {photos.length ? (
        <ol
          className="grid grid-cols-3 gap-2 sm:grid-cols-4"
          aria-label="Photos, in display order"
          data-testid="photo-list"
        >
          {photos.map((item, index) => (
            <li
              key={item.key}
              draggable={editing}
              onDragStart={(e) => {
                setDragKey(item.key);
                e.dataTransfer.effectAllowed = "move";
                e.dataTransfer.setData("text/plain", item.key);
              }}
              onDragEnd={() => setDragKey(null)}
              onDragOver={(e) => {
                if (dragKey) e.preventDefault();
              }}
              onDrop={(e) => {
                if (!dragKey) return;
                e.preventDefault();
                e.stopPropagation();
                const from = photos.findIndex((p) => p.key === dragKey);
                setDragKey(null);
                moveTo(from, index);
              }}
              className={`relative aspect-[3/4] overflow-hidden rounded-xl border bg-zinc-900 ${
                grabbed?.key === item.key
                  ? "border-accent ring-2 ring-accent"
                  : dragKey === item.key
                    ? "border-accent opacity-60"
                    : "border-line"
              }`}
              data-testid="photo-tile"
              data-photo-key={item.key}
              data-position={item.position}
            >
              <img
                src={item.url}
                alt={`Photo ${index + 1}`}
                width={item.width}
                height={item.height}
                className="h-full w-full object-cover"
                draggable={false}
              />
              <span className="absolute left-1 top-1 rounded-full bg-ink/80 px-2 text-xs font-semibold">
                {index + 1}
                {index === 0 ? " · Main" : ""}
              </span>
              {item.status === "uploading" ? (
                <span className="absolute inset-0 flex items-center justify-center bg-ink/60 text-sm" role="status">
                  Uploading…
                </span>
              ) : null}
              {editing ? (
                <div className="absolute bottom-1 left-1 right-1 flex justify-between">
                  <button
                    type="button"
                    ref={(el) => {
                      if (el) handles.current.set(item.key, el);
                      else handles.current.delete(item.key);
                    }}
                    onKeyDown={(e) => onHandleKey(e, index, item)}
                    // Moving the tile in the DOM blurs it with no new target: only a real focus change drops the photo.
                    onBlur={(e) => {
                      if (e.relatedTarget && grabbed?.key === item.key) setGrabbed(null);
                    }}
                    aria-pressed={grabbed?.key === item.key}
                    aria-describedby="photo-reorder-help"
                    aria-label={`Reorder photo ${index + 1}`}
                    className="inline-flex h-11 w-11 cursor-grab items-center justify-center rounded-lg bg-ink/80 text-white hover:text-accent"
                    data-testid="photo-handle"
                  >
                    <GripIcon className="h-5 w-5" />
                  </button>
                  <button
                    type="button"
                    onClick={() => onDelete(item)}
                    disabled={deleting === item.key}
                    aria-label={`Delete photo ${index + 1}`}
                    className="inline-flex h-11 w-11 items-center justify-center rounded-lg bg-ink/80 text-white hover:text-red-300 disabled:opacity-50"
                    data-testid="photo-delete"
                  >
                    <TrashIcon className="h-5 w-5" />
                  </button>
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-muted">No photos yet.</p>
      )}
      <p id="photo-reorder-help" className="sr-only">
        Press Space to pick up the photo, the arrow keys to move it, Space again to drop it, or Escape to cancel. You
        can also drag photos.
      </p>
      <p className="sr-only" aria-live="assertive" data-testid="photo-announcement">
        {announcement}
      </p>
      {editing ? (
        <div
          onDragOver={(e) => {
            if (!dragKey) {
              e.preventDefault();
              setDropActive(true);
            }
          }}
          onDragLeave={() => setDropActive(false)}
          onDrop={onDropFiles}
          className={`flex flex-col items-center gap-2 rounded-xl border-2 border-dashed p-4 text-center ${dropActive ? "border-accent bg-accent/10" : "border-line"}`}
        >
          <p className="text-sm text-muted">Drop photos here, or</p>
          <button
            type="button"
            onClick={() => input.current?.click()}
            disabled={photos.length >= MAX_PHOTOS}
            className={BUTTON}
          >
            Add photos
          </button>
          <label htmlFor="photo-files" className="sr-only">
            Add photos
          </label>
          <input
            ref={input}
            id="photo-files"
            type="file"
            multiple
            accept="image/jpeg,image/png,image/webp"
            className="sr-only"
            tabIndex={-1}
            onChange={(e) => {
              if (e.target.files) onAddFiles(e.target.files);
              e.target.value = "";
            }}
            data-testid="photo-input"
          />
          <p className="text-xs text-muted">
            JPEG, PNG or WebP, up to 10 MB each and {MAX_BATCH} at a time. Photos are resized and watermarked.
          </p>
        </div>
      ) : null}
      <FieldError name="images" message={error} />
    </fieldset>
  );
}
