// What screen readers hear while a photo is moved, and where a drop lands (docs/editor.md 'Photos').
import type { Announcements, DragEndEvent, UniqueIdentifier } from "@dnd-kit/core";

export const REORDER_INSTRUCTIONS =
  "Press Space to pick up the photo, the arrow keys to move it, Space again to drop it, or Escape to cancel. With a mouse, drag the photo; on a touch screen, press and hold it, then drag.";

/**
 * One list's reorder bookkeeping and what screen readers hear. dnd-kit settles `over` a task after each move,
 * so a drop right after a key press would still see the old place; the move's own collisions are current,
 * and the drop (and its announcement) goes where they point.
 */
export function photoReorder(keys: string[]) {
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
