// Page 1's photos: choose or drop files, reorder, delete (docs/editor.md 'Photos'). The list and its
// reordering are in SortablePhotoList; new files come in through PhotoDropZone.
import { useState } from "react";
import type { ComponentProps } from "react";
import type { Refusal } from "~/features/photos/upload-rules";
import { MAX_PHOTOS } from "~/features/photos/rules";
import { errorId, FieldError } from "../fields";
import { PhotoDropZone } from "./PhotoDropZone";
import { PhotoRefusals } from "./PhotoRefusals";
import { SortablePhotoList } from "./SortablePhotoList";

/** The list's own props (the photos, their order and deletes), passed through as they come. */
type ListProps = Omit<ComponentProps<typeof SortablePhotoList>, "liveRegion">;

export function PhotoManager({
  error,
  onAddFiles,
  refused,
  onCloseRefused,
  watermarks,
  ...list
}: ListProps & {
  refused: Refusal[];
  watermarks: boolean;
  onCloseRefused: () => void;
  error?: string;
  onAddFiles: (files: FileList | File[]) => void;
}) {
  const { photos, editing } = list;
  // dnd-kit's live region and instructions are rendered here, where the page has always announced moves.
  const [liveRegion, setLiveRegion] = useState<HTMLElement | null>(null);
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
        <SortablePhotoList {...list} liveRegion={liveRegion} />
      ) : (
        <p className="text-sm text-muted">No photos yet.</p>
      )}
      <div ref={setLiveRegion} className="sr-only" data-testid="photo-announcement" />
      {editing ? <PhotoDropZone count={photos.length} onAddFiles={onAddFiles} watermarks={watermarks} /> : null}
      {refused.length ? <PhotoRefusals refused={refused} onClose={onCloseRefused} /> : null}
      <FieldError name="images" message={error} />
    </fieldset>
  );
}
