import { useEffect, useState } from "react";
import { useVerificationClient } from "./verification-context";

/** localStorage name of the key this browser saw first (trust on first use). */
export const PINNED_KEY_STORAGE = "hengzheng.platformVerifierKey";

export type PlatformKeyState =
  | { status: "loading" }
  | { status: "error"; message: string }
  /** `pinned` is the key this browser recorded earlier when it differs from the one published now. */
  | { status: "ready"; key: string; changedFrom: string | null };

/**
 * The platform's verifier key from /ledger/vkey, pinned in this browser on first use: if the
 * published key ever changes, the page says so instead of silently trusting the new one.
 */
export function usePlatformKey(): PlatformKeyState {
  const client = useVerificationClient();
  const [state, setState] = useState<PlatformKeyState>({ status: "loading" });
  useEffect(() => {
    let isCurrent = true;
    client.fetchPlatformKey().then(
      (key) => {
        const pinned = readPin();
        if (pinned === null) writePin(key);
        if (isCurrent) setState({ status: "ready", key, changedFrom: pinned !== null && pinned !== key ? pinned : null });
      },
      (error: Error) => isCurrent && setState({ status: "error", message: error.message }),
    );
    return () => {
      isCurrent = false;
    };
  }, [client]);
  return state;
}

function readPin(): string | null {
  try {
    return window.localStorage.getItem(PINNED_KEY_STORAGE);
  } catch {
    return null;
  }
}

function writePin(key: string) {
  try {
    window.localStorage.setItem(PINNED_KEY_STORAGE, key);
  } catch {
    // A browser that refuses storage simply does not pin.
  }
}
