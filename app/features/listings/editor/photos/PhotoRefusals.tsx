// The files that were not added: the spec's texts for what they cover, then each file named with its reason
// (docs/editor.md 'Photos').
import { refusalHeadings } from "~/features/photos/upload-rules";
import type { Refusal } from "~/features/photos/upload-rules";
import { Alert } from "~/ui/Alert";

export function PhotoRefusals({ refused, onClose }: { refused: Refusal[]; onClose: () => void }) {
  return (
    <Alert tone="warning" reveal={refused} data-testid="photo-refusals">
      {refusalHeadings(refused).map((heading) => (
        <p key={heading} className="font-semibold" data-testid="photo-refusal-heading">
          {heading}
        </p>
      ))}
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
        {refused.map((r, i) => (
          <li key={`${i}-${r.name}`} className="break-words" data-testid="photo-refusal">
            <span className="font-medium [overflow-wrap:anywhere]">{r.name}</span>: {r.reason}
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={onClose}
        className="mt-2 min-h-11 text-sm font-semibold underline underline-offset-2 hover:text-accent"
      >
        Dismiss
      </button>
    </Alert>
  );
}
