import { Grid } from "antd";
import { useUserSession } from "../../providers/session-context";
import { hasSignedInAccount } from "../../providers/session-rules";
import { HomeAccessPanel } from "./home-access-panel";
import { BANNER_HEIGHT_PX, BannerCarousel } from "./banner-carousel";

const CONTENT_WIDTH_PX = 1200;
const PANEL_WIDTH_PX = 360;
// Shown behind the panel when there are no banners (yet): the brand blue, not an empty gap.
const HERO_BACKGROUND = "linear-gradient(120deg, #0b3a8c 0%, #1677ff 60%, #69b1ff 100%)";

/**
 * The banner with the login panel over its right side, as on the home pages of the large Chinese
 * cloud platforms: the first thing a visitor sees is both the offer and the way in. The panel is
 * for visitors only (spec §2, §4); on narrow screens it follows the banner instead of covering it.
 */
export function HomeHero() {
  const user = useUserSession();
  const screens = Grid.useBreakpoint();
  if (hasSignedInAccount(user)) return <BannerCarousel />;

  if (!screens.lg) {
    return (
      <>
        <BannerCarousel />
        <div style={{ padding: "24px 16px 0" }}>
          <HomeAccessPanel style={{ margin: "0 auto" }} />
        </div>
      </>
    );
  }

  return (
    <div style={{ position: "relative", minHeight: BANNER_HEIGHT_PX, background: HERO_BACKGROUND }}>
      <BannerCarousel />
      {/* The overlay lets clicks through to the carousel except on the panel itself. */}
      <div style={{ position: "absolute", inset: 0, pointerEvents: "none" }}>
        <div
          style={{
            maxWidth: CONTENT_WIDTH_PX,
            height: "100%",
            margin: "0 auto",
            padding: "0 24px",
            display: "flex",
            alignItems: "center",
            justifyContent: "flex-end",
          }}
        >
          <div style={{ width: PANEL_WIDTH_PX, pointerEvents: "auto" }}>
            <HomeAccessPanel style={{ boxShadow: "0 8px 24px rgba(0, 0, 0, 0.15)" }} />
          </div>
        </div>
      </div>
    </div>
  );
}
