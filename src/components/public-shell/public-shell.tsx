import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { BackToTop } from "./back-to-top";
import { FloatingTools } from "./floating-tools";
import { PublicFooter } from "./public-footer";
import { PublicHeader } from "./public-header";
import { PublicShellContext } from "./public-shell-context";
import { shouldShowFloatingTools } from "./public-shell-rules";
import "./public-shell.css";

/** The frame of the public pages (spec §2): header with the top navigation, page, footer, floating tools. */
export function PublicShell({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <PublicShellContext.Provider value={true}>
      <div className="hz-public-shell">
        <PublicHeader />
        <main className="hz-public-shell__main">{children}</main>
        <PublicFooter />
        {shouldShowFloatingTools(pathname) && <FloatingTools />}
        <BackToTop />
      </div>
    </PublicShellContext.Provider>
  );
}
