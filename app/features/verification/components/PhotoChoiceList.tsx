import { Form } from "@remix-run/react";
import { LABEL } from "~/features/site/messages";
import type { Choice } from "../ListingChoice";
import { ListingSummary } from "../ListingChoice";

const SELECT_BUTTON =
  "inline-flex min-h-11 items-center justify-center rounded-lg border border-accent px-4 font-semibold text-accent hover:bg-ink";

/**
 * Photo verification's listings, each with 'Select this Profile': a GET form (?listingId=), so choosing works
 * without JavaScript. Each says how many of its photos are verified; one with nothing left to send can still be
 * opened to see its photos' dates.
 */
export function PhotoChoiceList({
  choices,
  selected,
}: {
  choices: (Choice & { imageCount: number; photos: { verifiedAt: number | null }[] })[];
  selected: string | null;
}) {
  return (
    <ul className="space-y-3" aria-label="Listings that can be photo-verified">
      {choices.map((c) => (
        <li
          key={c.listingId}
          className={`flex flex-wrap items-center gap-3 rounded-xl border p-3 ${c.listingId === selected ? "border-accent bg-panel" : "border-line"}`}
          data-testid="photo-choice"
        >
          <ListingSummary choice={c} size="large" className="flex-1">
            {c.location || LABEL.noRegion} · {c.photos.filter((p) => p.verifiedAt != null).length} of {c.imageCount}{" "}
            photos verified
          </ListingSummary>
          {c.listingId === selected ? (
            <span className="text-sm font-semibold text-accent">Selected</span>
          ) : (
            <Form method="get" preventScrollReset>
              <button
                type="submit"
                name="listingId"
                value={c.listingId}
                className={SELECT_BUTTON}
                aria-label={`Select this Profile: ${c.firstName}`}
              >
                Select this Profile
              </button>
            </Form>
          )}
        </li>
      ))}
    </ul>
  );
}
