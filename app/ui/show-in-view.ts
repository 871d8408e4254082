// A result appears where the person is looking: when it is out of view (a long page, kept scrolled by Remix
// after a form post, or a phone's short screen), the page moves to it, and it takes the focus so a screen
// reader reads it. Used by the recovery codes and by every action result (Alert's `reveal`).
import { useEffect, useRef } from "react";

/**
 * A ref for the element to show. Each new `result` (a different value: the action's answer object) shows it
 * again; a falsy one does nothing. The element needs tabIndex={-1} to take the focus.
 */
export function useShowInView<T extends HTMLElement>(result: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || !result) return;
    const { top, bottom } = el.getBoundingClientRect();
    // Under the bar stuck to the top counts as out of view (app.css: the page's scroll padding is its height).
    const covered = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
    if (top < covered || bottom > window.innerHeight) {
      const still = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
      el.scrollIntoView({ block: "start", behavior: still ? "auto" : "smooth" });
    }
    el.focus({ preventScroll: true });
  }, [result]);
  return ref;
}
