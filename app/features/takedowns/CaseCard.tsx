// One open takedown case in the administrators' queue: its clock (overdue marked), the complaint, the owner's
// answer, the photos it names and the proof photo, and the decisions (docs/decisions/0063-takedown-cases.md).
import { Form, Link } from "@remix-run/react";
import { photoUrl } from "~/core/photo-keys";
import { PhotoThumb } from "~/features/photos/PhotoThumb";
import { Button } from "~/ui/Button";
import { KIND_LABELS, REASON_MAX } from "./rules";
import type { Clock, TakedownKind } from "./rules";

export type CaseCardData = {
  id: string;
  listingId: string | null;
  listingName: string;
  kind: TakedownKind;
  contact: string;
  details: string;
  answer: string | null;
  status: "waiting" | "contested" | "decided";
  received: string;
  due: string;
  clock: Clock;
  hasProof: boolean;
  photosHidden: boolean;
  photos: { id: string; r2Key: string }[];
};

const STEP = { owner: "Owner's answer due", administrator: "Decision due", none: "" } as const;

export function CaseCard({ c, busy, error }: { c: CaseCardData; busy: boolean; error?: string }) {
  return (
    <li
      className={`space-y-3 rounded-2xl border p-4 ${c.clock.overdue ? "border-rose-400 bg-rose-950/30" : "border-line bg-panel"}`}
      data-testid="takedown-case"
      data-overdue={c.clock.overdue}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold">
          {c.listingId ? (
            <Link to={`/view/${c.listingId}`} className="underline underline-offset-2">
              {c.listingName}
            </Link>
          ) : (
            `${c.listingName} (deleted)`
          )}
        </h2>
        <p className={c.clock.overdue ? "font-semibold text-rose-200" : "text-zinc-300"} data-testid="case-clock">
          {c.clock.overdue ? "Overdue: " : ""}
          {STEP[c.clock.step]} {c.due} ({c.clock.text})
        </p>
      </div>
      <p className="text-sm text-muted">
        Received {c.received} · from {c.contact} ·{" "}
        {c.status === "waiting" ? "waiting for the owner" : "the owner disputes it"}
      </p>
      <p className="font-medium">{KIND_LABELS[c.kind]}</p>
      <p className="whitespace-pre-line break-words">{c.details}</p>
      {c.answer ? (
        <div>
          <p className="text-sm text-muted">The owner's answer</p>
          <p className="whitespace-pre-line break-words">{c.answer}</p>
        </div>
      ) : null}
      {c.photos.length ? (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-6" aria-label="Disputed photos">
          {c.photos.map((p) => (
            <li key={p.id}>
              <PhotoThumb
                url={photoUrl(p.r2Key)}
                width={480}
                height={640}
                className="aspect-[3/4] w-full rounded object-cover"
              />
            </li>
          ))}
        </ul>
      ) : null}
      {c.hasProof ? (
        <a href={`/admin/takedown-proof/${c.id}`} target="_blank" rel="noreferrer" className="text-accent underline">
          Open the proof photo (deleted at the decision)
        </a>
      ) : null}
      {c.photosHidden ? <p className="text-sm text-amber-200">The disputed photos are hidden meanwhile.</p> : null}
      {error ? (
        <p role="alert" className="text-sm text-rose-200">
          {error}
        </p>
      ) : null}
      <Form method="post" className="space-y-3">
        <input type="hidden" name="caseId" value={c.id} />
        <label className="block text-sm font-medium" htmlFor={`reason-${c.id}`}>
          Reason (required to keep it up; both sides read it)
        </label>
        <textarea
          id={`reason-${c.id}`}
          name="reason"
          rows={2}
          maxLength={REASON_MAX}
          className="w-full rounded-lg border border-line bg-ink px-3 py-2 text-base text-white"
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" name="intent" value="take_down" variant="danger" disabled={busy}>
            Take down
          </Button>
          <Button type="submit" name="intent" value="keep_up" variant="secondary" disabled={busy}>
            Keep up
          </Button>
          {c.kind === "photos" && !c.photosHidden && c.photos.length ? (
            <Button type="submit" name="intent" value="hide_photos" variant="secondary" disabled={busy}>
              Hide the photos meanwhile
            </Button>
          ) : null}
        </div>
      </Form>
    </li>
  );
}
