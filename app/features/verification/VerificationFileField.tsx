import { useCallback, useState } from "react";
import { SNIFF_BYTES, VERIFY_MAX_BYTES } from "~/features/photos/rules";
import { verificationFileProblem } from "./verification";
import { megabytes, VERIFY_SEND_QUALITY, verifySendSize } from "./send-size";
import { scaleInBrowser } from "~/features/photos/scale-in-browser";
import type { VerificationKind } from "./verification";
import { Field } from "~/ui/Field";

export const ACCEPT = "image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp";

type Props = {
  kind: VerificationKind;
  name: string;
  label: string;
  /** What the photo must show, read out with the control. */
  description?: string;
  /** An error for this field from the server (a form posted without JavaScript). */
  serverError?: string;
  /** Told whether a usable file is chosen, and the problem with it if any. */
  onChange: (name: string, state: { chosen: boolean; error: string | null }) => void;
};

/**
 * One labelled file input. On selection a photo over the limit is scaled down in the browser (send-size.ts),
 * then the file is checked by its size and first bytes (the spec's messages), so a wrong file is named at
 * once; the server checks again on receipt.
 */
export function VerificationFileField({ kind, name, label, description, serverError, onChange }: Props) {
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const shown = error ?? serverError ?? null;
  return (
    <Field
      label={label}
      description={
        note ? (
          <>
            {description}
            <span className="block" data-testid="file-note">
              {note}
            </span>
          </>
        ) : (
          description
        )
      }
      errors={shown ? [shown] : null}
      errorTestId="file-error"
      input={{
        id: `file-${name}`,
        name,
        type: "file",
        accept: ACCEPT,
        className:
          "block w-full min-h-11 rounded-lg border border-line bg-ink p-2 text-sm file:mr-3 file:min-h-9 file:rounded-md file:border-0 file:bg-accent file:px-3 file:font-semibold file:text-ink",
        onChange: async (event) => {
          const input = event.currentTarget;
          let file = input.files?.[0];
          setNote(null);
          if (!file) {
            setError(null);
            onChange(name, { chosen: false, error: null });
            return;
          }
          if (file.size > VERIFY_MAX_BYTES) {
            // A phone's camera photo is often over the limit: sent smaller, still legible, rather than refused.
            setNote("Making this photo smaller to send…");
            const original = file;
            const scaled = await scaleInBrowser(original, verifySendSize, VERIFY_SEND_QUALITY);
            if (scaled !== original && scaled.size <= VERIFY_MAX_BYTES && replaceFile(input, scaled)) {
              file = scaled;
              setNote(`Made smaller to send: ${megabytes(original.size)} → ${megabytes(scaled.size)}.`);
            } else setNote(null);
          }
          const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
          const problem = verificationFileProblem(kind, file.size, head);
          setError(problem);
          onChange(name, { chosen: true, error: problem });
        },
      }}
    />
  );
}

/** Puts `file` in place of the input's chosen file, so the form sends it; false where the browser cannot. */
function replaceFile(input: HTMLInputElement, file: File): boolean {
  try {
    const chosen = new DataTransfer();
    chosen.items.add(file);
    input.files = chosen.files;
    return input.files?.[0] === file || input.files?.[0]?.size === file.size;
  } catch {
    return false;
  }
}

/** The state of a set of file fields: every one chosen, none with a problem. */
export function useFileFields(names: readonly string[]) {
  const [files, setFiles] = useState<Record<string, { chosen: boolean; error: string | null }>>({});
  const update = (name: string, state: { chosen: boolean; error: string | null }) =>
    setFiles((f) => ({ ...f, [name]: state }));
  const allChosen = names.every((n) => files[n]?.chosen);
  const hasError = names.some((n) => files[n]?.error);
  const firstMissing = names.find((n) => !files[n]?.chosen) ?? null;
  const reset = useCallback(() => setFiles({}), []);
  return { update, allChosen, hasError, firstMissing, reset };
}
