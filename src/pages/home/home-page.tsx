import { ChainOverview } from "./chain-overview";
import { HomeCallToAction } from "./home-call-to-action";
import { HomeHero } from "./home-hero";
import { NewsTicker } from "./news-ticker";
import { PartnerWall } from "./partner-wall";
import { ProductAdvantages } from "./product-advantages";
import { SceneWheel } from "./scene-wheel";
import "./home.css";

/**
 * The public home (/index, spec §1, §2), inside the public shell: the banner with the login panel,
 * the product-news ticker, the live ledger figures with the server clock, the scene wheel, the
 * product advantages, the partner wall and a closing call to action.
 */
export function HomePage() {
  return (
    <div className="hz-home">
      <HomeHero />
      <div className="hz-home__ticker">
        <NewsTicker />
      </div>
      <ChainOverview />
      <SceneWheel />
      <ProductAdvantages />
      <PartnerWall />
      <HomeCallToAction />
    </div>
  );
}
