// The page's one toast (rendered once, in the root layout): a short confirmation that something went through,
// announced to screen readers by a live region that is always in the page (a region inserted together with its
// text is often not read). What it says comes from the flash cookie an action set (app/features/site/flash.server.ts,
// read by the root loader), or, for a save answered as data rather than a redirect, from announceToast.
import { useEffect, useState } from "react";

const TOAST_EVENT = "kc:toast";
const TOAST_MS = 6000;

type Shown = { id: string; message: string };

let counter = 0;

/** Shows `message` in the toast: for confirmations that come back as data (a JSON save), not a redirect. */
export function announceToast(message: string) {
  window.dispatchEvent(new CustomEvent(TOAST_EVENT, { detail: message }));
}

export function Toast({ toast }: { toast: Shown | null | undefined }) {
  const [shown, setShown] = useState<Shown | null>(toast ?? null);
  // A new toast from the root loader (each has its own id, so the same words twice show twice).
  useEffect(() => {
    if (toast) setShown(toast);
  }, [toast]);
  useEffect(() => {
    const show = (event: Event) => {
      const message = (event as CustomEvent<unknown>).detail;
      if (typeof message === "string" && message) setShown({ id: `local-${++counter}`, message });
    };
    window.addEventListener(TOAST_EVENT, show);
    return () => window.removeEventListener(TOAST_EVENT, show);
  }, []);
  useEffect(() => {
    if (!shown) return;
    const timer = window.setTimeout(() => setShown(null), TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [shown]);
  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="true"
      className="pointer-events-none fixed inset-x-3 bottom-4 z-50 mx-auto flex max-w-lg justify-center"
      data-testid="toast-region"
    >
      {shown ? (
        <div
          key={shown.id}
          className="pointer-events-auto flex w-full items-center gap-3 rounded-xl border border-emerald-500/70 bg-emerald-950 py-1 pl-4 pr-1 text-emerald-50 shadow-2xl"
          data-testid="toast"
        >
          <p className="flex-1 py-2">{shown.message}</p>
          <button
            type="button"
            onClick={() => setShown(null)}
            className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg hover:text-accent"
            aria-label="Dismiss message"
          >
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
}
