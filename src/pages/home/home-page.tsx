import { Layout } from "antd";
import { HomeHeader } from "./home-header";
import { HomeHero } from "./home-hero";
import { ProductNews } from "./product-news";

/**
 * The public home (/index): header with logo and server clock, the banner with the login panel for
 * visitors, and the product news. The rest of spec §2 (chain statistics, scene wheel …) is built
 * in a later issue.
 */
export function HomePage() {
  return (
    <Layout style={{ minHeight: "100vh" }}>
      <HomeHeader />
      <Layout.Content>
        <HomeHero />
        <div style={{ maxWidth: 960, margin: "24px auto", padding: "0 16px" }}>
          <ProductNews />
        </div>
      </Layout.Content>
    </Layout>
  );
}
