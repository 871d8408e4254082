// The browser side of the passkey API: a JSON POST to our own endpoints (cookies ride along, same origin),
// answering the body or the server's {error} in words the person can read.
import { PASSKEY_MSG, passkeyErrorText } from "./passkeys";

export type PasskeyPost<T> = { ok: true; data: T } | { ok: false; error: string };

export async function postPasskeyJson<T>(url: string, body: unknown): Promise<PasskeyPost<T>> {
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
    });
    const answer = (await res.json().catch(() => null)) as (T & { error?: unknown }) | null;
    if (res.ok && answer) return { ok: true, data: answer };
    return { ok: false, error: typeof answer?.error === "string" ? answer.error : PASSKEY_MSG.failed };
  } catch {
    // Offline, or the connection dropped.
    return { ok: false, error: PASSKEY_MSG.failed };
  }
}

/** The DOMException name behind a failed navigator.credentials call (@simplewebauthn keeps it as `name`). */
function errorName(error: unknown): string | undefined {
  return error instanceof Error ? error.name : undefined;
}

/**
 * One passkey ceremony, adding a passkey or signing in with one: our options for it, the browser's ceremony
 * with them, then our check of the browser's answer. Any step that fails answers the words to show.
 */
export async function passkeyCeremony<O, T>(steps: {
  optionsUrl: string;
  optionsBody: unknown;
  ceremony: (optionsJSON: O) => Promise<unknown>;
  during: "register" | "sign-in";
  finishUrl: string;
  finishBody: (response: unknown) => Record<string, unknown>;
}): Promise<PasskeyPost<T>> {
  const started = await postPasskeyJson<{ options: O }>(steps.optionsUrl, steps.optionsBody);
  if (!started.ok) return started;
  let response: unknown;
  try {
    response = await steps.ceremony(started.data.options);
  } catch (e) {
    return { ok: false, error: passkeyErrorText(errorName(e), steps.during) };
  }
  return postPasskeyJson<T>(steps.finishUrl, steps.finishBody(response));
}
