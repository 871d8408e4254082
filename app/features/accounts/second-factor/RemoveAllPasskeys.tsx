// 'Also remove all passkeys (N)', ticked: offered with a new password (the reset page) and a new
// authenticator app (/account/two-factor). A passkey signs in by itself, so securing the account without it
// would leave a way in open. A plain checkbox: it works without JavaScript, and an unticked box sends nothing.
import { REMOVE_ALL_PASSKEYS, REMOVE_ALL_PASSKEYS_FIELD } from "./passkeys";

export function RemoveAllPasskeys({ count, id }: { count: number; id: string }) {
  if (count <= 0) return null;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium">
        <input
          id={id}
          type="checkbox"
          name={REMOVE_ALL_PASSKEYS_FIELD}
          value="on"
          defaultChecked
          aria-describedby={`${id}-hint`}
          className="size-5 accent-accent"
          data-testid="remove-all-passkeys"
        />
        {REMOVE_ALL_PASSKEYS.label(count)}
      </label>
      <p id={`${id}-hint`} className="text-sm text-muted">
        {REMOVE_ALL_PASSKEYS.hint}
      </p>
    </div>
  );
}
