import { isRouteErrorResponse, useLocation, useRouteError } from "@remix-run/react";

type Props = {
  message: string;
  /** A button that tries again in place (JavaScript) ... */
  onRetry?: () => void;
  /** ... or a link that loads the view again (works without JavaScript). */
  retryHref?: string;
  testId?: string;
};

/**
 * A part of a page that could not be loaded (spec public §8: logged, empty list shown): says so where the
 * part would be, keeps the rest of the page, and offers to try again.
 */
export function LoadFailed({ message, onRetry, retryHref, testId = "load-failed" }: Props) {
  const button = "inline-flex min-h-11 items-center rounded-lg border border-accent px-4 font-semibold text-accent";
  return (
    <div
      role="alert"
      className="mt-4 flex flex-col items-center gap-3 rounded-xl border border-line bg-panel p-6 text-center"
      data-testid={testId}
    >
      <p className="text-muted">{message}</p>
      {onRetry ? (
        <button type="button" className={button} onClick={onRetry}>
          Try again
        </button>
      ) : retryHref ? (
        <a className={button} href={retryHref}>
          Try again
        </a>
      ) : null}
    </div>
  );
}

/**
 * A list screen's own error boundary: when its data cannot be loaded (a failed navigation, a broken
 * answer), the header, footer and heading stay and the list is empty with a way to try again, instead of
 * the site-wide 'Something went wrong'. Not-found answers still read as such.
 */
export function ListErrorBoundary({ heading, what }: { heading: string; what: string }) {
  const error = useRouteError();
  const location = useLocation();
  console.error(`${what} failed to load`, error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="mx-auto max-w-7xl space-y-5 px-3 py-5 sm:px-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{notFound ? "Page not found" : heading}</h1>
      {notFound ? (
        <p className="text-muted">That page does not exist.</p>
      ) : (
        <LoadFailed message={`${what} could not be loaded just now.`} retryHref={location.pathname + location.search} />
      )}
    </div>
  );
}
