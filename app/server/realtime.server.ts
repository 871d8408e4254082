// Tells every open page that a listing changed, through the partyserver room's RPC. Publishing is a
// side effect of a write that already succeeded: it runs after the answer (waitUntil) and a failure is
// logged, never turned into an error for the visitor or provider who made the change.
import { getServerByName } from "partyserver";
import type { ListingsRoom, ProfileUpdateEvent } from "../../workers/listings-room";

/** The one room every page joins: /parties/listings-room/public. */
export const PUBLIC_ROOM = "public";

export async function publishNow(env: Pick<Env, "ListingsRoom">, modelId: string, now = Date.now()): Promise<number> {
  const namespace = env.ListingsRoom as unknown as DurableObjectNamespace<ListingsRoom>;
  const room = await getServerByName(namespace, PUBLIC_ROOM);
  const event: ProfileUpdateEvent = { type: "profileUpdate", modelId, at: now };
  return room.publish(event);
}

export function publishProfileUpdate(
  env: Pick<Env, "ListingsRoom">,
  ctx: { waitUntil(promise: Promise<unknown>): void },
  modelId: string,
): void {
  ctx.waitUntil(
    publishNow(env, modelId).catch((error: unknown) => {
      console.error("profileUpdate publish failed", modelId, error);
    }),
  );
}
