// Who may join a provider's inbox room (workers/inbox-room.ts): the Worker asks before it connects a socket,
// and lets it in only when the room's name is the id of the account the socket's session belongs to.
import { getSessionUser } from "~/features/accounts/auth.server";

/** The account id of the socket's session, or null when it has none. */
export async function inboxRoomOwner(request: Request, env: Env): Promise<string | null> {
  return (await getSessionUser(request, env))?.id ?? null;
}
