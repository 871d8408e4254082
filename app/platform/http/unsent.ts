// A form post the browser could not get an answer to (the network failed, or something on the way answered
// with a page the app cannot read, a 429 or 503 as text). A route's clientAction answers such a post with an
// `Unsent` in place of the server's answer: the server changed nothing it could tell us of, so the page
// stays, says so, and the data that cannot have changed (the root's: who is signed in) is not read again.

export type Unsent = { unsent: true; error: string };

export function unsent(error: string): Unsent {
  return { unsent: true, error };
}

export function isUnsent(value: unknown): value is Unsent {
  return typeof value === "object" && value !== null && (value as { unsent?: unknown }).unsent === true;
}
