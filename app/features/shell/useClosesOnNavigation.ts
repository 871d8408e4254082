import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * For a menu built on <details>, so it opens without JavaScript: with it, the menu also closes when the page
 * changes. Only on a change, not when the component arrives: a menu opened before hydration (or, for one
 * loaded later with clientLazy, before its module came in) stays open.
 */
export function useClosesOnNavigation() {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  const shownPath = useRef(location.pathname);
  useEffect(() => {
    if (shownPath.current === location.pathname) return;
    shownPath.current = location.pathname;
    ref.current?.removeAttribute("open");
  }, [location.pathname]);
  return ref;
}
