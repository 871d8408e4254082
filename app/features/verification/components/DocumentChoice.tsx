import { ID_DOCUMENT_INFO, ID_DOCUMENTS } from "../verification";
import type { IdDocument } from "../verification";

/** Get Verified's second step: which photo ID the provider sends (spec provider §2; docs in verification.ts). */
export function DocumentChoice({
  chosen,
  onChoose,
}: {
  chosen: IdDocument | null;
  onChoose: (document: IdDocument) => void;
}) {
  return (
    <fieldset className="space-y-3" data-testid="document-choice">
      <legend className="mb-2 text-lg font-semibold">2. Choose your document</legend>
      {ID_DOCUMENTS.map((d) => (
        <label
          key={d}
          className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-line bg-panel px-4 py-2 has-[:checked]:border-accent"
        >
          <input
            type="radio"
            name="documentType"
            value={d}
            checked={chosen === d}
            onChange={() => onChoose(d)}
            className="size-5 accent-accent"
          />
          <span>{ID_DOCUMENT_INFO[d].name}</span>
        </label>
      ))}
    </fieldset>
  );
}
