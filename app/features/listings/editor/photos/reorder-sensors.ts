// The sensors that start a photo drag (docs/editor.md 'Photos'): a mouse or pen drags the whole tile, a finger
// presses and holds it first (so a swipe over the photos still scrolls the page), and the keyboard uses the
// grip button.
import { KeyboardSensor, PointerSensor, TouchSensor, useSensor, useSensors } from "@dnd-kit/core";
import type { KeyboardSensorProps, PointerSensorOptions } from "@dnd-kit/core";
import { sortableKeyboardCoordinates } from "@dnd-kit/sortable";
import type { PointerEvent as ReactPointerEvent } from "react";

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

/** The three ways to pick a photo up, for the photo list's DndContext. */
export function usePhotoSensors() {
  return useSensors(
    useSensor(MouseAndPenSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensorKeepingEarlyKeys, { coordinateGetter: sortableKeyboardCoordinates }),
  );
}
