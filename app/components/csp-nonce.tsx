import { createContext, useContext } from "react";

/**
 * The nonce the server rendering gives Remix's inline scripts (admin pages: the Worker's
 * Content-Security-Policy names it). Undefined in the browser, which hides nonces from scripts anyway.
 */
export const CspNonceContext = createContext<string | undefined>(undefined);

export function useCspNonce(): string | undefined {
  return useContext(CspNonceContext);
}
