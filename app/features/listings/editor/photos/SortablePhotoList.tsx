// The photos in display order, reordered through dnd-kit: a mouse or pen drags the whole tile, a finger
// presses and holds it first, and the keyboard uses the grip button: Space to pick up, arrows to move, Space
// to drop, Escape to cancel. Screen readers hear each step.
import { closestCenter, DndContext } from "@dnd-kit/core";
import type { DragEndEvent } from "@dnd-kit/core";
import { rectSortingStrategy, SortableContext } from "@dnd-kit/sortable";
import { useId, useMemo } from "react";
import type { EditorPhoto, PhotoChecks } from "../editor-state";
import { photoReorder, REORDER_INSTRUCTIONS } from "./photo-reorder";
import { PhotoTile } from "./PhotoTile";
import { usePhotoSensors } from "./reorder-sensors";

export function SortablePhotoList({
  photos,
  editing,
  deleting,
  onDelete,
  onMove,
  liveRegion,
  checks,
}: {
  photos: EditorPhoto[];
  editing: boolean;
  deleting: string | null;
  onDelete: (item: EditorPhoto) => void;
  onMove: (key: string, to: number) => void;
  /** Where dnd-kit's announcements and instructions are rendered. */
  liveRegion: HTMLElement | null;
  /** Each saved photo's check, said on its tile. */
  checks: PhotoChecks;
}) {
  // A stable id keeps dnd-kit's aria-describedby the same on the server and in the browser.
  const dndId = useId();
  const sensors = usePhotoSensors();
  // Keyed on the order itself: an upload finishing mid-drag changes the photos, not the order being dragged.
  const order = photos.map((p) => p.key).join("\n");
  const keys = useMemo(() => (order ? order.split("\n") : []), [order]);
  const reorder = useMemo(() => photoReorder(keys), [keys]);

  const onDragEnd = (event: DragEndEvent) => {
    const to = reorder.drop(event);
    if (to >= 0 && to !== keys.indexOf(String(event.active.id))) onMove(String(event.active.id), to);
  };

  return (
    <DndContext
      id={dndId}
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements: reorder.announcements,
        screenReaderInstructions: { draggable: REORDER_INSTRUCTIONS },
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
              checks={checks}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
