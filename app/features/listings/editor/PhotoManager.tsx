// Page 1's photos: choose or drop files, reorder, delete. Reordering goes through dnd-kit: a mouse or pen
// drags the whole tile, a finger presses and holds it first (so a swipe over the photos still scrolls the
// page), and the keyboard uses the grip button: Space to pick up, arrows to move, Space to drop, Escape
// to cancel. Screen readers hear each step.
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type KeyboardSensorProps,
  type PointerSensorOptions,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import { rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useId, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from "react";
import type { EditorPhoto } from "./editor-state";
import { refusalHeading, type Refusal } from "~/features/photos/upload-rules";
import { MAX_BATCH, MAX_PHOTOS } from "~/features/photos/rules";
import { HIDDEN_PHOTO_LABEL } from "~/features/photos/plan-photos";
import { BUTTON, errorId, FieldError } from "./fields";
import { GripIcon, TrashIcon } from "~/ui/icons";
import { Alert } from "~/ui/Alert";

export type PhotoItem = EditorPhoto;

/** Mouse and pen only: a touch goes to the TouchSensor, whose press delay leaves quick swipes to scrolling. */
class MouseAndPenSensor extends PointerSensor {
  static activators = [
    {
      eventName: "onPointerDown" as const,
      handler: (event: ReactPointerEvent, options: PointerSensorOptions) =>
        event.nativeEvent.pointerType !== "touch" && PointerSensor.activators[0].handler(event, options),
    },
  ];
}

/**
 * dnd-kit's KeyboardSensor starts listening one timer tick after the pick-up (so the Space that picked the
 * photo up does not also drop it), and moves nothing until it has measured the photos. Browsers run waiting
 * key presses before timers, so keys pressed right after the pick-up (a quick hand, a switch device, a
 * script) were lost or dropped the photo where it was. They are held here and handed to the sensor in
 * order once it can act on them, one a task, so each move is on screen before the next key.
 */
class KeyboardSensorKeepingEarlyKeys extends KeyboardSensor {
  constructor(props: KeyboardSensorProps) {
    super(props);
    const view = (props.event.target as Node | null)?.ownerDocument?.defaultView ?? window;
    const held: KeyboardEventInit[] = [];
    const hold = (event: KeyboardEvent) => {
      // Untrusted events are the ones handed over below.
      if (event === props.event || !event.isTrusted) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      held.push({
        key: event.key,
        code: event.code,
        shiftKey: event.shiftKey,
        altKey: event.altKey,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
      });
    };
    view.addEventListener("keydown", hold, { capture: true });
    const stop = () => view.removeEventListener("keydown", hold, { capture: true });
    const measured = () =>
      props.context.current.collisionRect !== null && props.context.current.droppableRects.size > 0;
    let waits = 0;
    const release = () => {
      // Dropped or cancelled: keys after that are the page's again.
      if (props.context.current.active === null) return stop();
      // Half a second at most; a drag is measured within a few frames.
      if (!measured() && waits++ < 50) return void view.setTimeout(release, 10);
      const next = held.shift();
      if (!next) return stop();
      view.document.dispatchEvent(new view.KeyboardEvent("keydown", { ...next, bubbles: true, cancelable: true }));
      view.setTimeout(release);
    };
    // Queued after the sensor's own zero-delay timer, so the sensor listens by the time this runs.
    view.setTimeout(release);
  }
}

const INSTRUCTIONS =
  "Press Space to pick up the photo, the arrow keys to move it, Space again to drop it, or Escape to cancel. With a mouse, drag the photo; on a touch screen, press and hold it, then drag.";

/**
 * One list's reorder bookkeeping and what screen readers hear. dnd-kit settles `over` a task after each move,
 * so a drop right after a key press would still see the old place; the move's own collisions are current,
 * and the drop (and its announcement) goes where they point.
 */
function photoReorder(keys: string[]) {
  const total = keys.length;
  const at = (id: UniqueIdentifier) => keys.indexOf(String(id)) + 1;
  // The place last announced: the pick-up's own place is not news, and must not cut its announcement short.
  let announced: UniqueIdentifier | null = null;
  let dropped: { from: number; to: number } | null = null;
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      announced = active.id;
      dropped = null;
      return `Picked up photo ${at(active.id)} of ${total}.`;
    },
    onDragOver: ({ over }) => {
      if (!over || over.id === announced) return undefined;
      announced = over.id;
      return `Photo moved to position ${at(over.id)} of ${total}.`;
    },
    onDragEnd: ({ active }) => {
      const { from, to } = dropped ?? { from: at(active.id), to: at(active.id) };
      return `Photo ${from} dropped at position ${to} of ${total}.`;
    },
    onDragCancel: ({ active }) =>
      `Move cancelled. Photo ${at(active.id)} is back at position ${at(active.id)} of ${total}.`,
  };
  /** Where a drop lands, 0-based; called by DndContext's onDragEnd, just before the drop is announced. */
  const drop = ({ active, collisions, over }: DragEndEvent) => {
    const target = collisions?.[0]?.id ?? over?.id ?? active.id;
    dropped = { from: at(active.id), to: at(target) };
    return dropped.to - 1;
  };
  return { announcements, drop };
}

export function PhotoManager({
  photos,
  editing,
  error,
  onAddFiles,
  onDelete,
  onMove,
  deleting,
  refused,
  onCloseRefused,
}: {
  refused: Refusal[];
  onCloseRefused: () => void;
  photos: EditorPhoto[];
  editing: boolean;
  error?: string;
  onAddFiles: (files: FileList | File[]) => void;
  onDelete: (item: EditorPhoto) => void;
  onMove: (key: string, to: number) => void;
  deleting: string | null;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [dropActive, setDropActive] = useState(false);
  // dnd-kit's live region and instructions are rendered here, where the page has always announced moves.
  const [liveRegion, setLiveRegion] = useState<HTMLElement | null>(null);
  // A stable id keeps dnd-kit's aria-describedby the same on the server and in the browser.
  const dndId = useId();
  const sensors = useSensors(
    useSensor(MouseAndPenSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensorKeepingEarlyKeys, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  // Keyed on the order itself: an upload finishing mid-drag changes the photos, not the order being dragged.
  const order = photos.map((p) => p.key).join("\n");
  const keys = useMemo(() => (order ? order.split("\n") : []), [order]);
  const reorder = useMemo(() => photoReorder(keys), [keys]);

  const onDragEnd = (event: DragEndEvent) => {
    const to = reorder.drop(event);
    if (to >= 0 && to !== keys.indexOf(String(event.active.id))) onMove(String(event.active.id), to);
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
        <DndContext
          id={dndId}
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            announcements: reorder.announcements,
            screenReaderInstructions: { draggable: INSTRUCTIONS },
            container: liveRegion ?? undefined,
          }}
        >
          <SortableContext items={keys} strategy={rectSortingStrategy} disabled={!editing}>
            <ol
              className="grid grid-cols-3 gap-2 sm:grid-cols-4"
              aria-label="Photos, in display order"
              data-testid="photo-list"
            >
              {photos.map((item, index) => (
                <PhotoTile
                  key={item.key}
                  item={item}
                  index={index}
                  editing={editing}
                  deleting={deleting === item.key}
                  onDelete={onDelete}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      ) : (
        <p className="text-sm text-muted">No photos yet.</p>
      )}
      <div ref={setLiveRegion} className="sr-only" data-testid="photo-announcement" />
      {editing ? (
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
      {refused.length ? (
        <Alert tone="warning" reveal={refused} className="scroll-mt-32" data-testid="photo-refusals">
          <p className="font-semibold">{refusalHeading(refused.length)}</p>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
            {refused.map((r, i) => (
              <li key={`${i}-${r.name}`} className="break-words" data-testid="photo-refusal">
                <span className="font-medium [overflow-wrap:anywhere]">{r.name}</span>: {r.reason}
              </li>
            ))}
          </ul>
          <button
            type="button"
            onClick={onCloseRefused}
            className="mt-2 min-h-11 text-sm font-semibold underline underline-offset-2 hover:text-accent"
          >
            Dismiss
          </button>
        </Alert>
      ) : null}
      <FieldError name="images" message={error} />
    </fieldset>
  );
}

function PhotoTile({
  item,
  index,
  editing,
  deleting,
  onDelete,
}: {
  item: EditorPhoto;
  index: number;
  editing: boolean;
  deleting: boolean;
  onDelete: (item: EditorPhoto) => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: item.key,
    disabled: !editing,
  });
  return (
    // The pointer and touch listeners sit on the whole tile; the keyboard one only answers keys pressed on
    // the grip button (its activator), so Space on the delete button still deletes.
    <li
      ref={setNodeRef}
      {...listeners}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`relative aspect-[3/4] touch-manipulation select-none overflow-hidden rounded-xl border bg-zinc-900 [-webkit-touch-callout:none] ${
        isDragging ? "z-10 border-accent shadow-2xl ring-2 ring-accent" : "border-line"
      } ${editing ? "cursor-grab active:cursor-grabbing" : ""}`}
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
      {item.hidden ? (
        <span
          className="absolute right-1 top-1 rounded-full border border-amber-400 bg-ink/90 px-2 text-xs text-amber-200"
          data-testid="photo-hidden"
        >
          {HIDDEN_PHOTO_LABEL}
        </span>
      ) : null}
      {item.status === "uploading" ? (
        <span className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-ink/60 p-2 text-sm">
          <span role="status">
            <span aria-hidden="true">{item.progress ? `${item.progress}%` : "Uploading…"}</span>
            <span className="sr-only">Uploading photo {index + 1}</span>
          </span>
          <progress
            max={100}
            value={item.progress ?? 0}
            aria-label={`Uploading photo ${index + 1}`}
            className="h-2 w-full max-w-24 accent-accent"
            data-testid="photo-progress"
          />
        </span>
      ) : null}
      {editing ? (
        <div className="absolute bottom-1 left-1 right-1 flex justify-between">
          <button
            type="button"
            ref={setActivatorNodeRef}
            {...attributes}
            // Still announced as the toggle button it always was, not as dnd-kit's 'sortable'.
            aria-roledescription={undefined}
            aria-pressed={isDragging}
            aria-label={`Reorder photo ${index + 1}`}
            className="inline-flex h-11 w-11 cursor-grab items-center justify-center rounded-lg bg-ink/80 text-white hover:text-accent"
            data-testid="photo-handle"
          >
            <GripIcon className="h-5 w-5" />
          </button>
          <button
            type="button"
            onClick={() => onDelete(item)}
            disabled={deleting}
            aria-label={`Delete photo ${index + 1}`}
            className="inline-flex h-11 w-11 items-center justify-center rounded-lg bg-ink/80 text-white hover:text-red-300 disabled:opacity-50"
            data-testid="photo-delete"
          >
            <TrashIcon className="h-5 w-5" />
          </button>
        </div>
      ) : null}
    </li>
  );
}
