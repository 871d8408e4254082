// A photo request in the administrators' queue (docs/decisions/0055-each-photo-verified.md): the photos to
// check beside what they are compared with, the listing's verified photos and its last ID review.
import { photoCheckLabel } from "~/core/photo-checks";
import { PhotoThumb } from "~/features/photos/PhotoThumb";
import { formatNzDate } from "~/platform/time/date-text";
import { ID_DOCUMENT_INFO } from "../verification";
import type { PendingRequest, QueuePhoto } from "../pending-request";

function Strip({ title, photos, testId }: { title: string; photos: QueuePhoto[]; testId: string }) {
  return (
    <section className="min-w-0 space-y-2" data-testid={testId}>
      <h3 className="text-sm font-semibold">{title}</h3>
      {photos.length ? (
        <ul className="grid grid-cols-3 gap-2">
          {photos.map((p) => (
            <li key={p.imageId} className="space-y-1 text-xs text-muted">
              <a href={p.url} target="_blank" rel="noreferrer" className="block">
                <PhotoThumb url={p.url} width={120} height={160} className="aspect-[3/4] w-full rounded object-cover" />
              </a>
              <span>{photoCheckLabel(p.verifiedAt)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">None.</p>
      )}
    </section>
  );
}

export function PhotoComparison({ request: r }: { request: PendingRequest }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Strip title="Photos to check" photos={r.photosToCheck} testId="photos-to-check" />
      <div className="space-y-3">
        <Strip title="Compare with: the listing's verified photos" photos={r.verifiedPhotos} testId="verified-photos" />
        <p className="text-sm text-zinc-300" data-testid="id-review">
          {r.idReview
            ? `ID review approved ${formatNzDate(r.idReview.decidedAt)}${
                r.idReview.documentType ? ` (${ID_DOCUMENT_INFO[r.idReview.documentType].name})` : ""
              }.`
            : r.fileCount
              ? "No approved ID review on record: compare with the photos of the person sent with this request."
              : "No approved ID review on record."}
        </p>
        {r.idReview?.photosSeen.length ? (
          <Strip title="Photos at that ID review" photos={r.idReview.photosSeen} testId="id-review-photos" />
        ) : null}
      </div>
    </div>
  );
}
