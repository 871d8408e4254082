import type { ButtonHTMLAttributes } from "react";

export type ButtonVariant = "primary" | "secondary" | "danger" | "destructive";
/** md: the usual 44px target; roomy: the same height with more side padding; lg: the 48px auth buttons. */
export type ButtonSize = "md" | "roomy" | "lg";

const VARIANT: Record<ButtonVariant, string> = {
  primary: "bg-accent text-ink hover:bg-accent-strong",
  secondary: "border border-line text-zinc-100 hover:bg-ink",
  // Outlined: for a step that still asks before anything is deleted.
  danger: "border border-rose-400 text-rose-200 hover:bg-rose-950/60",
  // Solid: the final "yes, delete" of a confirmation.
  destructive: "bg-rose-500 text-white hover:bg-rose-400",
};

const SIZE: Record<ButtonSize, string> = {
  md: "min-h-11 px-4",
  roomy: "min-h-11 px-5",
  lg: "min-h-12 px-4",
};

/** The classes of a button, for a <Link> or <a> that should look like one. */
export function buttonClass({
  variant = "primary",
  size = "md",
  block = false,
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; block?: boolean; className?: string } = {}): string {
  return [
    "inline-flex items-center justify-center rounded-lg font-semibold disabled:opacity-60",
    SIZE[size],
    VARIANT[variant],
    block ? "w-full" : "",
    className ?? "",
  ]
    .filter(Boolean)
    .join(" ");
}

type Props = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
  /** While a submission is on its way: disabled, and announced as busy. */
  busy?: boolean;
};

export function Button({ variant, size, block, busy, className, type = "button", disabled, ...rest }: Props) {
  return (
    <button
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={buttonClass({ variant, size, block, className })}
      {...rest}
    />
  );
}
