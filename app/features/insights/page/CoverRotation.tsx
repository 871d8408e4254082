// Cover rotation on the insights page (docs/decisions/0033-cover-rotation.md): the owner ticks up to 3 of the
// listing's visible photos to take turns as the card's cover, and sees each chosen cover's impressions, profile
// views from the card and views per impression, the best one marked. A plain form POST: works without JavaScript.
import { Form } from "@remix-run/react";
import { Alert } from "~/ui/Alert";
import { photoUrl } from "~/core/photo-keys";
import { PhotoThumb } from "~/features/photos/PhotoThumb";
import { PhotoTicks } from "~/features/photos/PhotoTicks";
import { COVER_FIELD, MAX_COVERS } from "~/features/insights/cover-rotation";
import type { CoverResult } from "~/features/insights/cover-rotation";
import { formatRate } from "~/features/insights/insights";

export type CoverPhotoView = { imageId: string; r2Key: string; public: boolean; chosen: number | null };

type Props = {
  listingId: string;
  days: number;
  photos: CoverPhotoView[];
  results: CoverResult[];
  notice?: string | null;
  error?: string | null;
};

export function CoverRotation({ listingId, days, photos, results, notice, error }: Props) {
  const visible = photos.filter((p) => p.public);
  const number = new Map(visible.map((p, i) => [p.r2Key, i + 1]));
  return (
    <section aria-labelledby="cover-rotation" className="space-y-3" data-testid="cover-rotation">
      <h2 id="cover-rotation" className="text-lg font-semibold">
        Cover rotation
      </h2>
      <p className="text-sm text-muted">
        Pick up to {MAX_COVERS} photos and the grid shows them as your card&apos;s cover in turn, changing every 10
        minutes. With none picked, your first photo is the cover.
      </p>
      {visible.length === 0 ? (
        <p className="text-sm text-muted">Add photos to your listing to choose covers.</p>
      ) : (
        <CoverForm listingId={listingId} photos={photos} notice={notice} error={error} />
      )}
      {results.length ? <CoverResults days={days} results={results} number={number} /> : null}
    </section>
  );
}

/** The visible photos to tick, Save and Turn rotation off, and the answer to the last post. */
function CoverForm({ listingId, photos, notice, error }: Omit<Props, "days" | "results">) {
  const visible = photos.filter((p) => p.public);
  const skipped = photos.filter((p) => !p.public && p.chosen !== null).length;
  return (
    <Form method="post" className="space-y-3" aria-describedby="cover-error">
      <input type="hidden" name="intent" value="covers" />
      <input type="hidden" name="listing" value={listingId} />
      <fieldset>
        <legend className="mb-2 text-sm">Covers to rotate (at most {MAX_COVERS})</legend>
        <PhotoTicks
          name={COVER_FIELD}
          columns="grid-cols-3 sm:grid-cols-5"
          testId="cover-choice"
          max={MAX_COVERS}
          photos={visible.map((p, i) => ({
            imageId: p.imageId,
            url: photoUrl(p.r2Key),
            label: `Photo ${i + 1}`,
            checked: p.chosen !== null,
          }))}
        />
      </fieldset>
      {skipped ? (
        <p className="text-sm text-muted" data-testid="covers-skipped">
          {skipped === 1 ? "One chosen photo is" : `${skipped} chosen photos are`} not shown on your plan, so it is left
          out of the rotation until it is shown again.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="min-h-11 rounded-lg bg-accent px-4 py-2 font-semibold text-black">
          Save covers
        </button>
        <button
          type="submit"
          name="off"
          value="1"
          className="min-h-11 rounded-lg border border-line px-4 py-2"
          data-testid="covers-off"
        >
          Turn rotation off
        </button>
      </div>
      <Alert tone="success" size="compact" reveal={notice} data-testid="covers-notice">
        {notice}
      </Alert>
      <Alert tone="error" size="compact" reveal={error} id="cover-error" data-testid="covers-error">
        {error}
      </Alert>
    </Form>
  );
}

/** Each chosen cover's figures over the range, numbered as in the form. */
function CoverResults({ days, results, number }: Pick<Props, "days" | "results"> & { number: Map<string, number> }) {
  return (
    <table className="w-full text-left text-sm" data-testid="cover-results">
      <caption className="mb-1 text-left text-muted">{`Each cover over the last ${days} days`}</caption>
      <thead className="align-bottom text-muted">
        <tr>
          <th scope="col" className="pr-2">
            Cover
          </th>
          <th scope="col" className="pr-2">
            Impressions
          </th>
          <th scope="col" className="pr-2">
            Profile views
          </th>
          <th scope="col">Views per impression</th>
        </tr>
      </thead>
      <tbody>
        {results.map((r) => (
          <tr key={r.photo} data-testid="cover-result">
            <th scope="row" className="py-1 pr-2 font-normal">
              <span className="flex flex-col items-start gap-1 whitespace-nowrap">
                <PhotoThumb url={photoUrl(r.photo)} width={36} height={48} className="h-12 w-9 rounded object-cover" />
                Photo {number.get(r.photo) ?? "?"}
              </span>
            </th>
            <td className="pr-2">{r.impressions}</td>
            <td className="pr-2">{r.opens}</td>
            <td>
              {formatRate(r.rate)}
              {r.best ? (
                <strong className="ml-1 text-accent" data-testid="cover-best">
                  Best
                </strong>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
