// What the public agency page says beyond its cards (docs/decisions/0059-agency-page.md): its description for
// search engines and its structured data. Pure: the route's meta builds both from the loader's data.
import { absoluteUrl } from "~/features/site/seo";
import { agencyPath } from "~/core/profile";
import type { Region } from "~/core/regions";
import type { ListingCardData } from "~/core/listing-card";

export type AgencyPageCard = ListingCardData & {
  /** Today's hours: her roster shift, else her weekly schedule ('18:00–02:00'); null when she does not work today. */
  today: string | null;
};

export type AgencyPage = {
  name: string;
  slug: string;
  regions: Region[];
  description: string;
  contactLine: string;
  openingHours: string;
  cards: AgencyPageCard[];
};

type PageFacts = Pick<AgencyPage, "name" | "slug" | "regions" | "description"> & {
  cards: { modelId: string; firstName: string }[];
};

export function agencyPageTitle(name: string): string {
  return `${name}: agency`;
}

/** The meta description: its own words, else what it is and where. */
export function agencyPageDescription(page: Pick<PageFacts, "name" | "regions" | "description">): string {
  if (page.description.trim()) return page.description;
  const where = page.regions.length ? ` in ${page.regions.join(", ")}` : "";
  return `${page.name}, an agency${where}, and the companions who work with it.`;
}

/**
 * schema.org data for the page: the agency as a LocalBusiness (its name, words and areas as it gives
 * them; its hours are free text, not schema.org's format, so they stay on the page) and the profiles shown as an
 * ItemList. Nothing private: no certificate, no worker's address.
 */
export function agencyStructuredData(page: PageFacts, origin: string | null) {
  const url = absoluteUrl(origin, agencyPath(page.slug));
  return {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    name: page.name,
    ...(url ? { url } : {}),
    ...(page.description ? { description: page.description } : {}),
    ...(page.regions.length
      ? { areaServed: page.regions.map((region) => ({ "@type": "AdministrativeArea", name: region })) }
      : {}),
    ...(page.cards.length
      ? {
          subjectOf: {
            "@type": "ItemList",
            itemListElement: page.cards.map((card, i) => ({
              "@type": "ListItem",
              position: i + 1,
              name: card.firstName,
              ...(origin ? { url: absoluteUrl(origin, `/view/${card.modelId}`) } : {}),
            })),
          },
        }
      : {}),
  };
}
