import { useCallback, useEffect, useRef, useState } from "react";

export type JsonFetchFailure = { message: string; status: number | null };
export type JsonFetchResult<T> =
  { ok: true; data: T } | { ok: false; failure: JsonFetchFailure } | { ok: false; aborted: true };

/**
 * Loads JSON from the app's own API for a piece of a page (more cards, favourites, a realtime refresh).
 * Unlike a Remix fetcher, a failure stays with the caller, which keeps what it already shows and offers a
 * retry, instead of sending the whole page to the route's error boundary. A newer load aborts the older one.
 */
export function useJsonFetch<T>() {
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<JsonFetchFailure | null>(null);
  const inFlight = useRef<AbortController | null>(null);
  useEffect(() => () => inFlight.current?.abort(), []);

  const load = useCallback(async (url: string): Promise<JsonFetchResult<T>> => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setLoading(true);
    setFailure(null);
    try {
      const res = await fetch(url, { signal: controller.signal, headers: { Accept: "application/json" } });
      const body = (await res.json().catch(() => null)) as (T & { error?: unknown }) | null;
      if (!res.ok || body === null) {
        const message = typeof body?.error === "string" ? body.error : `The server answered ${res.status}`;
        throw Object.assign(new Error(message), { status: res.status });
      }
      return { ok: true, data: body };
    } catch (error) {
      if (controller.signal.aborted) return { ok: false, aborted: true };
      console.error("load failed", url, error);
      const status =
        typeof (error as { status?: unknown }).status === "number" ? (error as { status: number }).status : null;
      const next = { message: error instanceof Error ? error.message : String(error), status };
      setFailure(next);
      return { ok: false, failure: next };
    } finally {
      if (inFlight.current === controller) {
        inFlight.current = null;
        setLoading(false);
      }
    }
  }, []);

  return { load, loading, failure };
}
