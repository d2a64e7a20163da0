import { createContext, useContext } from "react";

const NonceContext = createContext<string | undefined>(undefined);
export const NonceProvider = NonceContext.Provider;
/** The CSP nonce of this response (server) — empty on the client, where it is no longer needed. */
export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
