// One photo in page 1's list: the picture, its place, its upload progress and, while editing, its grip and
// delete buttons in a bar below the picture, so on a phone they hide none of it (docs/editor.md 'Photos').
import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import type { EditorPhoto, PhotoChecks } from "../editor-state";
import { HIDDEN_PHOTO_LABEL } from "~/features/photos/plan-photos";
import { GripIcon, TrashIcon } from "~/ui/icons";
import { PhotoTileCheck } from "./PhotoTileCheck";

type Sortable = ReturnType<typeof useSortable>;

export function PhotoTile({
  item,
  index,
  editing,
  deleting,
  onDelete,
  checks,
}: {
  item: EditorPhoto;
  index: number;
  editing: boolean;
  deleting: boolean;
  onDelete: (item: EditorPhoto) => void;
  checks: PhotoChecks;
}) {
  const sortable = useSortable({ id: item.key, disabled: !editing });
  const { listeners, setNodeRef, transform, transition, isDragging } = sortable;
  return (
    // The pointer and touch listeners sit on the whole tile; the keyboard one only answers keys pressed on
    // the grip button (its activator), so Space on the delete button still deletes.
    <li
      ref={setNodeRef}
      {...listeners}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`flex touch-manipulation select-none flex-col overflow-hidden rounded-xl border bg-zinc-900 [-webkit-touch-callout:none] ${
        isDragging ? "z-10 border-accent shadow-2xl ring-2 ring-accent" : "border-line"
      } ${editing ? "cursor-grab active:cursor-grabbing" : ""}`}
      data-testid="photo-tile"
      data-photo-key={item.key}
      data-position={item.position}
    >
      {/* The photo keeps its whole 3:4 frame: the buttons sit in a bar below it, never on it. */}
      <div className="relative aspect-[3/4]">
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
        {item.hidden ? (
          <span
            className="absolute right-1 top-1 rounded-full border border-amber-400 bg-ink/90 px-2 text-xs text-amber-200"
            data-testid="photo-hidden"
          >
            {HIDDEN_PHOTO_LABEL}
          </span>
        ) : null}
        {item.status === "uploading" ? <UploadProgress progress={item.progress} index={index} /> : null}
      </div>
      <PhotoTileCheck item={item} checks={checks} />
      {editing ? (
        <TileButtons sortable={sortable} index={index} deleting={deleting} onDelete={() => onDelete(item)} />
      ) : null}
    </li>
  );
}

function UploadProgress({ progress, index }: { progress: number | undefined; index: number }) {
  return (
    <span className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-ink/60 p-2 text-sm">
      <span role="status">
        <span aria-hidden="true">{progress ? `${progress}%` : "Uploading…"}</span>
        <span className="sr-only">Uploading photo {index + 1}</span>
      </span>
      <progress
        max={100}
        value={progress ?? 0}
        aria-label={`Uploading photo ${index + 1}`}
        className="h-2 w-full max-w-24 accent-accent"
        data-testid="photo-progress"
      />
    </span>
  );
}

function TileButtons({
  sortable: { attributes, setActivatorNodeRef, isDragging },
  index,
  deleting,
  onDelete,
}: {
  sortable: Sortable;
  index: number;
  deleting: boolean;
  onDelete: () => void;
}) {
  return (
    <div className="flex justify-between border-t border-line bg-ink">
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        // Still announced as the toggle button it always was, not as dnd-kit's 'sortable'.
        aria-roledescription={undefined}
        aria-pressed={isDragging}
        aria-label={`Reorder photo ${index + 1}`}
        className="inline-flex h-11 w-11 cursor-grab items-center justify-center rounded-lg text-white hover:text-accent"
        data-testid="photo-handle"
      >
        <GripIcon className="h-5 w-5" />
      </button>
      <button
        type="button"
        onClick={onDelete}
        disabled={deleting}
        aria-label={`Delete photo ${index + 1}`}
        className="inline-flex h-11 w-11 items-center justify-center rounded-lg text-white hover:text-red-300 disabled:opacity-50"
        data-testid="photo-delete"
      >
        <TrashIcon className="h-5 w-5" />
      </button>
    </div>
  );
}
