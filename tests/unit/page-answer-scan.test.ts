// Routes answer through the page-answer layer (docs/decisions/0037-one-page-answer-layer.md), never by hand:
// a literal no-store, a hand-written robots noindex or site-name title, or a `headers` export of its own is
// one more place the rule can drift. This reads every route module's source.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROUTES = path.resolve(__dirname, "../../app/routes");

// Not converted yet: being split into smaller modules in parallel; converted after that merge. A name
// here whose file no longer offends fails below, so the list only shrinks.
const NOT_YET = new Set<string>();

type Offence = { file: string; line: number; what: string };

const RULES: [what: string, pattern: RegExp][] = [
  // A quoted string holding no-store (a comment that mentions it is fine).
  ["a literal no-store: use NO_STORE, noStore() or privateData() from page-answer", /["'`][^"'`\n]*\bno-store\b/],
  ["a hand-written robots noindex: use privateMeta() or NOINDEX", /["'`]noindex["'`]/],
  ["a hand-written site-name title: use privateMeta() or pageTitle()", /\|\s*Kiwi Companions["'`]/],
  [
    "a headers export of its own: use `export const headers = pipeHeaders` (or linkPageHeadersFunction on a page a one-time link opens)",
    /export\s+(const|function)\s+headers\b(?!\s*=\s*(pipeHeaders|linkPageHeadersFunction);)/,
  ],
];

function offences(file: string, source: string): Offence[] {
  const found: Offence[] = [];
  source.split("\n").forEach((line, i) => {
    // Comments may name what they explain.
    const text = /^\s*(\/\/|\/?\*)/.test(line) ? "" : line;
    for (const [what, pattern] of RULES) if (pattern.test(text)) found.push({ file, line: i + 1, what });
  });
  // A loader or action that answers no-store only reaches the document through the headers export.
  const answersPrivately = /\b(NO_STORE|noStore\(|privateData\(|privateRedirect\()/.test(source);
  const isPage = /export default function/.test(source);
  if (isPage && answersPrivately && !/export const headers = (pipeHeaders|linkPageHeadersFunction);/.test(source)) {
    found.push({ file, line: 0, what: "answers no-store but has no `export const headers = pipeHeaders`" });
  }
  return found;
}

const files = readdirSync(ROUTES).filter((f) => /\.tsx?$/.test(f));
const byFile = new Map(files.map((f) => [f, offences(f, readFileSync(path.join(ROUTES, f), "utf8"))]));

describe("route modules answer through the page-answer layer", () => {
  it("no route writes its own no-store, noindex, site-name title or headers export", () => {
    const found = [...byFile].filter(([f]) => !NOT_YET.has(f)).flatMap(([, o]) => o);
    expect(found).toEqual([]);
  });

  it("every route still waiting to be converted does still need it (remove it from NOT_YET once done)", () => {
    for (const file of NOT_YET) expect(byFile.get(file)?.length ?? 0, file).toBeGreaterThan(0);
  });

  it("catches each thing it looks for", () => {
    const planted = [
      'return data(x, { headers: { "Cache-Control": "no-store" } });',
      '{ name: "robots", content: "noindex" },',
      '{ title: "Dashboard | Kiwi Companions" },',
      "export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;",
    ];
    for (const line of planted) expect(offences("planted.tsx", line), line).toHaveLength(1);
    const quiet = "// Cache-Control: no-store reaches the document.\nexport const headers = pipeHeaders;\n";
    expect(offences("fine.tsx", quiet)).toEqual([]);
    const forgot = "export default function P() {}\nreturn privateData(x);\n";
    expect(offences("forgot.tsx", forgot)).toHaveLength(1);
  });
});
