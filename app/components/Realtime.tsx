import { useEffect, useRef } from "react";
import PartySocket from "partysocket";

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
 * so every screen decides for itself what to reload.
 */
export function RealtimeListener() {
  useEffect(() => {
    const socket = new PartySocket({
      host: window.location.host,
      party: "listings-room",
      room: "public",
      ...SOCKET_OPTIONS,
    });
    socket.addEventListener("message", (event) => {
      let data: unknown;
      try {
        data = JSON.parse(String(event.data));
      } catch {
        return;
      }
      const message = data as { type?: unknown; modelId?: unknown };
      if (message.type !== "profileUpdate" || typeof message.modelId !== "string") return;
      try {
        localStorage.setItem(PROFILE_UPDATED_KEY, String(Date.now()));
      } catch {
        // Only a hint for other tabs.
      }
      window.dispatchEvent(new CustomEvent(PROFILE_UPDATE_EVENT, { detail: { modelId: message.modelId } }));
    });
    return () => socket.close();
  }, []);
  return null;
}

/** Calls `onUpdate(modelId)` for each realtime listing change while the component is mounted. */
export function useProfileUpdates(onUpdate: (modelId: string) => void) {
  const handler = useRef(onUpdate);
  handler.current = onUpdate;
  useEffect(() => {
    const listener = (e: Event) => handler.current((e as CustomEvent<{ modelId: string }>).detail.modelId);
    window.addEventListener(PROFILE_UPDATE_EVENT, listener);
    return () => window.removeEventListener(PROFILE_UPDATE_EVENT, listener);
  }, []);
}
