// Search-engine and link-preview metadata, as pure functions of their inputs (robots.txt and the sitemap are
// in sitemap.ts).
// The origin comes from the request (loaders hand it to `meta`), so canonical URLs stay right on any host.
import type { MetaDescriptor } from "@remix-run/react";
import { NOINDEX } from "~/platform/http/page-answer";
import { SITE_NAME } from "./site-name";

/** Google shows about this many characters of a description; longer ones are cut mid-word by the engine. */
export const DESCRIPTION_MAX = 160;

export type SeoImage = { url: string; alt?: string; width?: number; height?: number };

export type SeoInput = {
  /** The page's own title, without the site name. */
  title: string;
  description: string;
  /** Path of the canonical URL, already URL-encoded; its query string is dropped. */
  path: string;
  /** The request origin, e.g. "https://kiwicompanions.co.nz"; without it no absolute URLs are emitted. */
  origin: string | null | undefined;
  type?: "website" | "profile" | "article";
  image?: SeoImage | null;
};

export function pageTitle(title: string): string {
  const clean = collapse(title);
  if (!clean) return SITE_NAME;
  return clean.endsWith(SITE_NAME) ? clean : `${clean} | ${SITE_NAME}`;
}

/**
 * A page search engines must not list (anything signed-in, a one-time link, a form's answer): its title by
 * the one title rule, and robots noindex (docs/decisions/0037-one-page-answer-layer.md).
 */
export function privateMeta(title: string): MetaDescriptor[] {
  return [{ title: pageTitle(title) }, NOINDEX];
}

/** One line of at most DESCRIPTION_MAX characters, cut at a word boundary with an ellipsis. */
export function metaDescription(text: string, max = DESCRIPTION_MAX): string {
  const clean = collapse(text);
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  const base = space > max / 2 ? cut.slice(0, space) : cut;
  return `${base.replace(/[\s,;:.\-–—]+$/, "")}…`;
}

/** An http(s) origin, or null for anything else (so a junk value can never become a canonical URL). */
export function normaliseOrigin(origin: string | null | undefined): string | null {
  if (!origin) return null;
  try {
    const url = new URL(origin);
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    return url.origin;
  } catch {
    return null;
  }
}

export function originOf(requestUrl: string): string {
  return new URL(requestUrl).origin;
}

/** The loader of a page whose only data is the origin its `meta` builds canonical URLs from. */
export function originLoader({ request }: { request: Request }): { origin: string } {
  return { origin: originOf(request.url) };
}

export function absoluteUrl(origin: string | null | undefined, path: string): string | null {
  const base = normaliseOrigin(origin);
  if (!base) return null;
  const url = new URL(path.startsWith("/") ? path : `/${path}`, base);
  url.search = "";
  url.hash = "";
  return url.href;
}

/** The <title>, description, canonical link and Open Graph/Twitter tags for one page. */
export function seoMeta(input: SeoInput): MetaDescriptor[] {
  const title = pageTitle(input.title);
  const description = metaDescription(input.description);
  const url = absoluteUrl(input.origin, input.path);
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:locale", content: "en_NZ" },
  ];
  if (url) {
    tags.push({ tagName: "link", rel: "canonical", href: url }, { property: "og:url", content: url });
  }
  const image = input.image ? imageUrl(input.origin, input.image.url) : null;
  if (image && input.image) {
    tags.push({ property: "og:image", content: image });
    if (input.image.alt) tags.push({ property: "og:image:alt", content: input.image.alt });
    if (input.image.width) tags.push({ property: "og:image:width", content: String(input.image.width) });
    if (input.image.height) tags.push({ property: "og:image:height", content: String(input.image.height) });
  }
  tags.push(
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  );
  return tags;
}

function imageUrl(origin: string | null | undefined, url: string): string | null {
  if (/^https?:\/\//i.test(url)) return url;
  const base = normaliseOrigin(origin);
  return base ? new URL(url, base).href : null;
}

function collapse(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
