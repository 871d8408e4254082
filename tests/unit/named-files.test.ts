// A file named in a comment, the README or a doc must exist: a successor who follows a name to nothing
// stops trusting every other one. Comments are read with TypeScript's parser (so a "//" inside a string
// or a URL is no comment); the README and docs/ are read whole.
//
// What counts as a name: a path from the top of the tree (app/…, tests/…, docs/…, scripts/…, drizzle/…,
// workers/…, public/…), a path relative to the file, a partial path (`catalogue/filters.ts`, found
// when some file's path ends with it), and a bare file name of code (`stats.server.ts`, `Photo.tsx`,
// `0035_stale_check.sql`), found when some file has that name. A name followed by a wildcard or a
// placeholder (`app/routes/dev.*`, `app/features/<domain>/`) is a pattern, not a name. A decision is cited
// by its number alone (`docs/decisions/0024`).
//
// The decision records (docs/decisions/NNNN-*.md) are left out: each records the code as it stood when it
// was decided, and a later one supersedes it rather than editing it (docs/decisions/README.md).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
/** Not the tree: dependencies, builds, test output, local state. */
const NOT_THE_TREE = new Set(["node_modules", ".git", "build", "build-test", "test-results", ".wrangler", ".cache"]);

function listTree(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      if (NOT_THE_TREE.has(entry.name)) continue;
      const rel = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        out.push(`${rel}/`);
        walk(rel);
      } else out.push(rel);
    }
  };
  walk("");
  return out;
}

/** Every comment of a TypeScript or JavaScript module, one after another. */
export function commentsOf(file: string, text: string): string {
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : file.endsWith(".ts") ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const seen = new Set<number>();
  const out: string[] = [];
  const take = (ranges: ts.CommentRange[] | undefined) => {
    for (const r of ranges ?? []) {
      if (seen.has(r.pos)) continue;
      seen.add(r.pos);
      out.push(text.slice(r.pos, r.end));
    }
  };
  const visit = (node: ts.Node) => {
    take(ts.getLeadingCommentRanges(text, node.pos));
    take(ts.getTrailingCommentRanges(text, node.end));
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out.join("\n");
}

const TOP = /^(app|tests|docs|scripts|drizzle|workers|public)\//;
const CODE = /^[\w$[\]-][\w$[\].-]*\.(ts|tsx|mjs|cjs|js|sql)$/;
const HAS_EXTENSION = /\.(ts|tsx|mjs|cjs|js|sql|md|css|json|toml|svg|txt|html|sh)$/;
// A run of path characters not glued to a word, a path, a URL or a package name before it.
const TOKEN = /(?<![\w./$@:~*-])((?:\.{1,2}\/)?[\w$[\].-]+(?:\/[\w$[\].-]+)*\/?)/g;

const endsOfTree = new WeakMap<readonly string[], Set<string>>();
/** Every tail of every path in `tree` (for app/ui/Field.tsx: that, ui/Field.tsx and Field.tsx). */
function endsOf(tree: readonly string[]): Set<string> {
  let ends = endsOfTree.get(tree);
  if (!ends) {
    ends = new Set(tree.flatMap((f) => f.split("/").map((_, i, parts) => parts.slice(i).join("/"))));
    endsOfTree.set(tree, ends);
  }
  return ends;
}

/** The names in `text` (of the file `from`) that name nothing in `tree`. */
export function missingNames(text: string, from: string, tree: readonly string[]): string[] {
  const files = new Set(tree);
  const ends = endsOf(tree);
  const missing: string[] = [];
  for (const m of text.matchAll(TOKEN)) {
    const after = text[m.index! + m[1]!.length] ?? "";
    if (/[*<{]/.test(after)) continue;
    const name = m[1]!.replace(/\.+$/, "");
    if (!name || (name.startsWith(".") && !/^\.{1,2}\//.test(name))) continue;
    let found: boolean;
    if (/^\.{1,2}\//.test(name)) {
      const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(from), name));
      if (resolved.startsWith("../")) continue; // outside the repository (the spec beside it)
      // A module may be named as it is imported, without its extension.
      found = ["", ".ts", ".tsx", "/"].some((end) => files.has(`${resolved.replace(/\/$/, "")}${end}`));
    } else if (TOP.test(name)) {
      const decision = /^docs\/decisions\/(\d{4})$/.exec(name);
      found =
        files.has(name) ||
        files.has(`${name.replace(/\/$/, "")}/`) ||
        (decision !== null && tree.some((f) => f.startsWith(`docs/decisions/${decision[1]}-`)));
    } else if (name.includes("/")) {
      if (!HAS_EXTENSION.test(name) || NOT_THE_TREE.has(name.split("/")[0]!)) continue;
      found = ends.has(name);
    } else {
      if (!CODE.test(name)) continue;
      found = ends.has(name);
    }
    if (!found) missing.push(name);
  }
  return missing;
}

describe("names of files in comments and docs", () => {
  const tree = listTree();

  it("finds a planted name of nothing, and takes patterns, URLs and packages for what they are", () => {
    const text = [
      "// see app/features/nowhere/gone.ts and `listing/state.ts`, then gone-away.server.ts",
      "// fine: app/features/listings/upkeep.ts, listings/upkeep.ts, upkeep.ts, ./named-files.test.ts",
      "// patterns: app/routes/dev.*, app/features/<domain>/, tests/workers/*-fixtures.ts, docs/decisions/0024",
      "// not files: https://developers.cloudflare.com/workers/platform/limits/, @remix-run/react, node:fs",
    ].join("\n");
    expect(missingNames(text, "tests/unit/x.test.ts", tree)).toEqual([
      "app/features/nowhere/gone.ts",
      "listing/state.ts",
      "gone-away.server.ts",
    ]);
  });

  it("every name in a comment, the README or docs/ is a file or folder of the tree", { timeout: 60_000 }, () => {
    const missing: string[] = [];
    for (const file of tree) {
      let text: string;
      if (/\.(ts|tsx|mjs|cjs|js)$/.test(file) && !file.endsWith(".d.ts") && !file.startsWith("public/")) {
        text = readFileSync(path.join(root, file), "utf8");
        // Names in the comments are names in the text: only a module whose whole text names something
        // missing (in a string, say) is parsed for its comments.
        if (missingNames(text, file, tree).length === 0) continue;
        text = commentsOf(file, text);
      } else if (file === "README.md" || (file.startsWith("docs/") && file.endsWith(".md"))) {
        if (/^docs\/decisions\/\d{4}-/.test(file)) continue;
        text = readFileSync(path.join(root, file), "utf8");
      } else continue;
      for (const name of missingNames(text, file, tree)) missing.push(`${file}: ${name}`);
    }
    expect(missing).toEqual([]);
  });

  it("the decisions' index lists every record once, each under its own number", () => {
    const records = tree.filter((f) => /^docs\/decisions\/\d{4}-.+\.md$/.test(f)).map((f) => f.split("/")[2]!);
    const index = readFileSync(path.join(root, "docs/decisions/README.md"), "utf8");
    const rows = [...index.matchAll(/^\| (\d{4}) \| \[[^\]]+\]\(([^)]+)\)/gm)].map(([, n, file]) => `${n} ${file}`);
    expect(rows).toEqual(records.sort().map((f) => `${f.slice(0, 4)} ${f}`));
  });
});
