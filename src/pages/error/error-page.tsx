import { Result } from "antd";
import { Link } from "react-router";
import { APP_PATHS } from "../../app/path-rules";

export const ERROR_PAGE_TEXT = {
  title: "404",
  subtitle: "抱歉，您访问的页面不存在或已被移除。",
  home: "返回首页",
  consoleHome: "返回运营后台首页",
  notaryHome: "返回公证申请列表",
} as const;

/**
 * The static error page for unmatched routes (spec §2). Inside the operator console or the notary
 * console it leads back to that console instead of the customers' home (their own catch-alls,
 * section-routes.tsx).
 */
export function ErrorPage({ home = APP_PATHS.home, homeLabel = ERROR_PAGE_TEXT.home }: { home?: string; homeLabel?: string }) {
  return (
    <Result
      status="404"
      title={ERROR_PAGE_TEXT.title}
      subTitle={ERROR_PAGE_TEXT.subtitle}
      extra={<Link to={home}>{homeLabel}</Link>}
    />
  );
}
