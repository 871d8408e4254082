// One photo's trip to POST /api/uploads (provider spec §4 'Images'): sent with its progress reported, and a
// busy server waited out a few times before giving up.
import { percent } from "~/features/photos/upload-rules";

export type Sent =
  | { outcome: "ok"; uploadId: string; width: number; height: number }
  | { outcome: "refused"; problem: unknown }
  | { outcome: "failed" | "expired" };

const MAX_RETRIES = 8;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Where every call answering 401 sends the provider (spec §4 'Session'). */
export const sessionExpired = () => window.location.assign("/login?sessionExpired=true");

type Answer = { status: number; body: unknown; retryAfter: string | null } | null;

/** One POST through XMLHttpRequest, the one browser API that reports an upload's progress. */
function post(file: File, onProgress: (percent: number) => void): Promise<Answer> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/uploads");
    xhr.responseType = "json";
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(percent(e.loaded, e.total));
    };
    xhr.onload = () =>
      resolve({ status: xhr.status, body: xhr.response, retryAfter: xhr.getResponseHeader("Retry-After") });
    xhr.onerror = xhr.onabort = xhr.ontimeout = () => resolve(null);
    const body = new FormData();
    body.set("file", file);
    xhr.send(body);
  });
}

/** Sends one file; a busy server (429) is waited out a few times before giving up. */
export async function sendPhoto(file: File, onProgress: (percent: number) => void): Promise<Sent> {
  for (let attempt = 0; attempt <= MAX_RETRIES; attempt++) {
    const res = await post(file, onProgress);
    if (!res) return { outcome: "failed" };
    if (res.status === 201) {
      const json = res.body as { uploadId: string; width: number; height: number };
      return { outcome: "ok", ...json };
    }
    if (res.status === 401) return { outcome: "expired" };
    if (res.status === 429) {
      onProgress(0);
      const wait = Math.min(Number(res.retryAfter) || 5, 10);
      await sleep(wait * 1000);
      continue;
    }
    const json = (res.body ?? {}) as { problem?: string };
    return { outcome: "refused", problem: json.problem };
  }
  return { outcome: "failed" };
}
