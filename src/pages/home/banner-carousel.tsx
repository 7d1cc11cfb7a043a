import { useState } from "react";
import { LightCarousel } from "../../components/light/light-carousel";
import { useEndpointQuery } from "../../providers/use-endpoint";
import { COMMON_ENDPOINTS } from "../../schema/common";
import { HOME_BANNER_AUTOPLAY_MS } from "../../schema/constants";
import type { Banner } from "../../schema/common";
import { BannerSlide } from "./banner-slide";
import "./home-hero.css";

/** The home banner carousel (spec §2) with the published banners. */
export function BannerCarousel({ isBesidePanel = false }: { isBesidePanel?: boolean }) {
  // `time` only defeats caches; fixed per visit so the query key stays stable between renders.
  const [requestTime] = useState(() => Date.now());
  const { datas } = useEndpointQuery(COMMON_ENDPOINTS.getBanner, { time: requestTime });
  return <BannerCarouselView banners={datas?.bannerList ?? []} isBesidePanel={isBesidePanel} />;
}

/**
 * The carousel itself: auto-advance every 4 s, loops, clickable dots, held while pointed at. The
 * console's preview draws a draft banner with it, so what an editor sees is what the home page will show.
 */
export function BannerCarouselView({ banners, isBesidePanel = false }: { banners: readonly Banner[]; isBesidePanel?: boolean }) {
  if (banners.length === 0) return null;

  return (
    <section aria-label="首页横幅" className="hz-banner-carousel">
      <LightCarousel autoplayMs={HOME_BANNER_AUTOPLAY_MS} dotsClassName="hz-banner-dots">
        {banners.map((banner, index) => (
          <BannerSlide key={`${banner.templateId}-${index}`} banner={banner} isBesidePanel={isBesidePanel} />
        ))}
      </LightCarousel>
    </section>
  );
}
