// Splits plain text into text and link pieces, so a page can show e-mail bodies with clickable links
// without ever rendering their HTML.
export type TextPiece = { kind: "text"; value: string } | { kind: "link"; href: string };

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;

export function linkify(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    if (start > last) pieces.push({ kind: "text", value: text.slice(last, start) });
    pieces.push({ kind: "link", href: match[0] });
    last = start + match[0].length;
  }
  if (last < text.length) pieces.push({ kind: "text", value: text.slice(last) });
  return pieces;
}
