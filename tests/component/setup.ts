import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";
import { installChineseIssueMessages } from "../../src/schema/issue-messages";
import { keepStylesUnparsed } from "./unparsed-styles";

// As src/main.tsx does in the browser.
installChineseIssueMessages();

afterEach(() => cleanup());

// antd's first render of a page in jsdom can take seconds on a loaded 2-core machine; findBy* and
// waitFor give up after 1 s by default, which made tests fail on load rather than on behaviour.
configure({ asyncUtilTimeout: 5000 });

keepStylesUnparsed();

// antd reads these browser APIs that jsdom lacks.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!("ResizeObserver" in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
