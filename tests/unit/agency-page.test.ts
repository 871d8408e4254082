// The agency page's pure rules (docs/decisions/0059-agency-page.md): its slug, its place in the page cache, its
// description and structured data.
import { describe, expect, it } from "vitest";
import { freeSlug, slugFromName, SLUG_PATTERN } from "~/features/agencies/agency";
import { agencyPageDescription, agencyStructuredData } from "~/features/agencies/agency-page";
import { AGENCIES_SCOPE, planPageCache, PUBLIC_SCOPE } from "~/features/catalogue/page-cache-key";

describe("an agency's slug", () => {
  it("is the name in lower-case words joined by hyphens", () => {
    expect(slugFromName("Harbour Agency")).toBe("harbour-agency");
    expect(slugFromName("  Māori & Pākehā  Escorts!! ")).toBe("maori-and-pakeha-escorts");
    expect(slugFromName("***")).toBe("agency");
    expect(slugFromName("x".repeat(100))).toHaveLength(60);
    for (const name of ["Harbour Agency", "A - B", "Ōtautahi 24/7", "-x-"])
      expect(slugFromName(name)).toMatch(SLUG_PATTERN);
  });

  it("takes the first free number when another agency holds it", () => {
    expect(freeSlug("harbour", new Set())).toBe("harbour");
    expect(freeSlug("harbour", new Set(["harbour", "harbour-2"]))).toBe("harbour-3");
  });
});

describe("the agency page in the page cache", () => {
  it("is kept under the public set and the agencies' scope; a malformed slug or a query is not", () => {
    const plan = planPageCache(new URL("https://x.nz/agencies/harbour-agency"), 0);
    expect(plan).toMatchObject({ kind: "agency", scopes: [PUBLIC_SCOPE, AGENCIES_SCOPE], html: true });
    expect(planPageCache(new URL("https://x.nz/agencies/Harbour"), 0)).toBeNull();
    expect(planPageCache(new URL("https://x.nz/agencies/a/b"), 0)).toBeNull();
    expect(planPageCache(new URL("https://x.nz/agencies/harbour?x=1"), 0)).toBeNull();
  });
});

describe("what the page tells search engines", () => {
  const page = { name: "Harbour", slug: "harbour", regions: ["Auckland" as const], description: "", cards: [] };

  it("describes it by its own words, else by what and where", () => {
    expect(agencyPageDescription(page)).toBe("Harbour, an agency in Auckland, and the companions who work with it.");
    expect(agencyPageDescription({ ...page, description: "Ours." })).toBe("Ours.");
  });

  it("gives schema.org data of the agency and the profiles shown, nothing more", () => {
    const data = agencyStructuredData({ ...page, cards: [{ modelId: "abc", firstName: "Sienna" }] }, "https://x.nz");
    expect(data).toEqual({
      "@context": "https://schema.org",
      "@type": "LocalBusiness",
      name: "Harbour",
      url: "https://x.nz/agencies/harbour",
      areaServed: [{ "@type": "AdministrativeArea", name: "Auckland" }],
      subjectOf: {
        "@type": "ItemList",
        itemListElement: [{ "@type": "ListItem", position: 1, name: "Sienna", url: "https://x.nz/view/abc" }],
      },
    });
  });
});
