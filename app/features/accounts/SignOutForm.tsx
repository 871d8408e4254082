import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { removeAllDrafts } from "~/core/draft-keys";

/**
 * Every Sign Out button: posts to /logout (works without JavaScript) and first forgets the listing drafts
 * kept in this browser, so the next person on a shared phone cannot read a provider's unsaved details.
 */
export function SignOutForm({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <Form
      method="post"
      action="/logout"
      className={className}
      onSubmit={() => {
        try {
          removeAllDrafts(window.localStorage);
        } catch {
          // Storage off: there are no drafts to forget.
        }
      }}
    >
      {children}
    </Form>
  );
}
