// A tile's own check, under its picture (docs/decisions/0055-each-photo-verified.md): 'Verified {Month Year}',
// 'Waiting for a check', 'Not approved' (refused at its last check) or 'Not verified', and an old check's age, as the profile says it. The words are the
// owner's photo verification page's (app/core/photo-checks.ts, ownerPhotoCheck).
import { ownerPhotoCheck } from "~/core/photo-checks";
import { CheckBadgeIcon } from "~/ui/icons";
import type { EditorPhoto, PhotoChecks } from "../editor-state";

const TONE = {
  verified: "text-emerald-300",
  old: "text-amber-200",
  pending: "text-amber-200",
  refused: "text-amber-200",
  unverified: "text-muted",
} as const;

export function PhotoTileCheck({ item, checks }: { item: EditorPhoto; checks: PhotoChecks }) {
  const saved = item.kind === "saved" && item.imageId != null;
  const check = ownerPhotoCheck(
    saved ? item.verifiedAt : null,
    saved && checks.pending.includes(item.imageId!),
    checks.now,
    saved && checks.refused.includes(item.imageId!),
  );
  return (
    <p
      className={`flex flex-col gap-0.5 border-t border-line px-1.5 py-1 text-xs leading-tight ${TONE[check.state]}`}
      data-testid="photo-tile-check"
      data-state={check.state}
    >
      <span className="flex items-start gap-1">
        {check.state === "verified" || check.state === "old" ? (
          <CheckBadgeIcon className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
        ) : null}
        {check.label}
      </span>
      {check.age ? <span>({check.age})</span> : null}
    </p>
  );
}
