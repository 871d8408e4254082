// The owner's view of a takedown case: a copy of the complaint (never the complainant's address or proof
// photo), the clock, and the answer form while the case waits for it (works without JavaScript).
import { Form } from "@remix-run/react";
import { photoUrl } from "~/core/photo-keys";
import { PhotoThumb } from "~/features/photos/PhotoThumb";
import { Button } from "~/ui/Button";
import { ErrorList } from "~/ui/ErrorList";
import { Field } from "~/ui/Field";
import { ANSWER_MAX, KIND_LABELS } from "./rules";
import type { Clock, TakedownKind } from "./rules";

export type OwnerCaseProps = {
  id: string;
  listingName: string;
  kind: TakedownKind;
  details: string;
  status: "waiting" | "contested" | "decided";
  outcome: "taken_down" | "kept_up" | null;
  reason: string;
  received: string;
  answerBy: string;
  answer: string | null;
  clock: Clock;
  photos: { id: string; r2Key: string }[];
  errors: Record<string, string>;
  busy: boolean;
};

const STATUS_TEXT = {
  waiting: "Waiting for your answer",
  contested: "You disputed it: an administrator decides",
  decided: "Decided",
} as const;

export function OwnerCase(p: OwnerCaseProps) {
  return (
    <div className="space-y-6">
      <dl className="grid gap-3 rounded-2xl border border-line bg-panel p-4 sm:grid-cols-2 sm:p-6">
        <div>
          <dt className="text-sm text-muted">Listing</dt>
          <dd>{p.listingName}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted">Received</dt>
          <dd>{p.received}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted">Status</dt>
          <dd data-testid="case-status">{STATUS_TEXT[p.status]}</dd>
        </div>
        {p.status === "waiting" ? (
          <div>
            <dt className="text-sm text-muted">Answer by</dt>
            <dd data-testid="answer-by">
              {p.answerBy} ({p.clock.text})
            </dd>
          </div>
        ) : null}
        <div className="sm:col-span-2">
          <dt className="text-sm text-muted">The complaint</dt>
          <dd className="font-medium">{KIND_LABELS[p.kind]}</dd>
          <dd className="mt-1 whitespace-pre-line break-words">{p.details}</dd>
        </div>
        {p.photos.length ? (
          <div className="sm:col-span-2">
            <dt className="text-sm text-muted">The photos it names</dt>
            <dd>
              <ul className="mt-1 grid grid-cols-3 gap-2 sm:grid-cols-6">
                {p.photos.map((ph) => (
                  <li key={ph.id}>
                    <PhotoThumb
                      url={photoUrl(ph.r2Key)}
                      width={480}
                      height={640}
                      className="aspect-[3/4] w-full rounded object-cover"
                    />
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        ) : null}
        {p.answer ? (
          <div className="sm:col-span-2">
            <dt className="text-sm text-muted">Your answer</dt>
            <dd className="whitespace-pre-line break-words">{p.answer}</dd>
          </div>
        ) : null}
        {p.status === "decided" ? (
          <div className="sm:col-span-2">
            <dt className="text-sm text-muted">Outcome</dt>
            <dd data-testid="case-outcome">
              {p.outcome === "taken_down" ? "Taken down." : "Stays up."} {p.reason}
            </dd>
            {p.outcome === "taken_down" ? (
              <dd className="mt-1">
                <a href={`/appeal/takedown/${p.id}`} className="text-accent underline underline-offset-2">
                  Appeal this decision (once; another administrator decides)
                </a>
              </dd>
            ) : null}
          </div>
        ) : null}
      </dl>
      {p.status === "waiting" ? (
        <Form method="post" className="space-y-4 rounded-2xl border border-line bg-panel p-4 sm:p-6" noValidate>
          <h2 className="text-xl font-semibold">Your answer</h2>
          <p className="text-zinc-300">
            If you do not answer by {p.answerBy}, the content comes down. If you agree, it comes down now.
          </p>
          <fieldset className="space-y-1">
            <legend className="sr-only">Your choice</legend>
            <label className="flex min-h-11 items-start gap-3">
              <input type="radio" name="choice" value="agree" className="mt-1 h-5 w-5 shrink-0" />
              <span>I agree: take it down</span>
            </label>
            <label className="flex min-h-11 items-start gap-3">
              <input type="radio" name="choice" value="dispute" className="mt-1 h-5 w-5 shrink-0" />
              <span>I dispute it: it should stay up</span>
            </label>
            <ErrorList id="choice-error" errors={p.errors.choice ? [p.errors.choice] : undefined} />
          </fieldset>
          <Field
            label="Why it should stay up (if you dispute it)"
            description={`Up to ${ANSWER_MAX} characters. An administrator reads it; the person who asked is told the outcome.`}
            errors={p.errors.answer ? [p.errors.answer] : undefined}
            textarea={{ id: "answer", name: "answer", rows: 4, maxLength: ANSWER_MAX }}
          />
          <Button type="submit" size="roomy" disabled={p.busy}>
            Send my answer
          </Button>
        </Form>
      ) : null}
    </div>
  );
}
