// A provider's private room (workers/inbox-room.ts): one per account, named by its id, joined only by that
// account's own pages. Its one message means "reload": nothing of what changed travels over the socket.
export const INBOX_PARTY = "inbox-room";
export const INBOX_SIGNAL = '{"type":"inbox"}';

export function isInboxSignal(data: unknown): boolean {
  return data === INBOX_SIGNAL;
}
