// The listing editor's three pages (provider spec §2), in order. Kept apart from the zod schema so the FAQ,
// a public page, can name them without shipping the editor's validation to visitors.
export type Page = 1 | 2 | 3;

export const EDITOR_PAGE_TITLES: Record<Page, string> = {
  1: "Photos and basics",
  2: "About you",
  3: "Rates and availability",
};
