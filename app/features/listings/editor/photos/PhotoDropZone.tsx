// Where new photos come in while editing: files dragged in from the desktop, or the Add photos button.
import { useRef, useState } from "react";
import { MAX_BATCH, MAX_PHOTOS } from "~/features/photos/rules";
import { BUTTON } from "../fields";

export function PhotoDropZone({
  count,
  onAddFiles,
  watermarks,
}: {
  /** Photos already in the listing: the button rests once the listing is full. */
  count: number;
  onAddFiles: (files: FileList | File[]) => void;
  /** The image service draws the watermark: only then is it promised. */
  watermarks: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [dropActive, setDropActive] = useState(false);
  return (
    // Files dragged in from the desktop: the browser's own drag events are the only way to receive them.
    <div
      onDragOver={(e) => {
        e.preventDefault();
        setDropActive(true);
      }}
      onDragLeave={() => setDropActive(false)}
      onDrop={(e) => {
        e.preventDefault();
        setDropActive(false);
        if (e.dataTransfer.files?.length) onAddFiles(e.dataTransfer.files);
      }}
      className={`flex flex-col items-center gap-2 rounded-xl border-2 border-dashed p-4 text-center ${dropActive ? "border-accent bg-accent/10" : "border-line"}`}
    >
      <p className="text-sm text-muted">Drop photos here, or</p>
      <button type="button" onClick={() => input.current?.click()} disabled={count >= MAX_PHOTOS} className={BUTTON}>
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
      <p className="text-xs text-muted" data-testid="photo-promise">
        JPEG, PNG or WebP, up to 10 MB each and {MAX_BATCH} at a time.{" "}
        {watermarks
          ? "Photos are resized and watermarked."
          : "Photos are resized. This server's image service cannot draw the watermark, so they are stored without one."}
      </p>
    </div>
  );
}
