// A takedown case's proof photo: re-encoded without metadata (as an ID document is), then sealed under
// SEALING_KEY before it reaches R2, under a prefix no URL serves, so the bucket alone never shows it. Only an
// administrator opens it (never cached), and it is deleted at the decision.
import { openBytes, sealBytes } from "~/platform/crypto/sealing-key.server";

export const PROOF_PREFIX = "private/takedown/";

export function proofKeyFor(caseId: string): string {
  return `${PROOF_PREFIX}${caseId}`;
}

export async function storeProof(env: Pick<Env, "PHOTOS">, caseId: string, bytes: Uint8Array): Promise<string> {
  const key = proofKeyFor(caseId);
  await env.PHOTOS.put(key, await sealBytes(env, key, new Uint8Array(bytes)));
  return key;
}

/** The photo's bytes, or null when it is gone or does not open. */
export async function openProof(env: Pick<Env, "PHOTOS">, key: string): Promise<Uint8Array<ArrayBuffer> | null> {
  const object = await env.PHOTOS.get(key);
  if (!object) return null;
  return openBytes(env, key, new Uint8Array(await object.arrayBuffer()));
}

/** Deletes the photo; a failure is logged and left for the sweep, which deletes any proof of a decided case. */
export async function deleteProof(env: Pick<Env, "PHOTOS">, key: string): Promise<boolean> {
  try {
    await env.PHOTOS.delete(key);
    return true;
  } catch (error) {
    console.error("takedown: proof delete failed", error);
    return false;
  }
}
