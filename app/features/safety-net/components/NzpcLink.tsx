import { NZPC_URL } from "../nzpc";

/**
 * The report prepared for NZPC's Ugly Mugs scheme, for the provider to send themselves: an e-mail with the
 * text filled in (they choose the address), the text to copy, and NZPC's site. Nothing is sent from here.
 */
export function NzpcLink({ text, mailto, id }: { text: string; mailto: string; id: string }) {
  return (
    <details className="rounded-lg border border-line bg-ink p-3">
      <summary className="min-h-11 cursor-pointer content-center font-semibold text-accent">
        Prepare this for NZPC Ugly Mugs
      </summary>
      <div className="mt-2 space-y-2 text-sm">
        <p className="text-zinc-300">
          NZPC runs the Ugly Mugs scheme on its own. We send nothing to them: copy the text below, or open it as an
          e-mail, and send it the way{" "}
          <a href={NZPC_URL} rel="noopener noreferrer" className="text-accent underline underline-offset-2">
            NZPC&apos;s site
          </a>{" "}
          says.
        </p>
        <label htmlFor={`nzpc-${id}`} className="block font-medium">
          Report text
        </label>
        <textarea
          id={`nzpc-${id}`}
          readOnly
          rows={8}
          value={text}
          className="w-full rounded-lg border border-line bg-panel px-3 py-2 text-sm text-white"
        />
        <a
          href={mailto}
          className="inline-flex min-h-11 items-center text-accent underline underline-offset-2 hover:text-accent-strong"
        >
          Open it as an e-mail
        </a>
      </div>
    </details>
  );
}
