// Reading a request's Cookie header: "name=value" pairs joined by ";" (RFC 6265 §5.4). Pure, so that the
// session, pending sign-in and D1 bookmark cookies are all read by the same few lines.

/** Every value the header gives `name`, in order (a browser may send two cookies of one name, e.g. from two paths). */
export function cookieValues(cookieHeader: string | null, name: string): string[] {
  if (!cookieHeader) return [];
  const values: string[] = [];
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) values.push(part.slice(eq + 1).trim());
  }
  return values;
}
