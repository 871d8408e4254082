// /managesub: which 10 photos stay public when a Featured listing becomes Standard (decision 0017). A plain
// form with checkboxes, so it works without JavaScript; the boxes start ticked as the owner left them, or on
// the first 10. The photos not ticked are kept, not deleted, and shown again on Featured.
import { Form, Link } from "@remix-run/react";
import { Alert } from "~/ui/Alert";
import { Button, buttonClass } from "~/ui/Button";
import { SettingsSection } from "~/ui/SettingsSection";
import { KEEP_FIELD } from "~/features/photos/plan-photos";
import { PhotoTicks } from "~/features/photos/PhotoTicks";
import { PLANS } from "~/core/plans";

export type PhotoChoice = {
  listingId: string;
  name: string;
  photos: { imageId: string; url: string; position: number; checked: boolean }[];
};

export function PhotoChoiceForm({ choice, error, busy }: { choice: PhotoChoice; error?: string; busy: boolean }) {
  const limit = PLANS.standard.maxPhotos;
  return (
    <SettingsSection
      id="photo-choice-title"
      testId="photo-choice"
      title={`Choose the ${limit} photos ${choice.name} shows on Standard`}
      intro={`The Standard plan shows up to ${limit} photos. From the renewal, the photos you leave unticked are kept but not shown to visitors; they come back if you return to Featured.`}
    >
      <Form method="post" className="space-y-4">
        <input type="hidden" name="intent" value="downgradePlan" />
        <input type="hidden" name="listingId" value={choice.listingId} />
        <input type="hidden" name="choosing" value="1" />
        <fieldset aria-describedby={error ? "photo-choice-error" : undefined}>
          <legend className="sr-only">Photos to keep public</legend>
          <PhotoTicks
            name={KEEP_FIELD}
            columns="grid-cols-2 sm:grid-cols-4 md:grid-cols-5"
            photos={choice.photos.map((p) => ({ ...p, label: `Keep photo ${p.position} public` }))}
          />
        </fieldset>
        {error ? (
          <Alert tone="error" id="photo-choice-error" data-testid="photo-choice-error">
            {error}
          </Alert>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={busy}>
            Keep these and change to Standard at renewal
          </Button>
          <Link to="/managesub" className={buttonClass({ variant: "secondary" })}>
            Not now
          </Link>
        </div>
      </Form>
    </SettingsSection>
  );
}
