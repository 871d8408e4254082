// A gallery photo's own check (docs/decisions/0055-each-photo-verified.md): on the main photo its words
// ('Verified November 2026'), on the small ones a tick that carries the same words for screen readers and on
// hover. Nothing on a photo never checked: the profile's summary line says how many are.
import { photoCheckLabel, photoCheckState, PHOTO_CHECK_TEXT } from "~/core/photo-checks";
import { CheckBadgeIcon } from "~/ui/icons";

/** The badge's words ('Verified November 2026'), or null for an unverified photo. A button holding the badge
 * names it in its own label too: its accessible name must contain the text it shows. */
export function photoCheckWords(verifiedAt: number | null, now: number): string | null {
  const state = photoCheckState(verifiedAt, now);
  if (state === "unverified") return null;
  const label = photoCheckLabel(verifiedAt);
  return state === "old" ? `${label} (${PHOTO_CHECK_TEXT.old})` : label;
}

export function PhotoCheckBadge({ verifiedAt, now, full }: { verifiedAt: number | null; now: number; full: boolean }) {
  const words = photoCheckWords(verifiedAt, now);
  if (words === null) return null;
  const state = photoCheckState(verifiedAt, now);
  const tone = state === "old" ? "text-amber-200" : "text-sky-300";
  return full ? (
    <span
      className={`absolute bottom-2 left-2 inline-flex items-center gap-1 rounded-full bg-black/75 px-2 py-1 text-xs ${tone}`}
      data-testid="photo-check-badge"
    >
      <CheckBadgeIcon className="h-4 w-4 shrink-0" /> {words}
    </span>
  ) : (
    <span
      className={`absolute bottom-1 right-1 inline-flex rounded-full bg-black/75 p-0.5 ${tone}`}
      title={words}
      data-testid="photo-check-badge"
    >
      <CheckBadgeIcon className="h-4 w-4" />
      <span className="sr-only">{words}</span>
    </span>
  );
}
