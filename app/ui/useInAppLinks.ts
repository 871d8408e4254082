import { useNavigate } from "@remix-run/react";

/**
 * One click handler for a container of plain links to this site's own pages (the filter chips, the region
 * bar), doing what a Remix <Link> does on a plain left click: navigate in the app, optionally keeping the
 * scroll position. A <Link> costs about as much to render as a listing card, and the grid pages have dozens
 * of these links. Modified and middle clicks are left to the browser (new tab, new window). The links keep
 * `data-discover` so that Remix still fetches their routes ahead of the click.
 */
export function useInAppLinks(preventScrollReset?: boolean) {
  const navigate = useNavigate();
  return (event: React.MouseEvent<HTMLElement>) => {
    const href = (event.target as Element).closest("a")?.getAttribute("href");
    const modified = event.button || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
    if (event.defaultPrevented || modified || !href?.startsWith("/")) {
      return;
    }
    event.preventDefault();
    navigate(href, { preventScrollReset });
  };
}
