import { useEffect, useState } from "react";

/**
 * Whether the window has scrolled further than `threshold` pixels (a number, or a function read on
 * every scroll, for "the window's height"). Passive listener: it only reads.
 */
export function useScrolledPast(threshold: number | (() => number)): boolean {
  const [isPast, setIsPast] = useState(false);
  useEffect(() => {
    const limit = typeof threshold === "function" ? threshold : () => threshold;
    const update = () => setIsPast(window.scrollY > limit());
    update();
    window.addEventListener("scroll", update, { passive: true });
    window.addEventListener("resize", update);
    return () => {
      window.removeEventListener("scroll", update);
      window.removeEventListener("resize", update);
    };
  }, [threshold]);
  return isPast;
}
