// Which requests count for insights at all. Apart from count-events.ts so the browser's beacon code never
// bundles the crawler list (docs/decisions/0024-counting-off-the-request-path.md).
import { isbot } from "isbot";

/**
 * Whether a request is a person looking: crawlers (isbot) and prefetches are not. Browsers mark a prefetch
 * or prerender with Sec-Purpose (Chromium, and Remix's <Link prefetch>, which adds <link rel="prefetch">),
 * Purpose (older Chromium and Safari) or X-Moz (Firefox).
 */
export function isCountableRequest(headers: Headers): boolean {
  if (isbot(headers.get("User-Agent") ?? "")) return false;
  const purpose = `${headers.get("Sec-Purpose") ?? ""} ${headers.get("Purpose") ?? ""} ${headers.get("X-Moz") ?? ""}`;
  return !/prefetch|prerender|preview/i.test(purpose);
}
