// NZPC runs Ugly Mugs outside every directory; nothing is sent to it from here. The provider gets the report
// as text to send NZPC themselves (a mailto: with no address filled in, and the text to copy), with a link to
// NZPC's site for how to send it (docs/decisions/0023-safety-net.md).
import { categoryLabel } from "./categories";

export const NZPC_URL = "https://www.nzpc.org.nz/";

export type NzpcReport = {
  incidentDate: string;
  region: string;
  category: string;
  description: string;
  /** What the provider typed; only the reporter's own browser ever has these (the server keeps hashes). */
  phones?: string;
  emails?: string;
};

export function nzpcText(r: NzpcReport): string {
  const lines = [
    "Ugly Mugs report",
    "",
    `Date: ${r.incidentDate}`,
    `Region: ${r.region}`,
    `What happened: ${categoryLabel(r.category)}`,
  ];
  const phones = r.phones?.trim();
  const emails = r.emails?.trim();
  if (phones) lines.push(`Phone numbers: ${phones.replace(/\s*\n\s*/g, ", ")}`);
  if (emails) lines.push(`E-mail addresses: ${emails.replace(/\s*\n\s*/g, ", ")}`);
  if (!phones && !emails) lines.push("Phone numbers, e-mail addresses: (add any you have)");
  // We take no name (docs/decisions/0043-safety-net-second-pass.md); NZPC may want one, so there is room for it.
  lines.push("Name used: (add it if you know one)");
  lines.push("", r.description.trim());
  return lines.join("\n");
}

/** A mailto: with the subject and body filled in and no recipient: the provider chooses where it goes. */
export function nzpcMailto(r: NzpcReport): string {
  return `mailto:?subject=${encodeURIComponent("Ugly Mugs report")}&body=${encodeURIComponent(nzpcText(r))}`;
}
