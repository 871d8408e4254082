import { useId } from "react";
import type { ReactNode } from "react";
import { Dialog } from "./Dialog";

/**
 * A question with a few answers, as a modal on the native <dialog> (Dialog.tsx): the page behind is inert,
 * the focus starts on the first answer and Escape dismisses. The answers are the caller's buttons.
 */
export function ChoiceDialog({
  title,
  description,
  onDismiss,
  children,
  "data-testid": testId,
}: {
  title: string;
  description?: ReactNode;
  onDismiss: () => void;
  children: ReactNode;
  "data-testid"?: string;
}) {
  const id = useId();
  return (
    <Dialog
      onDismiss={onDismiss}
      aria-labelledby={`${id}-title`}
      aria-describedby={description ? `${id}-text` : undefined}
      className="fixed inset-0 z-50 flex h-full w-full items-center justify-center bg-black/70 p-4 text-white"
      data-testid={testId}
    >
      <div className="w-full max-w-md space-y-4 rounded-2xl border border-line bg-panel p-5 shadow-2xl">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {title}
        </h2>
        {description ? (
          <div id={`${id}-text`} className="space-y-2 text-sm text-zinc-300">
            {description}
          </div>
        ) : null}
        <div className="flex flex-col gap-2 sm:flex-row-reverse sm:justify-start">{children}</div>
      </div>
    </Dialog>
  );
}
