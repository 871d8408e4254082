import { createContext, useContext } from "react";

/** The per-request CSP nonce; empty in the browser, which hides nonces from the DOM anyway. */
export const NonceContext = createContext("");
export const useNonce = () => useContext(NonceContext);
