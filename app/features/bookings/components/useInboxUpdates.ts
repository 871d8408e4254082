import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { SOCKET_OPTIONS } from "~/features/site/Realtime";
import { INBOX_PARTY, isInboxSignal } from "~/platform/realtime/inbox";
import { openRoomSocket, roomUrl } from "~/platform/realtime/room-socket";

/**
 * Keeps an open inbox page current: joins the provider's own room (workers/inbox-room.ts admits only their
 * session) and reloads the page's data when it is told something changed. The message carries nothing else.
 * Marks the page while the socket is open, as the listings room does, so a test can wait for it. The dashboard
 * joins too (its menu counts new requests), but only for an owner with a listing: `enabled` false opens nothing.
 */
export function useInboxUpdates(userId: string, enabled = true) {
  // The router's own function, stable across renders. A signal during a reload starts it again: the router
  // keeps the newest.
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!enabled) return;
    const root = document.documentElement;
    const socket = openRoomSocket(roomUrl(window.location, INBOX_PARTY, userId), SOCKET_OPTIONS, {
      open: () => {
        root.dataset.inbox = "open";
      },
      close: () => {
        delete root.dataset.inbox;
      },
      message: (data) => {
        if (isInboxSignal(data)) revalidate();
      },
    });
    return () => socket.close();
  }, [userId, enabled, revalidate]);
}
