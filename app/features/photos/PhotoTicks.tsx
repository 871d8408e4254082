// A grid of photos to tick: plain checkboxes posted with their form, so it works without JavaScript. Serves
// the photos a Featured listing keeps public on Standard (decision 0017) and the covers that take turns on
// the card (docs/decisions/0033-cover-rotation.md).
import { useState } from "react";
import { useHydrated } from "~/ui/useHydrated";
import { PhotoThumb } from "./PhotoThumb";

export type PhotoTick = {
  imageId: string;
  /** The photo's public URL. */
  url: string;
  /** The checkbox's label; it also names the photo, so the image itself is decorative. */
  label: string;
  checked: boolean;
};

export function PhotoTicks({
  name,
  photos,
  columns,
  testId,
  max,
}: {
  /** The form field each ticked photo's imageId is posted as. */
  name: string;
  photos: PhotoTick[];
  /** The grid's column classes: fewer where the labels are longer. */
  columns: string;
  testId?: string;
  /**
   * At most this many may be ticked: with JavaScript, the other boxes cannot be ticked once that many are,
   * rather than being refused after Save. Without it, the server's refusal says so.
   */
  max?: number;
}) {
  const hydrated = useHydrated();
  const [ticked, setTicked] = useState(() => new Set(photos.filter((p) => p.checked).map((p) => p.imageId)));
  const full = hydrated && max !== undefined && ticked.size >= max;
  return (
    <>
      <ul className={`grid gap-2 ${columns}`}>
        {photos.map((p) => (
          <li key={p.imageId}>
            <label className="flex cursor-pointer flex-col gap-1 rounded-lg border border-line p-1 has-[:checked]:border-accent has-[:disabled]:cursor-not-allowed">
              <PhotoThumb
                url={p.url}
                width={96}
                height={128}
                loading="lazy"
                className="aspect-[3/4] w-full rounded object-cover"
              />
              <span className="flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name={name}
                  value={p.imageId}
                  defaultChecked={p.checked}
                  disabled={full && !ticked.has(p.imageId)}
                  onChange={(event) => {
                    const on = event.currentTarget.checked;
                    setTicked((current) => {
                      const next = new Set(current);
                      if (on) next.add(p.imageId);
                      else next.delete(p.imageId);
                      return next;
                    });
                  }}
                  className="h-5 w-5 disabled:opacity-40"
                  data-testid={testId}
                />
                {p.label}
              </span>
            </label>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm text-muted" role="status" data-testid={testId ? `${testId}-full` : undefined}>
        {full ? `${max} ticked, the most: untick one to choose another.` : ""}
      </p>
    </>
  );
}
