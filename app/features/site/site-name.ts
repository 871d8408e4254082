// The site's name, in a module of its own: every page's title and link preview carry it (seo.ts, in the
// shared chunk every public page loads), which the business's contact facts beside it (site.ts) need not.
export const SITE_NAME = "Kiwi Companions";
