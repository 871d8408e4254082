// Reading JSON that comes from outside the code reading it (a socket message, text kept in storage): text
// that is not JSON, or JSON that is not an object, is treated as absent rather than thrown.

/** The object `text` holds; null for malformed JSON and for JSON that is not an object (arrays included). */
export function parseJsonObject(text: string): Record<string, unknown> | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}
