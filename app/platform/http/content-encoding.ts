// Which body encoding a client takes, from its Accept-Encoding header (RFC 9110 §12.5.3). The page cache
// keeps a gzip copy of each page beside the plain one and answers with whichever the client accepts.

/** True when the header accepts gzip: named (or "*") with a q-value above zero, and not refused by name. */
export function acceptsGzip(header: string | null): boolean {
  if (!header) return false;
  let named: number | null = null;
  let wildcard: number | null = null;
  for (const part of header.split(",")) {
    const [coding, ...params] = part.trim().toLowerCase().split(";");
    const q = qValue(params);
    if (coding.trim() === "gzip" || coding.trim() === "x-gzip") named = q;
    else if (coding.trim() === "*") wildcard = q;
  }
  if (named !== null) return named > 0;
  return wildcard !== null && wildcard > 0;
}

/** The q parameter's value (1 when absent); a malformed one counts as 0, so a garbled header gets plain bytes. */
function qValue(params: string[]): number {
  for (const param of params) {
    const [name, value] = param.split("=").map((s) => s.trim());
    if (name !== "q") continue;
    if (!/^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(value ?? "")) return 0;
    return Number(value);
  }
  return 1;
}
