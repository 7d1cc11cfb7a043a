import { createContext, useContext } from "react";

/**
 * True inside the public shell. Pages that also appear outside it (the account frame of /user and
 * the information pages built on it) read this to leave the header and footer to the shell.
 */
export const PublicShellContext = createContext(false);

export function useIsInsidePublicShell(): boolean {
  return useContext(PublicShellContext);
}
