import { useEffect, useRef } from "react";
import { parseProfileUpdate, pickShard, REALTIME_PARTY } from "~/platform/realtime/protocol";
import type { ProfileUpdateEvent } from "~/platform/realtime/protocol";
import { openRoomSocket, roomUrl } from "~/platform/realtime/room-socket";

export const PROFILE_UPDATE_EVENT = "profileupdate";
const PROFILE_UPDATED_KEY = "profileUpdated";

// Spec §9: 10 reconnect attempts, 1 s growing to 5 s, 20 s connection timeout.
export const SOCKET_OPTIONS = {
  maxRetries: 10,
  minReconnectionDelay: 1_000,
  maxReconnectionDelay: 5_000,
  connectionTimeout: 20_000,
};

/**
 * Joins the listings room once per page load and re-announces each `profileUpdate` as a window event,
 * so every screen decides for itself whether it concerns it (lib/realtime-protocol: pageShouldRefresh).
 */
export function RealtimeListener() {
  useEffect(() => {
    // One shard per page load, at random: every shard gets every change, so any one will do.
    const room = pickShard(Math.random());
    const root = document.documentElement;
    // Marks the page as listening, as `data-hydrated` marks it interactive: what waits for a change to
    // arrive (the end-to-end tests) waits for this rather than for the clock. One socket per page.
    const socket = openRoomSocket(roomUrl(window.location, REALTIME_PARTY, room), SOCKET_OPTIONS, {
      open: () => {
        root.dataset.realtime = "open";
      },
      close: () => {
        delete root.dataset.realtime;
      },
      message: (data) => {
        const event = parseProfileUpdate(data);
        if (!event) return;
        try {
          localStorage.setItem(PROFILE_UPDATED_KEY, String(Date.now()));
        } catch {
          // Only a hint for other tabs.
        }
        window.dispatchEvent(new CustomEvent<ProfileUpdateEvent>(PROFILE_UPDATE_EVENT, { detail: event }));
      },
    });
    return () => socket.close();
  }, []);
  return null;
}

/** Calls `onUpdate(event)` for each realtime listing change while the component is mounted. */
export function useProfileUpdates(onUpdate: (event: ProfileUpdateEvent) => void) {
  const handler = useRef(onUpdate);
  handler.current = onUpdate;
  useEffect(() => {
    const listener = (e: Event) => handler.current((e as CustomEvent<ProfileUpdateEvent>).detail);
    window.addEventListener(PROFILE_UPDATE_EVENT, listener);
    return () => window.removeEventListener(PROFILE_UPDATE_EVENT, listener);
  }, []);
}
