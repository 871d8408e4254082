// The one redirect guard, against a table of hostile inputs. Each returned value is also checked the way a
// browser would read it as a Location: it must resolve to this site.
import { describe, expect, it } from "vitest";
import { safeRedirectTo } from "~/features/accounts/auth-redirect";
import { refererPath, safeRedirect } from "~/platform/http/redirects";

const SITE = "https://kiwi.example";
const staysOnSite = (location: string) => new URL(location, `${SITE}/login?x=1`).origin === SITE;

const HOSTILE: unknown[] = [
  "//evil.example",
  "///evil.example",
  "/.//evil.example",
  "/..//evil.example",
  "/%2e//evil.example",
  "/%2E%2E//evil.example",
  "/././/evil.example",
  "/a/..//evil.example",
  "/\\evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r/evil.example",
  "\t//evil.example",
  " //evil.example",
  "/\u0000/evil.example",
  "https://evil.example",
  "http:evil.example",
  "https:/evil.example",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "evil.example",
  "dashboard",
  "?next=//evil.example",
  "#//evil.example",
  "",
  `/${"x".repeat(2001)}`,
  null,
  undefined,
  42,
  ["/"],
  { toString: () => "/" },
];

describe("safeRedirect: one guard for every redirect target", () => {
  it.each(HOSTILE.map((v) => [typeof v === "string" ? JSON.stringify(v).slice(0, 40) : String(v), v]))(
    "refuses %s",
    (_label, value) => {
      expect(safeRedirect(value, "/fallback")).toBe("/fallback");
    },
  );

  it("keeps same-site paths with their query and hash, normalised", () => {
    expect(safeRedirect("/locations/Auckland?age=18-24")).toBe("/locations/Auckland?age=18-24");
    expect(safeRedirect("/profile/edit/abc?x=1#top")).toBe("/profile/edit/abc?x=1#top");
    expect(safeRedirect("/a/../b")).toBe("/b");
    expect(safeRedirect("/search?q=//evil.example")).toBe("/search?q=//evil.example");
    expect(safeRedirect("/")).toBe("/");
  });

  it("never returns a value that leaves the site, for any of these or random junk", () => {
    const junk = ["/", "//", "\\", ".", "..", "%2e", "%2f", "\t", ":", "@", "evil.example", "?", "#", "/"];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    const inputs = [...HOSTILE.filter((v): v is string => typeof v === "string")];
    for (let i = 0; i < 2000; i++)
      inputs.push(Array.from({ length: 1 + (next() % 6) }, () => junk[next() % junk.length]).join(""));
    for (const input of inputs) {
      const out = safeRedirect(input, "/");
      expect(staysOnSite(out), JSON.stringify(input)).toBe(true);
      expect(out.startsWith("//") || out.startsWith("/\\"), JSON.stringify(input)).toBe(false);
    }
  });

  it("login's redirectTo uses it and also never goes back to the login page", () => {
    expect(safeRedirectTo("/.//evil.example")).toBe("/dashboard");
    expect(safeRedirectTo("/%2e//evil.example")).toBe("/dashboard");
    expect(safeRedirectTo("/login?x=1")).toBe("/dashboard");
    expect(safeRedirectTo("/login#a")).toBe("/dashboard");
    expect(safeRedirectTo("/logout")).toBe("/dashboard");
    expect(safeRedirectTo("/managesub")).toBe("/managesub");
  });
});

describe("refererPath: back to the page a plain form was posted from", () => {
  const here = "https://kiwi.example/likes/abc";
  it("takes this site's own page, with its query", () => {
    expect(refererPath("https://kiwi.example/locations/Auckland?page=2", here, "/view/abc")).toBe(
      "/locations/Auckland?page=2",
    );
  });
  it("falls back for none, another site, a bad address or a path that would leave the site", () => {
    for (const referer of [
      null,
      "",
      "https://evil.example/",
      "http://kiwi.example/",
      "not a url",
      "https://kiwi.example//evil.example",
    ])
      expect(refererPath(referer, here, "/view/abc"), String(referer)).toBe("/view/abc");
  });
});
