import { useEffect, useState } from "react";
import { TABLE_MAX_HEIGHT_PX, TABLE_SHELL_HEIGHT_OFFSET_PX } from "../schema/constants";

/** A very short window still gets a few rows rather than a zero or negative height. */
const MIN_SHELL_TABLE_HEIGHT_PX = 160;

/**
 * Spec §9: a table scrolls beyond 374 px, or inside the logged-in shell beyond the window height
 * minus 295 px, following the window as it is resized.
 */
export function useTableMaxHeight(isInShell: boolean): number {
  const [windowHeight, setWindowHeight] = useState(() => (typeof window === "undefined" ? 0 : window.innerHeight));
  useEffect(() => {
    if (!isInShell) return;
    const onResize = () => setWindowHeight(window.innerHeight);
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, [isInShell]);
  return isInShell ? Math.max(MIN_SHELL_TABLE_HEIGHT_PX, windowHeight - TABLE_SHELL_HEIGHT_OFFSET_PX) : TABLE_MAX_HEIGHT_PX;
}
