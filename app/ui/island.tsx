import {
  createElement,
  lazy,
  memo,
  startTransition,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
} from "react";
import type { ComponentType, Context, ReactNode } from "react";
import {
  UNSAFE_DataRouterStateContext as RouterStateContext,
  UNSAFE_FetchersContext as FetchersContext,
  UNSAFE_LocationContext as LocationContext,
  UNSAFE_RouteContext as RouteContext,
  UNSAFE_ViewTransitionContext as ViewTransitionContext,
} from "react-router-dom";
import { UNSAFE_RemixContext as RemixContext } from "@remix-run/react";
// The UNSAFE_ contexts are Remix's and React Router's internals: docs/architecture.md, "Framework internals we
// rely on", says what may break them and what an upgrade to React Router 7 has to change here.
import { useHydrated } from "./useHydrated";

// Parts of a public page whose code the browser fetches at the visitor's first input rather than with the
// page (docs/decisions/0042-islands-woken-by-input.md). Until then the server's HTML stands as it is: it shows
// everything, and its links and forms work as plain HTML. A click inside such a part is held, and given
// again once the part is live.

/** What counts as the visitor's first input: a touch or press, a key, a focus, a scroll by wheel. */
const INPUTS = ["pointerdown", "touchstart", "keydown", "focusin", "wheel"] as const;

/**
 * The router's contexts that change as the visitor moves about (Remix's own, made anew at each new location; the
 * router's state, the location, the matched route, fetchers, view transitions). A part reads them through its links. A sleeping part gets them as they were when
 * it was hydrated: a change that reached it would make React hold the change (a navigation, a fetcher's answer,
 * a scrolled-in page) until the part's code were in.
 */
const ROUTER_CONTEXTS: Context<unknown>[] = [
  RemixContext,
  RouterStateContext,
  LocationContext,
  RouteContext,
  FetchersContext,
  ViewTransitionContext,
] as Context<unknown>[];

let woken = false;
const sleepers: (() => void)[] = [];

/** Fetches every island's code now (the first input, a page that needs them at once). */
export function wakeIslands() {
  if (woken) return;
  woken = true;
  for (const type of INPUTS) window.removeEventListener(type, wakeIslands, true);
  for (const wake of sleepers.splice(0)) wake();
}

/**
 * Resolves at the visitor's first input (or at once after it): what a page may need only after an input (a failed
 * navigation's notice) can be fetched then, beside the islands, rather than with the page.
 */
export const whenWoken = () => (woken ? Promise.resolve() : new Promise<void>((resolve) => sleepers.push(resolve)));

type Shell<P> = { props: P; onHydrated: () => void; onLive: () => void; tries: { current: number } };

/** The event a part's element gets when React has hydrated it. */
const HYDRATED = "kc:island-hydrated";
/** The event a part's element gets when it goes live (a render after hydrating), or when its code could not be had. */
const SETTLED = "kc:island-settled";

/**
 * A plain left click inside a part not yet live: held (React cannot answer it yet, and the browser's own
 * answer would be a full page load), and given again on the same element once the part is live. A part
 * whose code cannot be fetched gets it back as a plain click, which its HTML answers.
 */
function holdClick(event: MouseEvent) {
  const target = event.target as Element | null;
  const part = target?.closest?.("[data-island='asleep'], [data-island='hydrated']");
  if (!target || !part || event.button || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  // A <details> opens by itself, at once, and React keeps it open when it hydrates.
  if (target.closest("summary")) return;
  event.preventDefault();
  event.stopPropagation();
  wakeIslands();
  part.addEventListener(
    SETTLED,
    () => {
      if (target.isConnected)
        target.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, view: window }));
    },
    { once: true },
  );
}

/**
 * Typing inside a part not yet hydrated: kept from React, which would hydrate the part on the spot and put the
 * field back to the value it rendered (the text typed so far lost). The browser has the text; once React has
 * hydrated the part, one `input` event tells it what the field holds. From then on React hears every key.
 */
function holdInput(event: Event) {
  const target = event.target as Element | null;
  const part = target?.closest?.("[data-island='asleep']");
  if (!target || !part) return;
  event.stopPropagation();
  wakeIslands();
  if (heldInputs.has(target)) return;
  heldInputs.add(target);
  part.addEventListener(
    HYDRATED,
    () => {
      heldInputs.delete(target);
      if (target.isConnected) target.dispatchEvent(new Event("input", { bubbles: true }));
    },
    { once: true },
  );
}
const heldInputs = new WeakSet<Element>();

if (typeof window !== "undefined") {
  for (const type of INPUTS) window.addEventListener(type, wakeIslands, { capture: true, passive: true });
  window.addEventListener("click", holdClick, true);
  window.addEventListener("input", holdInput, true);
}

/**
 * Moves a part on: hydrated (its typing given back), then live, or dead (its code could not be had); the last
 * two give it the clicks held for it.
 */
function settle(part: Element | null, state: "hydrated" | "live" | "dead") {
  if (!(part instanceof HTMLElement)) return;
  const now = part.dataset.island;
  if (now !== "asleep" && !(now === "hydrated" && state !== "hydrated")) return;
  // Set here, not through React's next render: the events given again must not be held again.
  part.dataset.island = state;
  // Given again once React's effects are done: an event React answers from inside them is answered with the
  // state before those effects' updates (a field put back to the text it rendered).
  setTimeout(() => part.dispatchEvent(new Event(state === "hydrated" ? HYDRATED : SETTLED)));
}

/** A part's element, in `parts` while on the page, for when its component's code cannot be fetched. */
function usePartElement(parts: Set<HTMLElement>, loading: { failed: boolean }) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const part = element.current;
    if (!part) return;
    if (loading.failed) settle(part, "dead");
    parts.add(part);
    return () => void parts.delete(part);
  }, [parts, loading]);
  return element;
}

/** The router's contexts for a part: as they were at hydration while it sleeps, as they are once it is live. */
function useRouterWhileAsleep(live: boolean): unknown[] {
  const now = [
    useContext(RemixContext),
    useContext(RouterStateContext),
    useContext(LocationContext),
    useContext(RouteContext),
    useContext(FetchersContext),
    useContext(ViewTransitionContext),
  ];
  const kept = useRef(now);
  if (live) kept.current = now;
  return kept.current;
}

/**
 * A component the server renders in place (`eager`; pass `import.meta.env.SSR ? Eager : null` so the client
 * build drops the static import) and the browser loads with `load` at the first input, or at once when:
 * - `wakeNow(props)` says so after hydration (a returning visitor's saved hearts, a signed-in user);
 * - its props change before it is live (new data: the part must show it, so it must run);
 * - it mounts after the page hydrated (a client-side navigation), showing `fallback` until its code is in.
 * Its element is `display: contents`, so it adds no box to the layout it sits in (a grid's cards).
 */
export function island<P extends object>(
  eager: ComponentType<P> | null,
  load: () => Promise<ComponentType<P>>,
  options: { wakeNow?: (props: P) => boolean; fallback?: ReactNode } = {},
): ComponentType<P> {
  // This component's elements on the page, for when its code cannot be fetched.
  const parts = new Set<HTMLElement>();
  const loading = { failed: false };
  const Loaded: ComponentType<P> =
    eager ??
    (lazy(() =>
      whenWoken()
        .then(load)
        .then(
          (component) => ({ default: component }),
          // Its parts stay as the server rendered them, working as plain HTML, and their held clicks go back
          // to that HTML.
          (error: unknown) => {
            console.error("island: could not load a component", error);
            loading.failed = true;
            for (const part of parts) settle(part, "dead");
            return new Promise<never>(() => {});
          },
        ),
    ) as unknown as ComponentType<P>);
  function Live({ props, onHydrated, onLive, tries }: Shell<P>) {
    // React tries to hydrate the part once, after the page, and again before its code is in only when an
    // update reaches it, which React holds until the part can hydrate. So its code is fetched then.
    if (++tries.current > 1) wakeIslands();
    // Live one render after hydrating: what the part's own effects set then (a like read from storage) is
    // in its state before a held click reaches its handlers.
    const [rendered, setRendered] = useState(false);
    useEffect(() => {
      if (rendered) return onLive();
      onHydrated();
      setRendered(true);
    }, [rendered, onHydrated, onLive]);
    return createElement(Loaded, props);
  }
  // Memoised: while asleep the boundary gets the very props it was hydrated with, so no re-render reaches it
  // before its code is in (React would give up hydrating it and render it anew: error 421).
  const Boundary = memo(function IslandBoundary(shell: Shell<P>) {
    return <Suspense fallback={options.fallback ?? null}>{createElement(Live, shell)}</Suspense>;
  });
  function Island(props: P) {
    const [live, setLive] = useState(false);
    const shown = useRef(props);
    const changed =
      shown.current !== props && Object.entries(props).some(([k, v]) => !Object.is(v, shown.current[k as keyof P]));
    if (live) shown.current = props;
    const router = useRouterWhileAsleep(live);
    const [mountedLate] = useState(useHydrated());
    const element = usePartElement(parts, loading);
    useEffect(() => {
      if (!woken && (mountedLate || changed || options.wakeNow?.(props))) wakeIslands();
    });
    const tries = useRef(0);
    const onHydrated = useCallback(() => settle(element.current, "hydrated"), [element]);
    const onLive = useCallback(() => {
      settle(element.current, "live");
      // In a transition: the part's own lazy parts (the header's account menu) may still be loading, and the
      // change to today's props and contexts must wait for them rather than reach them unhydrated.
      startTransition(() => setLive(true));
    }, [element]);
    return (
      // The attribute is React's only here: settle() moves it on.
      <div ref={element} className="contents" data-island="asleep">
        {ROUTER_CONTEXTS.reduce<ReactNode>(
          (inner, context, i) => createElement(context.Provider, { value: router[i] }, inner),
          <Boundary props={shown.current} onHydrated={onHydrated} onLive={onLive} tries={tries} />,
        )}
      </div>
    );
  }
  return Island;
}
