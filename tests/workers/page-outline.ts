// Reads the parts of a rendered page that search engines and screen readers rely on, with workerd's
// HTMLRewriter rather than regular expressions over the markup.

export type PageOutline = {
  title: string;
  meta: Map<string, string>;
  canonical: string | null;
  headings: { level: number; text: string }[];
  /** Whole-document text with the common entities decoded, for "mentions X" checks. */
  text: string;
};

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#x27;": "'",
  "&#39;": "'",
  "&nbsp;": " ",
};

export function decodeEntities(value: string): string {
  return value.replace(/&(?:amp|lt|gt|quot|#x27|#39|nbsp);/g, (m) => ENTITIES[m] ?? m);
}

export async function outline(response: Response): Promise<PageOutline> {
  const html = await response.text();
  const result: PageOutline = { title: "", meta: new Map(), canonical: null, headings: [], text: "" };
  let heading: { level: number; text: string } | null = null;
  let bodyText = "";
  const rewriter = new HTMLRewriter()
    .on("title", { text: (t) => void (result.title += t.text) })
    .on("meta", {
      element(e) {
        const key = e.getAttribute("property") ?? e.getAttribute("name");
        if (key) result.meta.set(key, decodeEntities(e.getAttribute("content") ?? ""));
      },
    })
    .on('link[rel="canonical"]', {
      element: (e) => void (result.canonical = decodeEntities(e.getAttribute("href") ?? "")),
    })
    .on("h1, h2, h3, h4, h5, h6", {
      element(e) {
        const current = { level: Number(e.tagName.slice(1)), text: "" };
        heading = current;
        e.onEndTag(() => {
          result.headings.push({
            level: current.level,
            text: decodeEntities(current.text).replace(/\s+/g, " ").trim(),
          });
          heading = null;
        });
      },
      text(t) {
        if (heading) heading.text += t.text;
      },
    })
    .on("body", { text: (t) => void (bodyText += t.text) });
  await rewriter.transform(new Response(html)).text();
  result.title = decodeEntities(result.title);
  result.text = decodeEntities(bodyText).replace(/\s+/g, " ");
  return result;
}

export const h1s = (o: PageOutline) => o.headings.filter((h) => h.level === 1).map((h) => h.text);
export const h2s = (o: PageOutline) => o.headings.filter((h) => h.level === 2).map((h) => h.text);
