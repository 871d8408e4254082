import { describe, expect, it } from "vitest";
import { groupFor, routeGroups } from "~/platform/http/route-groups";
import type { RouteEntry } from "~/platform/http/route-groups";

// The shape of Remix's server build: flat routes under the root, with an index and a catch-all splat.
const ROUTES: Record<string, RouteEntry> = Object.fromEntries(
  [
    { id: "root", path: "" },
    { id: "routes/_index", parentId: "root", index: true },
    { id: "routes/$", parentId: "root", path: "*" },
    { id: "routes/view.$modelId", parentId: "root", path: "view/:modelId" },
    { id: "routes/locations.$location", parentId: "root", path: "locations/:location" },
    { id: "routes/locations", parentId: "root", path: "locations" },
    { id: "routes/api.grid", parentId: "root", path: "api/grid" },
    { id: "routes/api.$", parentId: "root", path: "api/*" },
    { id: "routes/($lang).about", parentId: "root", path: ":lang?/about" },
    { id: "routes/_auth", parentId: "root" },
    { id: "routes/_auth.login", parentId: "routes/_auth", path: "login" },
    { id: "routes/Sitemap.xml", parentId: "root", path: "Sitemap.xml" },
  ].map((r) => [r.id, r]),
);

describe("routeGroups", () => {
  const groups = routeGroups(ROUTES);

  it("puts every route that could match any path in every group", () => {
    expect([...groups.shared].sort()).toEqual(
      ["root", "routes/$", "routes/($lang).about", "routes/_auth", "routes/_index"].sort(),
    );
    for (const ids of groups.byFirstSegment.values()) for (const id of groups.shared) expect(ids.has(id)).toBe(true);
  });

  it("groups fixed first segments, with the parents their routes render inside", () => {
    expect([...groups.byFirstSegment.keys()].sort()).toEqual(["api", "locations", "login", "sitemap.xml", "view"]);
    expect(groups.byFirstSegment.get("locations")).toContain("routes/locations.$location");
    expect(groups.byFirstSegment.get("locations")).toContain("routes/locations");
    expect(groups.byFirstSegment.get("locations")).not.toContain("routes/view.$modelId");
    expect(groups.byFirstSegment.get("api")).toContain("routes/api.$");
    expect(groups.byFirstSegment.get("login")).toContain("routes/_auth.login");
    expect(groups.byFirstSegment.get("login")).toContain("routes/_auth");
  });
});

describe("groupFor", () => {
  const groups = routeGroups(ROUTES);

  it("sends a path to its first segment's group, ignoring case as matching does", () => {
    expect(groupFor("/view/abc", groups)).toBe("view");
    expect(groupFor("/VIEW/abc", groups)).toBe("view");
    expect(groupFor("/locations", groups)).toBe("locations");
    expect(groupFor("/locations/Auckland/", groups)).toBe("locations");
    expect(groupFor("/sitemap.xml", groups)).toBe("sitemap.xml");
  });

  it("sends the home page and unknown first segments to the shared routes alone", () => {
    expect(groupFor("/", groups)).toBe("");
    expect(groupFor("/no-such-page", groups)).toBe("");
    expect(groupFor("/en/about", groups)).toBe("");
  });

  it("sends Remix's own requests, and any spelling it might decode differently, to the whole build", () => {
    expect(groupFor("/_root.data", groups)).toBeNull();
    expect(groupFor("/view/abc.data", groups)).toBeNull();
    expect(groupFor("/__manifest", groups)).toBeNull();
    expect(groupFor("/%76iew/abc", groups)).toBeNull();
    expect(groupFor("//view/abc", groups)).toBeNull();
  });
});
