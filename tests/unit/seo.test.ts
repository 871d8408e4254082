import { describe, expect, it } from "vitest";
import { REGIONS, regionPath } from "~/core/regions";
import {
  absoluteUrl,
  DESCRIPTION_MAX,
  metaDescription,
  normaliseOrigin,
  pageTitle,
  seoMeta,
} from "~/features/site/seo";
import {
  INFO_PAGE_PATHS,
  robotsTxt,
  SITEMAP_MAX_URLS,
  SITEMAP_PROFILE_CAP,
  sitemapXml,
  staticSitemapPaths,
  xmlEscape,
} from "~/features/site/sitemap";

type Tag = Record<string, string>;
const find = (tags: unknown[], key: string, value: string) => (tags as Tag[]).find((t) => t[key] === value);
const content = (tags: unknown[], key: string, value: string) => find(tags, key, value)?.content;

describe("titles and descriptions", () => {
  it("adds the site name once", () => {
    expect(pageTitle("About Us")).toBe("About Us | Kiwi Companions");
    expect(pageTitle("  About   Us ")).toBe("About Us | Kiwi Companions");
    expect(pageTitle("Kiwi Companions")).toBe("Kiwi Companions");
    expect(pageTitle("")).toBe("Kiwi Companions");
  });

  it("keeps short descriptions and cuts long ones at a word", () => {
    expect(metaDescription(" Short\n text ")).toBe("Short text");
    const long = "word ".repeat(60);
    const cut = metaDescription(long);
    expect(cut.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(cut.endsWith("word…")).toBe(true);
    const noSpaces = "x".repeat(300);
    expect(metaDescription(noSpaces)).toHaveLength(DESCRIPTION_MAX);
  });
});

describe("absolute URLs", () => {
  it("accepts only http(s) origins", () => {
    expect(normaliseOrigin("https://kiwi.example/some/path")).toBe("https://kiwi.example");
    expect(normaliseOrigin("http://localhost:8787")).toBe("http://localhost:8787");
    expect(normaliseOrigin("javascript:alert(1)")).toBeNull();
    expect(normaliseOrigin("not a url")).toBeNull();
    expect(normaliseOrigin(undefined)).toBeNull();
  });

  it("drops query and fragment from canonical URLs", () => {
    expect(absoluteUrl("https://kiwi.example", "/subscriptions?tier=featured#x")).toBe(
      "https://kiwi.example/subscriptions",
    );
    expect(absoluteUrl("https://kiwi.example", "faq")).toBe("https://kiwi.example/faq");
    expect(absoluteUrl("https://kiwi.example", regionPath("Central North Island"))).toBe(
      "https://kiwi.example/locations/Central%20North%20Island",
    );
    expect(absoluteUrl(null, "/faq")).toBeNull();
  });
});

describe("seoMeta", () => {
  const tags = seoMeta({ title: "FAQ", description: "Answers.", path: "/faq?x=1", origin: "https://kiwi.example" });

  it("gives title, description, canonical and Open Graph tags", () => {
    expect(find(tags, "title", "FAQ | Kiwi Companions")).toBeTruthy();
    expect(content(tags, "name", "description")).toBe("Answers.");
    expect(find(tags, "rel", "canonical")).toMatchObject({ tagName: "link", href: "https://kiwi.example/faq" });
    expect(content(tags, "property", "og:url")).toBe("https://kiwi.example/faq");
    expect(content(tags, "property", "og:title")).toBe("FAQ | Kiwi Companions");
    expect(content(tags, "property", "og:description")).toBe("Answers.");
    expect(content(tags, "property", "og:type")).toBe("website");
    expect(content(tags, "property", "og:site_name")).toBe("Kiwi Companions");
    expect(content(tags, "name", "twitter:card")).toBe("summary");
    expect(find(tags, "property", "og:image")).toBeUndefined();
  });

  it("leaves out absolute URLs when the origin is unknown", () => {
    const noOrigin = seoMeta({ title: "FAQ", description: "Answers.", path: "/faq", origin: undefined });
    expect(find(noOrigin, "rel", "canonical")).toBeUndefined();
    expect(find(noOrigin, "property", "og:url")).toBeUndefined();
    expect(content(noOrigin, "property", "og:title")).toBe("FAQ | Kiwi Companions");
  });

  it("makes a relative image absolute and switches to the large card", () => {
    const withImage = seoMeta({
      title: "Zara",
      description: "Profile",
      path: "/view/abc",
      origin: "https://kiwi.example",
      type: "profile",
      image: { url: "/photos/listing/a.webp", alt: "Zara", width: 600, height: 800 },
    });
    expect(content(withImage, "property", "og:image")).toBe("https://kiwi.example/photos/listing/a.webp");
    expect(content(withImage, "property", "og:image:alt")).toBe("Zara");
    expect(content(withImage, "property", "og:image:width")).toBe("600");
    expect(content(withImage, "property", "og:type")).toBe("profile");
    expect(content(withImage, "name", "twitter:card")).toBe("summary_large_image");
  });
});

describe("robots.txt", () => {
  it("keeps crawlers out of private areas and points at the sitemap", () => {
    const txt = robotsTxt("https://kiwi.example");
    const lines = txt.split("\n");
    expect(lines[0]).toBe("User-agent: *");
    for (const path of ["/dashboard", "/profile", "/admin", "/api"]) expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain("Sitemap: https://kiwi.example/sitemap.xml");
  });
});

describe("sitemap", () => {
  it("lists home, the seven regions and the information pages", () => {
    const paths = staticSitemapPaths();
    expect(paths[0]).toBe("/");
    for (const region of REGIONS) expect(paths).toContain(regionPath(region));
    for (const path of INFO_PAGE_PATHS) expect(paths).toContain(path);
    expect(paths).toHaveLength(1 + REGIONS.length + INFO_PAGE_PATHS.length);
    expect(SITEMAP_PROFILE_CAP).toBe(SITEMAP_MAX_URLS - paths.length);
  });

  it("writes absolute, escaped URLs including the live profiles", () => {
    const xml = sitemapXml("https://kiwi.example", ["abc123", "a&b"]);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain("<loc>https://kiwi.example/</loc>");
    expect(xml).toContain("<loc>https://kiwi.example/locations/South%20Island</loc>");
    expect(xml).toContain("<loc>https://kiwi.example/view/abc123</loc>");
    expect(xml).toContain("<loc>https://kiwi.example/view/a%26b</loc>");
    expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
  });

  it("never exceeds one file's limit", () => {
    const ids = Array.from({ length: SITEMAP_MAX_URLS + 10 }, (_, i) => `id${i}`);
    const count = sitemapXml("https://kiwi.example", ids).match(/<url>/g)?.length;
    expect(count).toBe(SITEMAP_MAX_URLS);
  });

  it("escapes XML specials", () => {
    expect(xmlEscape(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;");
  });
});
