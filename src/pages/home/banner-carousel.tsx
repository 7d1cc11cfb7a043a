import { useCustom } from "@refinedev/core";
import { Button, Carousel, Space, Typography } from "antd";
import { useState } from "react";
import { RouterLinkButton } from "../../components/router-link-button";
import { COMMON_ENDPOINTS } from "../../providers/common-endpoints";
import type { Banner } from "../../schema/common";
import { HOME_BANNER_AUTOPLAY_MS } from "../../schema/constants";

// Tall enough for the login panel that sits over its right side (home-hero.tsx).
export const BANNER_HEIGHT_PX = 480;
// Banner images are photographs and dark artwork; light text with a soft shadow stays legible on both.
const BANNER_TEXT_STYLE = { color: "#fff", textShadow: "0 1px 3px rgba(0, 0, 0, 0.45)" } as const;

/** The home banner carousel (spec §2): auto-advance every 4 s, loops, clickable dots. */
export function BannerCarousel() {
  // `time` only defeats caches; fixed per visit so the query key stays stable between renders.
  const [requestTime] = useState(() => Date.now());
  const { result } = useCustom<{ bannerList: Banner[] }>({
    url: COMMON_ENDPOINTS.getBanner,
    method: "get",
    config: { query: { time: requestTime } },
  });
  const banners = result.data?.bannerList ?? [];
  if (banners.length === 0) return null;

  return (
    <Carousel autoplay autoplaySpeed={HOME_BANNER_AUTOPLAY_MS} infinite dots aria-label="首页横幅">
      {banners.map((banner, index) => (
        <BannerSlide key={`${banner.templateId}-${index}`} banner={banner} />
      ))}
    </Carousel>
  );
}

function BannerSlide({ banner }: { banner: Banner }) {
  return (
    <div>
      <div
        role="img"
        aria-label={banner.title}
        style={{
          height: BANNER_HEIGHT_PX,
          backgroundImage: `url("${banner.imageUrl}")`,
          backgroundSize: "cover",
          backgroundPosition: "center",
          display: "flex",
          flexDirection: "column",
          justifyContent: "center",
          padding: "0 10%",
        }}
      >
        <Typography.Title level={2} style={BANNER_TEXT_STYLE}>
          {banner.title}
        </Typography.Title>
        {banner.subTitle.map((line) => (
          <Typography.Paragraph key={line.title} style={BANNER_TEXT_STYLE}>
            {line.title}
          </Typography.Paragraph>
        ))}
        <Space>
          {banner.button.map((button) => (
            <BannerButton key={button.name} name={button.name} jumpUrl={button.jumpUrl} />
          ))}
        </Space>
      </div>
    </div>
  );
}

/** Links inside the platform stay in the app; anything else opens in a new tab. */
function BannerButton({ name, jumpUrl }: { name: string; jumpUrl: string }) {
  const isInternal = jumpUrl.startsWith("/") && !jumpUrl.startsWith("//");
  return isInternal ? (
    <RouterLinkButton type="primary" to={jumpUrl}>
      {name}
    </RouterLinkButton>
  ) : (
    <Button type="primary" href={jumpUrl} target="_blank" rel="noopener noreferrer">
      {name}
    </Button>
  );
}
