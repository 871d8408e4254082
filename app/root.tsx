import { data } from "@remix-run/cloudflare";
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  ScrollRestoration,
  useLocation,
  useNavigation,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import type { ReactNode } from "react";
import { AgeGate as EagerAgeGate } from "~/features/shell/AgeGate";
import { clientLazy } from "~/ui/clientLazy";
import { Footer as EagerFooter } from "~/features/shell/Footer";
import { Header as EagerHeader } from "~/features/shell/Header";
import { includedUser } from "~/features/shell/account-parts";
import { island } from "~/ui/island";
import { hasSavedHearts } from "~/features/likes/saved-hearts";
import { LowPriorityScripts } from "~/ui/LowPriorityScripts";
import { useNonce } from "~/ui/nonce";
import { ProfileSkeleton as EagerProfileSkeleton } from "~/features/profile/ProfileSkeleton";
import { RealtimeListener } from "~/features/site/Realtime";
import { Toast } from "~/ui/Toast";
import { AGE_RESTORE_SCRIPT, AGE_STORAGE_KEY, hasAgeCookie } from "~/features/site/age-gate";
import { toPublicUser } from "~/core/session-user";
import { getSessionUser, needsSessionRead } from "~/features/accounts/auth.server";
import { readToast } from "~/features/site/flash.server";
import { isUnsent } from "~/platform/http/unsent";
import styles from "~/styles/app.css?url";

// Shown once per visitor: returning visitors' pages do not download it. Until its module is in, the
// server's gate stays as it is, its button posting to /age-verification as it does without JavaScript.
const AgeGate = clientLazy(import.meta.env.SSR ? EagerAgeGate : null, () =>
  import("~/features/shell/AgeGate").then((m) => m.AgeGate),
);

// Shown only while a click on a card loads that profile, so it comes with the first such click, not with
// every page.
const ProfileSkeleton = clientLazy(import.meta.env.SSR ? EagerProfileSkeleton : null, () =>
  import("~/features/profile/ProfileSkeleton").then((m) => m.ProfileSkeleton),
);

// The header (its menu, search suggestions, hide-on-scroll) and the footer run from the visitor's first input:
// until then their HTML shows all and their links work (docs/decisions/0042-islands-woken-by-input.md). At once
// for a signed-in user, and for a visitor whose saved favourites the header's heart must show.
const Header = island(
  import.meta.env.SSR ? EagerHeader : null,
  () => import("~/features/shell/Header").then((m) => m.Header),
  { wakeNow: ({ user }) => user != null || hasSavedHearts() },
);
const Footer = island(import.meta.env.SSR ? EagerFooter : null, () =>
  import("~/features/shell/Footer").then((m) => m.Footer),
);

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  // A page loader that reads D1 anyway may take the session lookup into its own batch (withSessionLookup:
  // one round trip for the page). Waiting one turn lets it start first; this loader then shares its lookup.
  if (needsSessionRead(request, context.cloudflare.env)) await new Promise((resolve) => setTimeout(resolve, 0));
  // A failing session lookup must not take every public page down with it: show the visitor signed out.
  const user = await getSessionUser(request, context.cloudflare.env, context).catch((error: unknown) => {
    console.error("root: session lookup failed", error);
    return null;
  });
  // The confirmation an action left for the toast (a saved listing, an upgrade, an admin action).
  const { toast, headers } = await readToast(request, context.cloudflare.env);
  return data(
    {
      ageVerified: hasAgeCookie(request.headers.get("Cookie")),
      // Public fields only: this lands in every page's HTML.
      user: user ? toPublicUser(user) : null,
      year: new Date().getUTCFullYear(),
      toast,
    },
    headers ? { headers } : undefined,
  );
}

/**
 * The root's data (who is signed in, the age confirmation) changes only through form posts: sign in, sign
 * out, sign up, delete the account. Plain navigations and realtime refreshes leave it alone, which saves a
 * session lookup per refresh and means a failed page load belongs to that page's own error boundary, not
 * to the root's, so the header and footer stay. A post that never got an answer (`Unsent`, on a flaky
 * connection) changed nothing here either: reading again, likely offline too, would only fail the page.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, actionResult, defaultShouldRevalidate }) =>
  formMethod !== undefined && formMethod.toUpperCase() !== "GET" && !isUnsent(actionResult)
    ? defaultShouldRevalidate
    : false;

/** The site header is hidden on the owner's screens (spec: paths starting /profile and /dashboard). */
function showsSiteHeader(pathname: string) {
  return !pathname.startsWith("/profile") && !pathname.startsWith("/dashboard");
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  return (
    <html lang="en-NZ">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0c0a0b" />
        <Meta />
        <Links />
        {data && !data.ageVerified ? (
          // The script runs once, from the server's HTML; hydration keeps that element as it is, so the
          // browser bundle need not carry the text.
          <script
            nonce={nonce}
            dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? AGE_RESTORE_SCRIPT : "" }}
            suppressHydrationWarning
          />
        ) : null}
      </head>
      <body className="bg-ink text-white antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <LowPriorityScripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const data = useRouteLoaderData<typeof loader>("root");
  const location = useLocation();
  const navigation = useNavigation();
  // Moving to another profile shows its skeleton rather than the old page.
  const openingProfile =
    navigation.state === "loading" &&
    navigation.location.pathname.startsWith("/view/") &&
    navigation.location.pathname !== location.pathname;
  // A public grid page made for a signed-in person from the public copy (docs/decisions/0070) was rendered for
  // nobody: who it was finished for is on <body>, and holds until the root's data is read again (a form post).
  const firstData = useRef(data);
  const [included] = useState(includedUser);
  const user = data?.user ?? (data === firstData.current ? included : null);
  const [ageVerified, setAgeVerified] = useState(data?.ageVerified ?? false);
  const confirmAge = useCallback(() => setAgeVerified(true), []);
  useEffect(() => {
    // A marker that React has hydrated: end-to-end tests wait for it before they click.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  useEffect(() => {
    // Confirmed by the gate's plain form post (without JavaScript, or before the gate's own code was in):
    // the cookie is there, and the stored confirmation the spec names follows it.
    if (!data?.ageVerified) return;
    try {
      localStorage.setItem(AGE_STORAGE_KEY, "true");
    } catch {
      // The cookie alone is enough.
    }
  }, [data?.ageVerified]);
  useEffect(() => {
    // A visitor who confirmed before but lost the cookie: the head script already restored the cookie and
    // hid the gate before the first paint; the state catches up here.
    if (!ageVerified && localStorage.getItem(AGE_STORAGE_KEY) === "true") setAgeVerified(true);
  }, [ageVerified]);
  const inert = ageVerified ? {} : { inert: "" };
  return (
    <>
      {!ageVerified ? <AgeGate onConfirm={confirmAge} /> : null}
      <div {...inert} aria-hidden={ageVerified ? undefined : true} className="flex min-h-dvh flex-col">
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <RealtimeListener />
        {showsSiteHeader(location.pathname) ? <Header user={user} /> : null}
        <main id="main" className="flex-1">
          {openingProfile ? <ProfileSkeleton /> : <Outlet />}
        </main>
        <Footer year={data?.year ?? new Date().getUTCFullYear()} signedIn={user != null} />
      </div>
      <Toast toast={data?.toast} />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <div className="mx-auto max-w-xl space-y-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{status === 404 ? "Page not found" : "Something went wrong"}</h1>
      <p className="text-muted">{status === 404 ? "That page does not exist." : "Please try again in a moment."}</p>
      <a href="/" className="inline-flex min-h-11 items-center rounded-lg bg-accent px-4 font-semibold text-ink">
        Back to all listings
      </a>
    </div>
  );
}
