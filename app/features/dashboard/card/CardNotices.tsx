// Notices a dashboard card may carry: its photos held for review (docs/decisions/0057), a new number held for
// review (docs/decisions/0062) and the deadline of a failed renewal, with the way to pay.
import { Link } from "@remix-run/react";
import { pastDueText } from "~/features/billing/emails";
import { HELD_NUMBER_TEXT, HELD_TEXT } from "~/features/verification/verification";
import type { HeldPhotoView } from "~/features/verification/verification";

export function HeldPhotos({ photos, firstName }: { photos: readonly HeldPhotoView[]; firstName: string }) {
  return (
    <ul className="space-y-2" aria-label={`Photos of ${firstName} under review`} data-testid="held-photos">
      {photos.map((photo) => (
        <li key={photo.id} className="flex items-center gap-3 rounded-lg border border-sky-300/60 bg-sky-950/50 p-2">
          <img src={photo.url} alt="" width={48} height={64} className="h-16 w-12 shrink-0 rounded object-cover" />
          <p className="text-sm text-sky-100">{HELD_TEXT}</p>
        </li>
      ))}
    </ul>
  );
}

export function PaymentDeadline({ deadline, firstName }: { deadline: string; firstName: string }) {
  return (
    <div
      className="space-y-2 rounded-lg border border-rose-400 bg-rose-950/60 p-3 text-sm text-rose-100"
      data-testid="payment-deadline"
    >
      <p>{pastDueText(deadline)}</p>
      <Link
        to="/managesub"
        className="inline-flex min-h-11 items-center font-semibold text-white underline underline-offset-2"
        aria-label={`Pay now for ${firstName}`}
      >
        Pay now
      </Link>
    </div>
  );
}

export function HeldNumber() {
  return (
    <p className="rounded-lg border border-sky-300/60 bg-sky-950/50 p-3 text-sm text-sky-100" data-testid="held-number">
      {HELD_NUMBER_TEXT}
    </p>
  );
}
