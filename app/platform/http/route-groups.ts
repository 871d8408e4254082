// The server build's routes split by their path's first segment, so a request is matched against the few
// routes that could match it rather than all of them (docs/decisions/0020-route-groups.md).
//
// React Router matches by flattening, ranking and trying every route, several times per document request
// (the server's match, the static handler's, the render's and the lazy-discovery manifest's), building a
// RegExp per route tried: with 84 routes that was a fifth of a signed-in page's CPU. A route whose path
// starts with a fixed segment can only match requests whose path starts with that segment, so each fixed
// first segment gets the routes under it plus every route that could match anything (the root, index and
// pathless routes, and those starting with a parameter or a splat).

export type RouteEntry = { id: string; parentId?: string; path?: string; index?: boolean };

export type RouteGroups = {
  /** First segment (lower case: matching ignores case) → route ids under it, shared ones included. */
  byFirstSegment: Map<string, Set<string>>;
  /** The routes every request may match; alone, they serve any other first segment. */
  shared: Set<string>;
};

/** The route's whole path: its own joined to its parents' (Remix lists parents by id). */
function fullPath(routes: Record<string, RouteEntry | undefined>, route: RouteEntry): string {
  const parts: string[] = [];
  let at: RouteEntry | undefined = route;
  for (let depth = 0; at && depth < 64; depth++) {
    if (at.path) parts.unshift(at.path);
    at = at.parentId ? routes[at.parentId] : undefined;
  }
  return parts.join("/");
}

/** A segment that matches only itself: no parameter, splat or optional part. */
function isFixed(segment: string): boolean {
  return !/[:*?()]/.test(segment);
}

export function routeGroups(routes: Record<string, RouteEntry | undefined>): RouteGroups {
  const shared = new Set<string>();
  const fixed = new Map<string, Set<string>>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const first = fullPath(routes, route).split("/").find(Boolean);
    if (first === undefined || !isFixed(first)) {
      shared.add(route.id);
      continue;
    }
    const key = first.toLowerCase();
    fixed.set(key, (fixed.get(key) ?? new Set()).add(route.id));
    // Its parents come along (a pathless layout, the root): the route cannot render without them.
    for (let p = route.parentId; p && routes[p]; p = routes[p]!.parentId) fixed.get(key)!.add(p);
  }
  const byFirstSegment = new Map<string, Set<string>>();
  for (const [key, ids] of fixed) byFirstSegment.set(key, new Set([...shared, ...ids]));
  return { byFirstSegment, shared };
}

/**
 * Which group answers `pathname`: a fixed first segment's, `""` for the shared routes alone, or null for
 * the whole build. The whole build serves Remix's own paths (single-fetch `.data` requests and the
 * `/__manifest` lookups of lazy route discovery name other paths than their own) and anything whose first
 * segment is not plain (encoded, or an empty segment), so no spelling can reach a group that lacks its route.
 */
export function groupFor(pathname: string, groups: RouteGroups): string | null {
  if (pathname.endsWith(".data") || pathname.startsWith("/__manifest") || pathname.startsWith("//")) return null;
  const first = pathname.split("/")[1] ?? "";
  if (first.includes("%")) return null;
  const key = first.toLowerCase();
  return groups.byFirstSegment.has(key) ? key : "";
}

type BuildLike = { routes: Record<string, RouteEntry>; assets: { routes: Record<string, unknown> } };

/** Keeps only the routes named by `ids`. */
function only<T>(routes: Record<string, T>, ids: Set<string>): Record<string, T> {
  return Object.fromEntries(Object.entries(routes).filter(([id]) => ids.has(id)));
}

/**
 * One request handler per group, each `make` (Remix's createRequestHandler) over a copy of the build holding
 * only the group's routes, in both `routes` and the client manifest `assets.routes`: the render builds its
 * routes from the manifest (lazy route discovery sends the rest). Made on first use and kept; `made` lists the
 * route ids of each handler made so far (null: the whole build), which the tests hold the groups to.
 */
export function groupedHandlers<B extends BuildLike, H>(build: B, make: (build: B) => H) {
  const groups = routeGroups(build.routes);
  const handlers = new Map<string | null, H>();
  const made = new Map<string | null, readonly string[]>();
  function handlerFor(pathname: string): H {
    const group = groupFor(pathname, groups);
    let handler = handlers.get(group);
    if (!handler) {
      const ids = group === null ? null : (groups.byFirstSegment.get(group) ?? groups.shared);
      const subset = ids
        ? {
            ...build,
            routes: only(build.routes, ids),
            assets: { ...build.assets, routes: only(build.assets.routes, ids) },
          }
        : build;
      handler = make(subset);
      handlers.set(group, handler);
      made.set(group, Object.keys(subset.routes));
    }
    return handler;
  }
  return { groups, made: made as ReadonlyMap<string | null, readonly string[]>, handlerFor };
}
