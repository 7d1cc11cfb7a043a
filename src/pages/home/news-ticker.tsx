import NotificationOutlined from "@ant-design/icons-svg/es/asn/NotificationOutlined";
import RightOutlined from "@ant-design/icons-svg/es/asn/RightOutlined";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { newsDetailPath } from "../../app/public-page-paths";
import { LightIcon } from "../../components/light/light-icon";
import { navItem } from "../../components/public-shell/public-nav-items";
import { useEndpointQuery } from "../../providers/use-endpoint";
import { COMMON_ENDPOINTS, GetCmsArticleQuerySchema, type CmsArticleSummary } from "../../schema/common";
import { sortNewestFirst, tickerItems } from "./ticker-items";
import "./news-ticker.css";

// The contract's defaults are exactly the spec's request: pageNewSize=6, pageNumber=1, pageSize=10.
const NEWS_QUERY = GetCmsArticleQuerySchema.parse({});
const ROW_HEIGHT_PX = 48;
/** How long each title stays before the next one scrolls in. */
export const TICKER_STEP_MS = 3000;

/**
 * The product-news ticker under the banner (spec §2, §7 getCmsArticle): the six newest titles,
 * one at a time, scrolling up. A copy of the first row follows the last so the loop has no seam;
 * hovering holds it still.
 */
export function NewsTicker() {
  const { datas, query } = useEndpointQuery(COMMON_ENDPOINTS.getCmsArticle, NEWS_QUERY);
  const items = tickerItems(sortNewestFirst(datas?.cmsNewArticleList ?? []));
  const { position, isAnimated, pause, resume, onLoopEnd } = useTickerPosition(items.length);

  return (
    <section aria-label="产品动态" className="hz-ticker" onMouseEnter={pause} onMouseLeave={resume}>
      <div className="hz-ticker__label">
        <LightIcon icon={NotificationOutlined} />
        <span>产品动态</span>
      </div>
      <div className="hz-ticker__viewport" style={{ height: ROW_HEIGHT_PX }}>
        {items.length === 0 ? (
          <div className="hz-ticker__empty">{query.isLoading ? "正在加载…" : "暂无产品动态"}</div>
        ) : (
          <ul
            className="hz-ticker__list"
            onTransitionEnd={onLoopEnd}
            style={{ transform: `translateY(-${position * ROW_HEIGHT_PX}px)`, transition: isAnimated ? "transform 0.5s ease" : "none" }}
          >
            {items.map((article, index) => (
              <TickerRow key={`${article.articleId}-${index}`} article={article} />
            ))}
            {items.length > 1 && <TickerRow article={items[0]} isSeam />}
          </ul>
        )}
      </div>
      <Link to={navItem("activityProduct").path} className="hz-ticker__more">
        更多动态 <LightIcon icon={RightOutlined} />
      </Link>
    </section>
  );
}

function TickerRow({ article, isSeam = false }: { article: CmsArticleSummary; isSeam?: boolean }) {
  return (
    <li className="hz-ticker__row" style={{ height: ROW_HEIGHT_PX }} aria-hidden={isSeam || undefined}>
      <Link to={newsDetailPath(article.articleId)} tabIndex={isSeam ? -1 : undefined} className="hz-ticker__title">
        {article.title}
      </Link>
      <span className="hz-ticker__date">{article.time}</span>
    </li>
  );
}

/** Which row is in view: one step every TICKER_STEP_MS; after the seam row it jumps back to the first without animation. */
function useTickerPosition(count: number) {
  const [position, setPosition] = useState(0);
  const [isAnimated, setIsAnimated] = useState(true);
  const [isPaused, setIsPaused] = useState(false);

  useEffect(() => {
    if (count < 2 || isPaused) return;
    const timer = setInterval(() => {
      setIsAnimated(true);
      // A missed transitionend (a hidden tab) must not leave the list scrolled past its end.
      setPosition((current) => (current >= count ? 1 : current + 1));
    }, TICKER_STEP_MS);
    return () => clearInterval(timer);
  }, [count, isPaused]);

  const onLoopEnd = () => {
    if (position < count) return;
    setIsAnimated(false);
    setPosition(0);
  };
  return { position, isAnimated, pause: () => setIsPaused(true), resume: () => setIsPaused(false), onLoopEnd };
}
