// A photo request decided photo by photo (docs/decisions/0069-photos-decided-one-by-one.md): each photo to check
// with Approve or Refuse and, for a refusal, the reason the provider reads. One plain form, so it works without
// JavaScript; on a phone each photo is a row of its own, the picture beside its choice.
import { Form } from "@remix-run/react";
import { PhotoThumb } from "~/features/photos/PhotoThumb";
import { Button } from "~/ui/Button";
import { ErrorList } from "~/ui/ErrorList";
import { Field } from "~/ui/Field";
import { outcomeField, reasonField } from "../decisions/photo-outcomes";
import type { QueuePhoto } from "../pending-request";
import { REJECT_REASON_MAX } from "../verification";

const CHOICE =
  "inline-flex min-h-11 flex-1 cursor-pointer items-center justify-center gap-1.5 whitespace-nowrap rounded-lg border border-line px-2 text-sm font-semibold has-[:checked]:border-accent has-[:checked]:bg-ink";

export function PhotoDecisionForm({
  requestId,
  who,
  photos,
  busy,
  errors,
}: {
  requestId: string;
  who: string;
  photos: QueuePhoto[];
  busy: boolean;
  /** The last refusal's messages by field, when it was about this request. */
  errors?: Record<string, string>;
}) {
  return (
    <section className="space-y-3 rounded-xl border border-line p-3" data-testid="photo-decisions">
      <h3 className="text-sm font-semibold">Decide each photo</h3>
      <p className="text-sm text-muted">
        Approve the photos that show the verified person and refuse the others, each with its reason. Or decide all of
        them at once below.
      </p>
      <Form method="post" className="space-y-3" preventScrollReset>
        <input type="hidden" name="intent" value="photos" />
        <input type="hidden" name="requestId" value={requestId} />
        <ul className="space-y-3">
          {photos.map((p, i) => {
            const choiceError = errors?.[outcomeField(p.imageId)];
            return (
              <li key={p.imageId} className="flex gap-2" data-testid="photo-decision" data-image-id={p.imageId}>
                <a href={p.url} target="_blank" rel="noreferrer" className="block w-16 shrink-0">
                  <PhotoThumb
                    url={p.url}
                    width={80}
                    height={107}
                    className="aspect-[3/4] w-full rounded object-cover"
                  />
                </a>
                <fieldset
                  className="min-w-0 flex-1 space-y-2"
                  aria-describedby={choiceError ? `${outcomeField(p.imageId)}-error` : undefined}
                >
                  <legend className="text-sm font-semibold">Photo {i + 1}</legend>
                  <div className="flex gap-2">
                    <label className={CHOICE}>
                      <input type="radio" name={outcomeField(p.imageId)} value="approve" required />
                      Approve
                    </label>
                    <label className={CHOICE}>
                      <input type="radio" name={outcomeField(p.imageId)} value="refuse" required />
                      Refuse
                    </label>
                  </div>
                  <ErrorList id={`${outcomeField(p.imageId)}-error`} errors={choiceError ? [choiceError] : null} />
                  <Field
                    variant="compact"
                    label="Reason if refused (the provider sees this)"
                    errors={errors?.[reasonField(p.imageId)] ? [errors[reasonField(p.imageId)]!] : null}
                    textarea={{
                      id: `${reasonField(p.imageId)}`,
                      name: reasonField(p.imageId),
                      maxLength: REJECT_REASON_MAX,
                      rows: 2,
                    }}
                  />
                </fieldset>
              </li>
            );
          })}
        </ul>
        <Button type="submit" disabled={busy} block aria-label={`Save each photo's decision: ${who}`}>
          Save each photo's decision
        </Button>
      </Form>
    </section>
  );
}
