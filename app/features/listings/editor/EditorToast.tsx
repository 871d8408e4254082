import { useEffect } from "react";
import type { EditorToast as Toast } from "./editor-state";

const TOAST_MS = 6000;

/** The editor's bottom message (spec §8: save failures 'in a bottom toast'); errors are alerts, the rest status. */
export function EditorToast({ toast, onClose }: { toast: NonNullable<Toast>; onClose: () => void }) {
  // Keyed on the toast itself, so a new message gets its own full 6 s.
  useEffect(() => {
    const t = window.setTimeout(onClose, TOAST_MS);
    return () => window.clearTimeout(t);
  }, [toast, onClose]);
  const colours =
    toast.tone === "error"
      ? "border-red-500/70 bg-red-950 text-red-50"
      : "border-emerald-500/70 bg-emerald-950 text-emerald-50";
  return (
    <div
      className={`fixed inset-x-3 bottom-4 z-40 mx-auto flex max-w-lg items-center gap-3 rounded-xl border py-1 pl-4 pr-1 shadow-2xl sm:inset-x-auto sm:left-1/2 sm:w-[32rem] sm:-translate-x-1/2 ${colours}`}
      role={toast.tone === "error" ? "alert" : "status"}
      data-testid="editor-toast"
    >
      <p className="flex-1 py-2">{toast.message}</p>
      <button
        type="button"
        onClick={onClose}
        className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg hover:text-accent"
        aria-label="Dismiss message"
      >
        ×
      </button>
    </div>
  );
}
