import { afterAll, beforeAll } from "vitest";

/**
 * jsdom has no layout, and setup.ts answers every media query with "no", which antd reads as a
 * phone. These tests look at the desktop layout, so media queries are answered as a 1366 px wide
 * window would answer them.
 */
export function useDesktopMediaQueries(width = 1366) {
  let original: typeof window.matchMedia;
  beforeAll(() => {
    original = window.matchMedia;
    window.matchMedia = (query: string) =>
      ({
        matches: matchesWidth(query, width),
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
  });
  afterAll(() => {
    window.matchMedia = original;
  });
}

function matchesWidth(query: string, width: number): boolean {
  const min = /min-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
  const max = /max-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
  return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
}
