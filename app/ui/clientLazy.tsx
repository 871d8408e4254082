import { createElement, lazy, memo, Suspense } from "react";
import type { ComponentType } from "react";

/**
 * A component whose code the browser downloads only when the page first renders it, so pages that never
 * show it (visitors' pages: an admin's menu, a signed-in user's, the age gate once confirmed) do not ship
 * it. The server renders `eager` in place; call as `clientLazy(import.meta.env.SSR ? Eager : null, load)`,
 * so the client build drops that static import. The client keeps the server's HTML (its links and forms
 * work as plain HTML meanwhile) and hydrates it once the module is in.
 *
 * Memoised: a parent's re-render with the same props (a navigation re-renders the header) must not reach a
 * boundary still waiting for its module, or React gives up hydrating it (error 421) and renders it anew.
 * Pass stable props (useCallback for functions).
 */
export function clientLazy<P extends object>(
  eager: ComponentType<P> | null,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  // A lazy component takes the props of the one it loads; TypeScript cannot show that for a generic P.
  const Component =
    eager ??
    (lazy(() =>
      load().then(
        (component) => ({ default: component }),
        // A module that cannot be fetched must not take the page down (the root's error boundary): the part
        // stays as the server rendered it, working as plain HTML, and a client-only part stays away.
        (error: unknown) => {
          console.error("clientLazy: could not load a component", error);
          return new Promise<never>(() => {});
        },
      ),
    ) as unknown as ComponentType<P>);
  function ClientLazy(props: P) {
    return <Suspense fallback={null}>{createElement(Component, props)}</Suspense>;
  }
  return memo(ClientLazy) as unknown as ComponentType<P>;
}
