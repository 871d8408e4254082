// Signals a provider's open inbox pages (workers/inbox-room.ts) after a write that concerns them. Like
// publish.server.ts, a side effect of a write that already succeeded: it runs after the answer and a failure
// is logged, never turned into an error for the person who made the change.
import type { InboxRoom } from "../../../workers/inbox-room";
import type { WaitUntil } from "~/platform/request-context";

export function signalInbox(env: Pick<Env, "InboxRoom">, ctx: WaitUntil, userId: string): void {
  const namespace = env.InboxRoom as unknown as DurableObjectNamespace<InboxRoom>;
  ctx.waitUntil(
    namespace
      .get(namespace.idFromName(userId))
      .signal()
      .catch((error: unknown) => console.error("inbox signal failed", error)),
  );
}
