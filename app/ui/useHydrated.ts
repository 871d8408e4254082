import { useSyncExternalStore } from "react";

const noChange = () => () => {};

/**
 * False in the server's HTML and until React runs in the browser, then true. Forms use it to add what
 * only their JavaScript path needs, so the same markup still works as a plain form without it. A component
 * mounted later (a form shown again, keyed anew) is true from its first render: React reads the server's
 * answer only while hydrating, so nothing flashes the no-JavaScript fallback.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChange,
    () => true,
    () => false,
  );
}
