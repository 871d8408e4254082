import { fileLabelsFor } from "../verification";
import type { IdDocument, VerificationKind } from "../verification";

/**
 * A request's documents in the administrators' queue: a small copy of each, the original only when opened
 * (routes/admin.verification-files…, never cached, never sent to another site).
 */
export function RequestFiles({
  request: r,
}: {
  request: {
    id: string;
    kind: VerificationKind;
    documentType: IdDocument | null;
    fileCount: number;
    listingName: string;
  };
}) {
  return (
    <div className={`grid gap-3 ${r.kind === "id" ? "sm:grid-cols-2" : "sm:grid-cols-3"}`}>
      {fileLabelsFor(r.kind, r.documentType, r.fileCount).map((label, i) => (
        <figure key={label} className="space-y-1">
          <a href={`/admin/verification-files/${r.id}/${i}`} target="_blank" rel="noreferrer" className="block">
            {/* A fixed height whatever the document's shape: the box is there before the image, so Approve
                and Reject below it do not move under a tap while the documents arrive. */}
            <img
              src={`/admin/verification-files/${r.id}/${i}?size=thumb`}
              alt={`${label}, ${r.listingName}`}
              loading="lazy"
              decoding="async"
              referrerPolicy="no-referrer"
              className="h-60 w-full rounded-lg border border-line bg-ink object-contain"
              data-testid="verification-image"
            />
          </a>
          <figcaption className="flex flex-wrap justify-between gap-2 text-sm text-muted">
            <span>{label}</span>
            <a
              href={`/admin/verification-files/${r.id}/${i}`}
              target="_blank"
              rel="noreferrer"
              className="text-accent underline underline-offset-2"
              aria-label={`Open the original: ${label}, ${r.listingName}`}
            >
              Open the original
            </a>
          </figcaption>
        </figure>
      ))}
    </div>
  );
}
