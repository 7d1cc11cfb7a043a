import { useEffect } from "react";
import { PLATFORM_NAME } from "../../schema/constants";

/** The browser tab shows "<page> - 衡证电子证据平台" while the page is open. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} - ${PLATFORM_NAME}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
