// The question asked in /managesub before anything is deleted: for a listing without JavaScript, for the
// account always, with the current password (or a fresh second factor) that deleting it needs.
import { Form, Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { FormEvent } from "react";
import { Button, buttonClass } from "~/ui/Button";
import { SettingsSection } from "~/ui/SettingsSection";
import { DELETE_ACCOUNT_CONFIRM, deleteListingConfirm } from "~/features/dashboard/dashboard";
import { CurrentPasswordField } from "~/features/accounts/CurrentPasswordField";

export type DeleteConfirm = { kind: "listing"; listingId: string; name: string } | { kind: "account" };

export function DeleteConfirmStep({
  confirm,
  passwordError,
  freshSecondFactor,
  onSubmit,
  busy,
}: {
  confirm: DeleteConfirm;
  passwordError?: string;
  freshSecondFactor: boolean;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  busy: boolean;
}) {
  const question = confirm.kind === "listing" ? deleteListingConfirm(confirm.name) : DELETE_ACCOUNT_CONFIRM;
  const ref = useRef<HTMLElement>(null);
  // The step appears at the top of a long page: bring it into view and put the keyboard there.
  useEffect(() => {
    ref.current?.scrollIntoView({ block: "start" });
    ref.current?.focus();
  }, [confirm.kind]);
  return (
    <SettingsSection
      id="confirm-title"
      title="Please confirm"
      frame="danger"
      testId="delete-confirm"
      sectionRef={ref}
      className="scroll-mt-4"
    >
      <p className="text-lg">{question}</p>
      <div className="flex flex-wrap items-end gap-3">
        <Form method="post" onSubmit={onSubmit} className="space-y-4">
          <input type="hidden" name="intent" value={confirm.kind === "listing" ? "deleteListing" : "deleteAccount"} />
          {confirm.kind === "listing" ? <input type="hidden" name="listingId" value={confirm.listingId} /> : null}
          <input type="hidden" name="confirmed" value="yes" />
          {confirm.kind === "account" ? (
            <CurrentPasswordField
              id="delete-account-password"
              errors={passwordError ? [passwordError] : null}
              freshSecondFactor={freshSecondFactor}
            />
          ) : null}
          <Button type="submit" variant="destructive" size="roomy" busy={busy}>
            {confirm.kind === "listing" ? "Yes, delete this listing" : "Yes, delete my account"}
          </Button>
        </Form>
        <Link to="/managesub" className={buttonClass({ variant: "secondary", size: "roomy" })}>
          Cancel
        </Link>
      </div>
    </SettingsSection>
  );
}
