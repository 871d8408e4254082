import { Scripts } from "@remix-run/react";
import { cloneElement, createElement, Fragment, isValidElement } from "react";
import type { ComponentProps, ReactNode } from "react";

/**
 * Remix's <Scripts>, its module preloads fetched at low priority. They hydrate a page that is already whole
 * (module scripts never block the first paint), so on a phone's connection the stylesheet and the first
 * row's photos should not share the bandwidth with them; Lighthouse likewise stops counting high-priority
 * scripts as render-blocking. <Scripts> has no prop for it, and rewriting the whole HTML stream on its way
 * out (an HTMLRewriter) cost about a twentieth of a signed-in page's CPU, so its output is changed instead.
 */
export function LowPriorityScripts(props: ComponentProps<typeof Scripts>) {
  // Called, not rendered, so its elements can be changed before React renders them: its hooks run as this
  // component's own, unconditionally, so in the same order on every render.
  return lowered(Scripts(props));
}

/** The tree with every <link rel="modulepreload"> given fetchpriority="low"; anything else as it was. */
function lowered(node: ReactNode): ReactNode {
  if (Array.isArray(node)) return node.map(lowered);
  if (!isValidElement<{ rel?: string; children?: ReactNode }>(node)) return node;
  if (node.type === "link" && node.props.rel === "modulepreload") {
    // Lower case, as React 18 passes an attribute it does not know (it has no fetchPriority prop).
    return cloneElement(node, { fetchpriority: "low" } as object);
  }
  if (node.type !== Fragment) return node;
  const children = node.props.children;
  return createElement(
    Fragment,
    node.key === null ? null : { key: node.key },
    ...(Array.isArray(children) ? children : [children]).map(lowered),
  );
}
