import { useEffect, useState } from "react";

/**
 * False in the server's HTML and until React runs in the browser, then true. Forms use it to add what
 * only their JavaScript path needs, so the same markup still works as a plain form without it.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
