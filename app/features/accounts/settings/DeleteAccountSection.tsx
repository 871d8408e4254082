// /managesub's 'Delete account', and the page's side of deleting it with JavaScript: the confirmation is
// sent by a fetcher so that, once the account is gone, the page clears local storage and leaves for home.
import { Form, useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import type { FormEvent } from "react";
import { Button } from "~/ui/Button";

export function DeleteAccountSection({ busy }: { busy: boolean }) {
  return (
    <section aria-labelledby="account-title" className="space-y-4 rounded-2xl border border-rose-900 bg-panel p-6">
      <h2 id="account-title" className="text-xl font-semibold">
        Delete account
      </h2>
      <p className="text-zinc-300">
        This permanently removes your account, every listing, photo and statistic, and signs you out everywhere.
      </p>
      {/* No confirm() here: the confirmation step asks the question and the current password. */}
      <Form method="post">
        <input type="hidden" name="intent" value="deleteAccount" />
        <Button type="submit" variant="danger" disabled={busy}>
          Delete My Account
        </Button>
      </Form>
    </section>
  );
}

type DeletionAnswer = { error?: string; accountDeleted?: true; passwordError?: string };

/** The fetcher that sends the account's confirmation step with JavaScript, and what follows its answer. */
export function useAccountDeletion() {
  const fetcher = useFetcher<DeletionAnswer>({ key: "delete-account" });
  useEffect(() => {
    if (!fetcher.data?.accountDeleted) return;
    // Spec §4: deleting the account clears local storage (the cached user, drafts, favourites) and goes home.
    try {
      localStorage.clear();
      sessionStorage.clear();
    } catch {
      // Storage may be unavailable; the server already asked the browser to clear it.
    }
    window.location.replace("/");
  }, [fetcher.data]);

  function submitWithJs(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = new FormData(event.currentTarget);
    body.set("js", "1");
    fetcher.submit(body, { method: "post", action: "/managesub" });
  }
  return { fetcher, submitWithJs };
}
