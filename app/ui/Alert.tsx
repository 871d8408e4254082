import type { ReactNode } from "react";
import { useShowInView } from "./show-in-view";

/** info: neutral news, neither good nor bad (a check that found nothing is not an all-clear). */
export type AlertTone = "error" | "success" | "warning" | "info";

/**
 * "compact" sits inside a small card (the login and reset screens); "page" heads a page or a form.
 * The two keep the sizes the screens had before they shared this component.
 */
export type AlertSize = "page" | "compact";

const STYLE: Record<AlertTone, Record<AlertSize, string>> = {
  error: {
    page: "rounded-xl border border-rose-400 bg-rose-950/60 p-4 text-rose-100",
    compact: "rounded-lg border border-red-500/60 bg-red-950/70 px-3 py-2 text-sm text-red-100",
  },
  success: {
    page: "rounded-xl border border-emerald-500/60 bg-emerald-950/60 p-4 text-emerald-100",
    compact: "rounded-lg border border-emerald-500/60 bg-emerald-950/60 px-3 py-2 text-sm text-emerald-100",
  },
  info: {
    page: "rounded-xl border border-zinc-500 bg-panel p-4 text-zinc-100",
    compact: "rounded-lg border border-zinc-500 bg-panel px-3 py-2 text-sm text-zinc-100",
  },
  warning: {
    page: "rounded-xl border border-amber-400/70 bg-amber-950/50 p-4 text-amber-50",
    compact: "rounded-lg border border-amber-500/60 bg-amber-950/60 px-3 py-2 text-sm text-amber-100",
  },
};

type Props = {
  tone: AlertTone;
  size?: AlertSize;
  /**
   * An error interrupts (alert); good news and warnings wait their turn (status). A standing message that
   * is part of the page rather than news of something that just happened is a "note".
   */
  role?: "alert" | "status" | "note";
  id?: string;
  className?: string;
  "data-testid"?: string;
  /**
   * The result of something the person just did (the action's answer): each new value moves the page to
   * the box when it is out of view and focuses it (show-in-view.ts).
   */
  reveal?: unknown;
  children: ReactNode;
};

/** The coloured box for an error, a confirmation or a warning. Renders nothing without content. */
export function Alert({ tone, size = "page", role, id, className, reveal, children, ...rest }: Props) {
  const empty = children == null || children === false || children === "";
  const ref = useShowInView<HTMLDivElement>(empty ? null : reveal);
  if (empty) return null;
  return (
    <div
      ref={ref}
      tabIndex={reveal ? -1 : undefined}
      id={id}
      role={role ?? (tone === "error" ? "alert" : "status")}
      className={`${STYLE[tone][size]} scroll-mt-4 focus:outline-none${className ? ` ${className}` : ""}`}
      data-testid={rest["data-testid"]}
    >
      {children}
    </div>
  );
}
