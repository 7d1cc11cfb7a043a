import { Suspense } from "react";
import { Link, useLocation } from "react-router";
import { antdPart } from "../../app/antd-part";
import { loginPath } from "../../app/path-rules";
import { useUserSession } from "../../providers/session-context";
import { hasSignedInAccount } from "../../providers/session-rules";
import { HEADER_FIXED_AFTER_SCROLL_PX } from "../../schema/constants";
import { BrandLogo } from "../brand-logo";
import { shouldShowLoginLink } from "./public-shell-rules";
import { PUBLIC_SHELL_TEXT } from "./public-shell-text";
import { PublicTopNav } from "./public-top-nav";
import { useScrolledPast } from "./use-scrolled-past";

export const PUBLIC_HEADER_HEIGHT_PX = 64;

// Only a signed-in user has the menu (antd's dropdown with the avatar): a visitor's first load goes without it, and without antd (issue 20).
const PublicUserMenu = antdPart(() => import("./public-user-menu").then((module) => module.PublicUserMenu));

/**
 * The public header (spec §2): logo, the top navigation, and the 登录 link or the user menu. It
 * scrolls with the page at first and is fixed to the top once the page has scrolled more than
 * 30 px; the wrapper keeps its height so nothing below jumps when it detaches.
 */
export function PublicHeader() {
  const { pathname, search } = useLocation();
  const user = useUserSession();
  const isSignedIn = hasSignedInAccount(user);
  const isFixed = useScrolledPast(HEADER_FIXED_AFTER_SCROLL_PX);
  // After logging in on /login the visitor comes back to the page they were reading.
  const loginTarget = loginPath(pathname + search);

  return (
    <div style={{ height: PUBLIC_HEADER_HEIGHT_PX }}>
      <header
        className={`hz-header${isFixed ? " hz-header--fixed" : ""}`}
        data-fixed={isFixed}
        style={{ position: isFixed ? "fixed" : "relative", top: 0, left: 0, right: 0, height: PUBLIC_HEADER_HEIGHT_PX }}
      >
        <div className="hz-header__inner">
          <BrandLogo linkHome height={34} />
          <PublicTopNav />
          <div className="hz-header__account">
            {isSignedIn ? (
              <Suspense fallback={null}>
                <PublicUserMenu user={user} />
              </Suspense>
            ) : (
              shouldShowLoginLink(pathname, isSignedIn) && (
                <Link to={loginTarget} className="hz-login-link">
                  {PUBLIC_SHELL_TEXT.login}
                </Link>
              )
            )}
          </div>
        </div>
      </header>
    </div>
  );
}
