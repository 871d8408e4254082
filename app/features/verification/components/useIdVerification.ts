import { useState } from "react";
import type { FormEvent } from "react";
import { useHydrated } from "~/ui/useHydrated";
import { fieldsFor, ID_DOCUMENT_MSG, ID_MSG, missingFileMessage } from "../verification";
import type { IdDocument, VerificationFormResult } from "../verification";
import type { Choice } from "../ListingChoice";
import { useFileFields } from "../VerificationFileField";

/**
 * Get Verified's form state: the chosen listing and document, the chosen files, and which error shows where.
 * `result` is the server's answer to the last post, `submitting` whether one is on its way.
 */
export function useIdVerification(choices: Choice[], result: VerificationFormResult | undefined, submitting: boolean) {
  const hydrated = useHydrated();
  const [documentType, setDocumentType] = useState<IdDocument | null>(null);
  const files = useFileFields(documentType ? fieldsFor("id", documentType) : []);
  const available = choices.filter((c) => !c.pending);
  const [selected, setSelected] = useState<string | null>(available.length === 1 ? available[0].listingId : null);
  // Spec §2: choosing a listing clears the chosen files and errors (the inputs are made anew).
  const [round, setRound] = useState(0);
  const [clientError, setClientError] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState<VerificationFormResult | undefined>(undefined);
  const shownResult = result && result !== dismissed ? result : undefined;

  const choose = (listingId: string) => {
    setSelected(listingId);
    setRound((r) => r + 1);
    files.reset();
    setClientError(null);
    setDismissed(result);
  };

  // Another document asks for other photos: the chosen files go, as when choosing another listing.
  const chooseDocument = (next: IdDocument) => {
    setDocumentType(next);
    setRound((r) => r + 1);
    files.reset();
    setClientError(null);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!selected) {
      event.preventDefault();
      setClientError(ID_MSG.selectModel);
    } else if (!documentType) {
      event.preventDefault();
      setClientError(ID_DOCUMENT_MSG.choose);
    } else if (!files.allChosen) {
      event.preventDefault();
      setClientError(missingFileMessage("id", files.firstMissing ?? "frontLicense", documentType));
    }
  };

  const fieldError = (name: string) => (shownResult?.field === name ? shownResult.message : undefined);
  const pageError =
    clientError ??
    (shownResult && (!shownResult.field || shownResult.field === "listingId" || shownResult.field === "documentType")
      ? shownResult.field
        ? shownResult.message
        : shownResult.error
      : null);
  // Spec §5: disabled while submitting, without both files, or with a file error (with JavaScript only:
  // without it the browser cannot tell, and the server answers instead).
  const disabled = submitting || (hydrated && (!documentType || !files.allChosen || files.hasError));

  return {
    selected,
    documentType,
    round,
    choose,
    chooseDocument,
    onSubmit,
    fieldError,
    pageError,
    disabled,
    updateFile: files.update,
  };
}
