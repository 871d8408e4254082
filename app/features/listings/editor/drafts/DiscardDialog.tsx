import { ChoiceDialog } from "~/ui/ChoiceDialog";
import { BUTTON } from "../fields";

/** The editor's Cancel, when it would throw away typing or photos not saved yet: it asks first. */
export function DiscardDialog({
  creating,
  onKeep,
  onDiscard,
}: {
  creating: boolean;
  onKeep: () => void;
  onDiscard: () => void;
}) {
  return (
    <ChoiceDialog
      title={creating ? "Discard this new listing?" : "Discard your changes?"}
      description={
        <p>
          {creating
            ? "What you typed and the photos you added will be deleted. To finish it later instead, keep editing: your draft is kept on this device."
            : "What you changed since the last save, and photos you added, will be lost."}
        </p>
      }
      onDismiss={onKeep}
      data-testid="discard-dialog"
    >
      <button type="button" className={BUTTON} onClick={onKeep} autoFocus>
        Keep editing
      </button>
      <button
        type="button"
        className="inline-flex min-h-11 items-center justify-center rounded-lg bg-rose-700 px-4 font-semibold text-white hover:bg-rose-600"
        onClick={onDiscard}
      >
        {creating ? "Discard listing" : "Discard changes"}
      </button>
    </ChoiceDialog>
  );
}
