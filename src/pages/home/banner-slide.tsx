import { LightLinkButton } from "../../components/light/light-button";
import { LightExternalLinkButton } from "../../components/light/light-external-link-button";
import type { Banner } from "../../schema/common";
import { backgroundPositionOf, bannerLayoutOf, type BannerLayout } from "./banner-layout";

// Tall enough for the login panel that sits over its right side (home-hero.tsx).
export const BANNER_HEIGHT_PX = 480;

/**
 * One slide. Beside the panel (home-hero.tsx) the words keep clear of the part of the banner it
 * covers; home.css knows that width, next to the panel's own.
 */
export function BannerSlide({ banner, isBesidePanel }: { banner: Banner; isBesidePanel: boolean }) {
  const layout = bannerLayoutOf(banner.templateId);
  return (
    <div
      className={`hz-banner hz-banner--${layout}`}
      data-template={banner.templateId}
      role="group"
      aria-roledescription="横幅"
      aria-label={banner.title}
      style={{ height: BANNER_HEIGHT_PX, backgroundImage: `url("${banner.imageUrl}")`, backgroundPosition: backgroundPositionOf(layout, isBesidePanel) }}
    >
      <div className={`hz-banner__inner${isBesidePanel ? " hz-banner__inner--beside-panel" : ""}`}>
        <BannerWords banner={banner} layout={layout} isBesidePanel={isBesidePanel} />
      </div>
    </div>
  );
}

function BannerWords({ banner, layout, isBesidePanel }: { banner: Banner; layout: BannerLayout; isBesidePanel: boolean }) {
  const buttons = <BannerButtons buttons={banner.button} isOnLight={layout === "card"} />;
  // Template 7's picture already says it all; a visually hidden title keeps it readable to screen readers.
  if (layout === "image") {
    return (
      <div className="hz-banner__words hz-banner__words--image">
        <h2 className="hz-visually-hidden">{banner.title}</h2>
        {buttons}
      </div>
    );
  }
  // On the right the words meet the artwork once the panel takes the quiet side, so they get a backdrop.
  const framed = layout === "card" || (layout === "right" && isBesidePanel);
  return (
    <div className={`hz-banner__words hz-banner__words--${layout}${framed ? " hz-banner__words--framed" : ""}`}>
      <h2 className="hz-banner__title">{banner.title}</h2>
      {banner.subTitle.map((line) => (
        <p key={line.title} className="hz-banner__subtitle">
          {line.title}
        </p>
      ))}
      {layout === "features" && banner.subImage.length > 0 && (
        <div className="hz-banner__features">
          {banner.subImage.map((image) => (
            // The icons illustrate the title's four steps; the words already say them.
            <img key={image.path} src={image.path} alt="" width={56} height={56} />
          ))}
        </div>
      )}
      {buttons}
    </div>
  );
}

function BannerButtons({ buttons, isOnLight }: { buttons: Banner["button"]; isOnLight: boolean }) {
  if (buttons.length === 0) return null;
  return (
    <div className="hz-banner__buttons">
      {buttons.map((button, index) => (
        <BannerButton key={button.name} name={button.name} jumpUrl={button.jumpUrl} isPrimary={index === 0} isOnLight={isOnLight} />
      ))}
    </div>
  );
}

/** Links inside the platform stay in the app; anything else opens in a new tab. */
function BannerButton({ name, jumpUrl, isPrimary, isOnLight }: { name: string; jumpUrl: string; isPrimary: boolean; isOnLight: boolean }) {
  const isInternal = jumpUrl.startsWith("/") && !jumpUrl.startsWith("//");
  const look = { type: isPrimary ? "primary" : "default", ghost: !isPrimary && !isOnLight, size: "large", shape: "round" } as const;
  return isInternal ? (
    <LightLinkButton {...look} to={jumpUrl}>
      {name}
    </LightLinkButton>
  ) : (
    <LightExternalLinkButton {...look} href={jumpUrl}>
      {name}
    </LightExternalLinkButton>
  );
}
