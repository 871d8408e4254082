import type { ReactNode } from "react";
import { InfoSection, TableOfContents } from "~/features/site/InfoPage";

/** One part of a legal page: its anchor, its heading and its text. */
export type LegalSection = { id: string; title: string; body: ReactNode };

/** An e-mail address as a link, for the legal texts' "write to us" sentences. */
export function mailLink(address: string): ReactNode {
  return <a href={`mailto:${address}`}>{address}</a>;
}

/** A legal page's contents list and its sections; `numbered` when the numbers are part of the text (the terms). */
export function LegalSections({
  sections,
  numbered = false,
}: {
  sections: readonly LegalSection[];
  numbered?: boolean;
}) {
  return (
    <>
      <TableOfContents numbered={numbered} entries={sections} />
      <div className="space-y-8">
        {sections.map((s, i) => (
          <InfoSection key={s.id} id={s.id} title={s.title} number={numbered ? i + 1 : undefined}>
            {s.body}
          </InfoSection>
        ))}
      </div>
    </>
  );
}
