import { Form, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { AGE_COOKIE, AGE_COOKIE_MAX_AGE, AGE_STORAGE_KEY, EXIT_URL } from "~/features/site/age-gate";
import { Logo } from "~/features/site/Logo";
import { Dialog } from "~/ui/Dialog";

/**
 * Full-screen overlay rendered by the server until the visitor confirms: nothing behind it is visible
 * before it, and closing it moves nothing. Without JavaScript the form posts to /age-verification.
 * It cannot be dismissed, only answered.
 */
export function AgeGate({ onConfirm }: { onConfirm: () => void }) {
  const location = useLocation();
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => confirmRef.current?.focus(), []);

  return (
    <Dialog
      openOnServer
      aria-labelledby="age-gate-title"
      aria-describedby="age-gate-text"
      className="fixed inset-0 z-50 flex h-full w-full items-center justify-center bg-ink p-4 text-white"
      data-testid="age-gate"
      data-age-gate=""
    >
      <div className="w-full max-w-md space-y-5 rounded-2xl border border-line bg-panel p-6 text-center shadow-2xl">
        <Logo />
        <h2 id="age-gate-title" className="text-2xl font-bold">
          Adults only
        </h2>
        <p id="age-gate-text" className="text-sm text-zinc-300">
          This website contains adult content and listings for adult services, legal in New Zealand under the
          Prostitution Reform Act 2003. You must be 18 or older to enter.
        </p>
        <Form
          method="post"
          action="/age-verification"
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            const secure = window.location.protocol === "https:" ? "; Secure" : "";
            document.cookie = `${AGE_COOKIE}=1; Path=/; Max-Age=${AGE_COOKIE_MAX_AGE}; SameSite=Lax${secure}`;
            try {
              localStorage.setItem(AGE_STORAGE_KEY, "true");
            } catch {
              // The cookie alone is enough.
            }
            onConfirm();
          }}
        >
          <input type="hidden" name="returnTo" value={location.pathname + location.search} />
          <button ref={confirmRef} type="submit" className="min-h-12 rounded-lg bg-accent px-4 font-semibold text-ink">
            I am 18+ years old
          </button>
          <a
            href={EXIT_URL}
            className="inline-flex min-h-12 items-center justify-center rounded-lg border border-line px-4 text-zinc-200"
          >
            Exit Site
          </a>
        </Form>
      </div>
    </Dialog>
  );
}
