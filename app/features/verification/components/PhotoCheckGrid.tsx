// The selected listing's photos on the photo verification page, each with its own check: 'Verified {Month
// Year}', old (with an invitation to re-check), waiting, or not verified, and 'Ask for a check' on each photo
// that may be sent on its own (docs/decisions/0055-each-photo-verified.md). Each button is its own small form,
// so it works without JavaScript.
import { Form } from "@remix-run/react";
import { ownerPhotoCheck } from "~/core/photo-checks";
import { PhotoThumb } from "~/features/photos/PhotoThumb";
import { Button } from "~/ui/Button";
import { CheckBadgeIcon } from "~/ui/icons";
import type { PhotoCheckPhoto } from "../photo-checks";

function Status({ photo, now }: { photo: PhotoCheckPhoto; now: number }) {
  const check = ownerPhotoCheck(photo.verifiedAt, photo.pending, now, photo.refusal != null);
  if (check.state === "pending") return <span className="text-amber-200">{check.label}</span>;
  if (check.state === "refused" && photo.refusal)
    return (
      <span className="flex flex-col gap-1 text-amber-200" data-testid="photo-refusal">
        <span className="font-semibold">{check.label}</span>
        <span className="whitespace-pre-wrap break-words">Reason: {photo.refusal.reason}</span>
        {photo.refusal.reopened ? (
          <span className="text-sm" data-testid="photo-reopened">
            Appeal upheld: ask for a new check, first in the queue.
          </span>
        ) : (
          <a className="text-sm underline underline-offset-2" href={`/appeal/photo/${photo.refusal.requestId}`}>
            Appeal
          </a>
        )}
      </span>
    );
  if (check.state === "unverified") return <span className="text-muted">{check.label}</span>;
  return (
    <span className="flex flex-col gap-1">
      <span className="flex items-center gap-1 text-emerald-300">
        <CheckBadgeIcon className="h-4 w-4 shrink-0" /> {check.label}
      </span>
      {check.recheck ? <span className="text-amber-200">{check.recheck}</span> : null}
    </span>
  );
}

export function PhotoCheckGrid({
  listingId,
  photos,
  perPhoto,
  busy,
  now,
}: {
  listingId: string;
  photos: PhotoCheckPhoto[];
  /** Photos may be sent one at a time (no new photos of the person needed). */
  perPhoto: boolean;
  busy: boolean;
  now: number;
}) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Your photos and their checks">
      {photos.map((p, i) => (
        <li
          key={p.imageId}
          className="flex flex-col gap-2 rounded-xl border border-line p-2 text-sm"
          data-testid="photo-check"
          data-image-id={p.imageId}
        >
          <PhotoThumb url={p.url} width={160} height={213} className="aspect-[3/4] w-full rounded-lg object-cover" />
          <span className="sr-only">Photo {i + 1}:</span>
          <Status photo={p} now={now} />
          {perPhoto && p.askable ? (
            <Form method="post" encType="multipart/form-data" preventScrollReset>
              <input type="hidden" name="listingId" value={listingId} />
              <input type="hidden" name="imageId" value={p.imageId} />
              <Button
                type="submit"
                variant="secondary"
                block
                disabled={busy}
                aria-label={`Ask for a check of photo ${i + 1}`}
              >
                Ask for a check
              </Button>
            </Form>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
