import { Suspense, type ReactNode } from "react";
import { useBreakpoint } from "../../components/light/use-breakpoint";
import { useUserSession } from "../../providers/session-context";
import { hasSignedInAccount } from "../../providers/session-rules";
import { BannerCarousel } from "./banner-carousel";
import { BANNER_HEIGHT_PX } from "./banner-slide";
import { HomeAccessPanel } from "./home-access-panel";
import { WelcomeCard } from "./welcome-card";
import "./home-hero.css";

// The panel's width (360 px) and the room the banner's words leave for it are in home.css.
const NARROW_PANEL_MAX_WIDTH_PX = 360;

/**
 * The banner with a panel over its right side, as on the home pages of the large Chinese cloud
 * platforms: the first thing a visitor sees is both the offer and the way in. Visitors get the
 * login panel (spec §2, §4); a signed-in user a short greeting with the way into the workspace.
 * On narrow screens the panel follows the banner instead of covering it.
 */
export function HomeHero() {
  const user = useUserSession();
  const screens = useBreakpoint();
  const panel: ReactNode = hasSignedInAccount(user) ? (
    // The card links into the registry's pages, whose links load on demand.
    <Suspense fallback={null}>
      <WelcomeCard user={user} />
    </Suspense>
  ) : (
    <HomeAccessPanel style={{ boxShadow: "0 12px 32px rgba(11, 26, 51, 0.25)" }} />
  );

  // One tree for both widths, so that crossing the breakpoint (a window resized, a tablet turned)
  // keeps the panel mounted and whatever the visitor has typed into it.
  const isWide = Boolean(screens.lg);
  return (
    <div className={isWide ? "hz-hero" : undefined} style={isWide ? { minHeight: BANNER_HEIGHT_PX } : undefined}>
      <BannerCarousel isBesidePanel={isWide} />
      {/* Wide: the overlay lets clicks through to the carousel except on the panel itself. */}
      <div className={isWide ? "hz-hero__overlay" : undefined} style={isWide ? undefined : { padding: "24px 16px 0", display: "flex", justifyContent: "center" }}>
        <div className={isWide ? "hz-hero__panel" : undefined} style={isWide ? undefined : { width: "100%", maxWidth: NARROW_PANEL_MAX_WIDTH_PX }}>
          {panel}
        </div>
      </div>
    </div>
  );
}
