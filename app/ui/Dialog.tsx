import { useEffect, useRef } from "react";
import type { DialogHTMLAttributes, ReactNode } from "react";

type Props = Omit<DialogHTMLAttributes<HTMLDialogElement>, "open" | "onCancel" | "onClose"> & {
  /**
   * Escape, or any other close request from the browser. Without it the dialog cannot be dismissed: it
   * stays until its owner stops rendering it.
   */
  onDismiss?: () => void;
  /**
   * Open in the server's HTML, so it shows (non-modal, styled to cover the page) before and without
   * JavaScript; made modal once React runs.
   */
  openOnServer?: boolean;
  children: ReactNode;
};

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog on the native <dialog>: showModal() puts it in the top layer and makes the rest of the
 * page inert (nothing behind it can be focused, clicked or read), so that is not written by hand. Open
 * while rendered; the owner decides when to render it.
 */
export function Dialog({ onDismiss, openOnServer = false, className, children, ...rest }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const dismiss = useRef(onDismiss);
  dismiss.current = onDismiss;

  useEffect(() => {
    const dialog = ref.current;
    // Hidden by a style sheet (the age gate once a confirmation was restored before the first paint):
    // a modal that cannot be seen would still make the whole page inert.
    if (!dialog || getComputedStyle(dialog).display === "none") return;
    // The server's copy is open but not modal; showModal() refuses a dialog that is already open.
    if (dialog.open && !dialog.matches(":modal")) dialog.close();
    if (!dialog.open) dialog.showModal();
    const onCancel = (event: Event) => {
      event.preventDefault();
      dismiss.current?.();
    };
    // Browsers may close a dialog despite preventDefault (a second Escape with no click between): a
    // dismissible one tells its owner, one that must stay opens again. The close() above also lands here
    // later, when the dialog is open again, and is ignored.
    const onClose = () => {
      if (dialog.open || !dialog.isConnected) return;
      if (dismiss.current) dismiss.current();
      else dialog.showModal();
    };
    // Inert covers the page but not the browser: Tab past the last control would leave for the address
    // bar (or, headless, for nowhere). Going round to the first control keeps keyboard users in the dialog.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Tab") return;
      const tabbable = dialog.querySelectorAll<HTMLElement>(TABBABLE);
      if (tabbable.length === 0) return;
      const [first, last] = [tabbable[0], tabbable[tabbable.length - 1]];
      if (event.shiftKey ? document.activeElement === first : document.activeElement === last) {
        event.preventDefault();
        (event.shiftKey ? last : first).focus();
      }
    };
    dialog.addEventListener("cancel", onCancel);
    dialog.addEventListener("close", onClose);
    dialog.addEventListener("keydown", onKeyDown);
    return () => {
      dialog.removeEventListener("cancel", onCancel);
      dialog.removeEventListener("close", onClose);
      dialog.removeEventListener("keydown", onKeyDown);
      if (dialog.open) dialog.close();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      open={openOnServer || undefined}
      // The browser's own dialog box (margin, border, padding, size caps) is replaced by the caller's look.
      className={`m-0 max-h-none max-w-none border-0 p-0 ${className ?? ""}`}
      {...rest}
    >
      {children}
    </dialog>
  );
}
