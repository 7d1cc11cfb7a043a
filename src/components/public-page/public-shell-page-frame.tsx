import type { ReactNode } from "react";
import { useDocumentTitle } from "./use-document-title";

/** The account pages' and information pages' background: a light blue fading to grey. */
export const PAGE_BACKGROUND = "linear-gradient(180deg, #eef4ff 0%, #f5f7fa 320px)";

/** A page inside the public shell, whose header and footer frame it: the background and padding; `title` names the browser tab. */
export function PublicShellPageFrame({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return <div style={{ padding: "40px 16px", background: PAGE_BACKGROUND }}>{children}</div>;
}
