// The public agency page, /agencies/{slug} (docs/decisions/0059-agency-page.md): the agency's own details,
// who of its workers works today, and the cards of the live listings whose workers agreed to be shown here.
// The cards are the grids' own; the page adds no card to any grid and none of its listings gets a place there
// beyond its own turn.
import type { AgencyPage } from "~/features/agencies/agency-page";
import { FIRST_ROW, GRID_CLASSES, ListingCard } from "./ListingCard";

export function AgencyScreen({ page, now }: { page: AgencyPage; now: number }) {
  const today = page.cards.filter((c) => c.today);
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-3 py-6 sm:px-6 sm:py-10">
      <header className="space-y-3">
        <h1 className="text-3xl font-bold tracking-tight">{page.name}</h1>
        {page.regions.length ? (
          <p className="text-zinc-300" data-testid="agency-regions">
            {page.regions.join(" · ")}
          </p>
        ) : null}
        {page.description ? <p className="max-w-prose whitespace-pre-line text-zinc-100">{page.description}</p> : null}
        <dl className="grid max-w-prose gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          {page.contactLine ? (
            <>
              <dt className="font-semibold text-zinc-300">Contact</dt>
              <dd className="break-words text-zinc-100">{page.contactLine}</dd>
            </>
          ) : null}
          {page.openingHours ? (
            <>
              <dt className="font-semibold text-zinc-300">Opening hours</dt>
              <dd className="break-words text-zinc-100">{page.openingHours}</dd>
            </>
          ) : null}
        </dl>
      </header>
      <section aria-labelledby="working-today" className="space-y-2">
        <h2 id="working-today" className="text-xl font-semibold">
          Working today
        </h2>
        <p className="text-zinc-200" data-testid="working-today">
          {today.length
            ? today.map((c) => `${c.firstName} (${c.today})`).join(", ")
            : "No one listed here is working today."}
        </p>
      </section>
      <section aria-labelledby="agency-listings" className="space-y-3">
        <h2 id="agency-listings" className="text-xl font-semibold">
          {`With ${page.name}`}
        </h2>
        {page.cards.length ? (
          <div className={GRID_CLASSES} data-testid="agency-listings">
            {page.cards.map((card, i) => (
              <ListingCard
                key={card.modelId}
                card={card}
                now={now}
                firstRow={i < FIRST_ROW}
                note={card.today ? `Working today ${card.today}` : null}
              />
            ))}
          </div>
        ) : (
          <p className="text-muted">No one is listed with {page.name} right now.</p>
        )}
      </section>
    </div>
  );
}
