import { Layout } from "antd";
import { BannerCarousel } from "./banner-carousel";
import { HomeHeader } from "./home-header";
import { ProductNews } from "./product-news";

/**
 * The public home (/index), minimal for now: header with logo and server clock, the banner
 * carousel and the product news. The full page of spec §2 (login panel, chain statistics, scene
 * wheel …) is built in a later issue.
 */
export function HomePage() {
  return (
    <Layout style={{ minHeight: "100vh" }}>
      <HomeHeader />
      <Layout.Content>
        <BannerCarousel />
        <div style={{ maxWidth: 960, margin: "24px auto", padding: "0 16px" }}>
          <ProductNews />
        </div>
      </Layout.Content>
    </Layout>
  );
}
