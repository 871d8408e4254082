import type { ReactNode } from "react";
import { LABEL } from "~/features/site/messages";
import { Photo } from "~/features/photos/Photo";

export type Choice = {
  listingId: string;
  firstName: string;
  location: string;
  coverUrl: string | null;
  pending: boolean;
};

/** One listing as a radio option (name="listingId"), with its cover photo; a listing already waiting for review cannot be chosen. */
export function ListingChoice({
  choice,
  checked,
  onChoose,
}: {
  choice: Choice;
  checked: boolean;
  onChoose: (listingId: string) => void;
}) {
  const id = `choice-${choice.listingId}`;
  return (
    <label
      htmlFor={id}
      className={`flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border p-3 focus-within:ring-2 focus-within:ring-accent-strong ${
        checked ? "border-accent bg-panel" : "border-line"
      } ${choice.pending ? "cursor-not-allowed opacity-60" : ""}`}
      data-testid="listing-choice"
    >
      <input
        id={id}
        type="radio"
        name="listingId"
        value={choice.listingId}
        checked={checked}
        disabled={choice.pending}
        onChange={() => onChoose(choice.listingId)}
        className="h-5 w-5 accent-[var(--color-accent)]"
      />
      <ListingSummary choice={choice} size="small">
        {choice.location || LABEL.noRegion}
        {choice.pending ? " · Waiting for review" : ""}
      </ListingSummary>
    </label>
  );
}

const COVER_SIZES = {
  small: { box: "h-16 w-12", width: 48, height: 64 },
  large: { box: "h-20 w-16", width: 64, height: 80 },
} as const;

/** A listing as both verification pages show it: its cover, its first name, and a line about it below. */
export function ListingSummary({
  choice,
  size,
  className = "",
  children,
}: {
  choice: Pick<Choice, "firstName" | "coverUrl">;
  size: keyof typeof COVER_SIZES;
  className?: string;
  children: ReactNode;
}) {
  const cover = COVER_SIZES[size];
  return (
    <>
      <span className={`${cover.box} shrink-0 overflow-hidden rounded-md bg-ink`}>
        <Photo
          src={choice.coverUrl}
          alt=""
          width={cover.width}
          height={cover.height}
          className="h-full w-full object-cover"
        />
      </span>
      <span className={`min-w-0 ${className}`.trim()}>
        <span className="block font-semibold">{choice.firstName}</span>
        <span className="block text-sm text-muted">{children}</span>
      </span>
    </>
  );
}
