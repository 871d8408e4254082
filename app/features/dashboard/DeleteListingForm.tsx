// 'Delete Listing' on /managesub. With JavaScript the browser asks (the spec's wording) and, on OK, the form
// goes out already confirmed; without it the action answers with the confirmation step (DeleteConfirmStep in
// ~/features/accounts/settings/).
import { Form, useSubmit } from "@remix-run/react";
import type { FormEvent } from "react";
import { Button } from "~/ui/Button";
import { useHydrated } from "~/ui/useHydrated";
import { deleteListingConfirm } from "./dashboard";

export function DeleteListingForm({
  listingId,
  firstName,
  busy,
}: {
  listingId: string;
  firstName: string;
  busy: boolean;
}) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  function confirmThen(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!window.confirm(deleteListingConfirm(firstName))) return;
    const body = new FormData(event.currentTarget);
    body.set("confirmed", "yes");
    body.set("js", "1");
    submit(body, { method: "post", action: "/managesub" });
  }
  return (
    <Form method="post" onSubmit={hydrated ? confirmThen : undefined}>
      <input type="hidden" name="intent" value="deleteListing" />
      <input type="hidden" name="listingId" value={listingId} />
      <Button type="submit" variant="danger" disabled={busy} aria-label={`Delete Listing ${firstName}`}>
        Delete Listing
      </Button>
    </Form>
  );
}
